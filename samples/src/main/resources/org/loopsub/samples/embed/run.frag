#version 430 core
flat in vec3 vNormal;

uniform vec3 lightDir;   // unit vector towards the light, user frame
uniform vec3 colour;

out vec4 fragColour;

void main() {
    // slivers carry a zero normal; they cover (almost) no pixels, but must not shade to NaN
    float len = length(vNormal);
    // two-sided: open meshes show their back faces
    float lambert = len > 0.0 ? abs(dot(vNormal / len, lightDir)) : 0.0;
    fragColour = vec4(colour * (0.4 + 0.6 * lambert), 1.0);
}
