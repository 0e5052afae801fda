#version 430 core
// Reads the tessellator's output buffers as they are: corner positions in the engine's internal
// frame (attribute 0) and the flat normals GpuRun.faceNormals() made (attribute 1).
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;

// projection * view * model, where model = translate(run.centre()) * scale(run.inverseScale())
// takes the internal frame to the user's; composed on the CPU in double precision
uniform mat4 modelViewProj;

flat out vec3 vNormal;

void main() {
    // the internal frame only translates and scales uniformly, so the normal needs no transform
    vNormal = normal;
    gl_Position = modelViewProj * vec4(position, 1.0);
}
