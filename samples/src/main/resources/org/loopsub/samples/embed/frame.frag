#version 430 core
in vec3 vNormal;

uniform vec3 colour;

out vec4 fragColour;

// a light above and to the left of the eye, in view space: it moves with the camera
const vec3 LIGHT = normalize(vec3(-0.4, 0.5, 1.0));

void main() {
    // padding triangles carry zero normals (and cover no pixels); never divide by a zero length
    float len = length(vNormal);
    // two-sided: an open mesh shows its back faces
    float lambert = len > 0.0 ? abs(dot(vNormal / len, LIGHT)) : 0.0;
    fragColour = vec4(colour * (0.3 + 0.7 * lambert), 1.0);
}
