#version 430 core
// Sliver pass: one line per zero-area output face, along its long edge (a, b).
layout(location = 0) in vec3 position;

uniform mat4 viewProj;

void main() {
    gl_Position = viewProj * vec4(position, 1.0);
}
