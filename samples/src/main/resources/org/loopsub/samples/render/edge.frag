#version 430 core
uniform vec3 edgeColour;

out vec4 fragColour;

void main() {
    fragColour = vec4(edgeColour, 1.0);
}
