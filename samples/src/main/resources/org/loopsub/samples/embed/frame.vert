#version 430 core
// Reads a GpuFrame's buffers as they are: non-indexed triangles, 3 floats per vertex in each.
layout(location = 0) in vec3 position;   // GpuFrame.positionBuffer(): the mesh's internal frame
layout(location = 1) in vec3 normal;     // GpuFrame.normalBuffer(): unit and smooth; zero on padding

uniform mat4 modelView;    // view * GpuFrame.modelMatrix, composed in double on the CPU
uniform mat4 projection;

out vec3 vNormal;          // view space, not normalised

void main() {
    // the model matrix only translates and scales uniformly, and the view is rigid: the upper 3x3
    // keeps a normal's direction, and the fragment shader normalises it
    vNormal = mat3(modelView) * normal;
    gl_Position = projection * (modelView * vec4(position, 1.0));
}
