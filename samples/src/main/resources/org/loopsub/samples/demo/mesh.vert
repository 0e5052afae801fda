// The demo's fill pass, drawn straight from a GpuFrame's buffers with glDrawArraysIndirect.
// Prepended by ShaderProgram: #version, MAX_BLOCKS (size of the block table), LEVELS (palette size).
// Triangles arrive unrolled (vertex i is corner i % 3 of triangle i / 3, no index buffer), so
// gl_VertexID names both the corner (for the wireframe's barycentric coordinates) and the triangle
// (for its level, looked up in the frame's blocks).
layout(location = 0) in vec3 position;   // the engine's internal frame
layout(location = 1) in vec3 normal;     // unit, or zero for padding triangles
layout(location = 2) in vec2 uv;         // (u, v) of the corner in its face; a constant when the mesh has none

uniform mat4 modelView;     // view * GpuFrame.modelMatrix, composed in double on the CPU
uniform mat4 projection;
uniform bool levelColours;
uniform vec3 baseColour;
// per block, in output order: x = the triangle after its last, y = its level (slivers share their
// level's colour here: they have no area; the lines pass highlights them)
uniform int blockCount;
uniform ivec2 blocks[MAX_BLOCKS];
uniform vec3 palette[LEVELS];

out vec3 vNormal;        // view space
out vec3 vViewPos;
out vec3 vColour;
out vec2 vUv;
noperspective out vec3 vBary;   // in screen space: the wireframe is measured in pixels

vec3 levelColour(int triangle) {
    // first block that ends after the triangle; padding between blocks takes the next block's colour
    int lo = 0;
    int hi = blockCount - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (blocks[mid].x > triangle) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    return palette[clamp(blocks[lo].y, 0, LEVELS - 1)];
}

void main() {
    vec3 corner = vec3(0.0);
    corner[gl_VertexID % 3] = 1.0;
    vBary = corner;
    vec4 p = modelView * vec4(position, 1.0);
    vViewPos = p.xyz;
    // the model matrix scales uniformly and the view is rigid: the upper 3x3 keeps directions,
    // up to a scale the fragment shader normalises away
    vNormal = mat3(modelView) * normal;
    vColour = levelColours && blockCount > 0 ? levelColour(gl_VertexID / 3) : baseColour;
    vUv = uv;
    gl_Position = projection * p;
}
