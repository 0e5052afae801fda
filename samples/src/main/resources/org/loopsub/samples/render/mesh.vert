#version 430 core
// Fill pass. Triangles arrive unrolled (three vertices each, no index buffer), so gl_VertexID % 3
// names the corner and gives the barycentric coordinate the fragment shader draws the wireframe from.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 colour;

uniform mat4 viewProj;

out vec3 vNormal;
out vec3 vColour;
noperspective out vec3 vBary;

void main() {
    vec3 corner = vec3(0.0);
    corner[gl_VertexID % 3] = 1.0;
    // noperspective: the line width is measured in screen pixels, so interpolate in screen space
    vBary = corner;
    vNormal = normal;
    vColour = colour;
    gl_Position = viewProj * vec4(position, 1.0);
}
