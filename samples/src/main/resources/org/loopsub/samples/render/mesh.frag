#version 430 core
in vec3 vNormal;
in vec3 vColour;
noperspective in vec3 vBary;

uniform vec3 lightDir;      // unit vector towards the light, world frame
uniform bool wireframe;
uniform float lineWidth;    // pixels
uniform vec3 lineColour;
uniform float lineOpacity; // below 1 lets the face colour show through dense wireframes

out vec4 fragColour;

void main() {
    vec3 n = normalize(vNormal);
    // two-sided: an open mesh shows its back faces, and they should not go black
    float lambert = abs(dot(n, lightDir));
    vec3 c = vColour * (0.45 + 0.55 * lambert);
    if (wireframe) {
        // distance to the nearest edge in pixels: barycentric coordinate over its screen derivative
        vec3 px = vBary / max(fwidth(vBary), vec3(1e-6));
        float d = min(px.x, min(px.y, px.z));
        // solid core of lineWidth, one pixel of ramp outside it, so lines stay clean without MSAA
        float a = 1.0 - clamp(d - 0.5 * lineWidth + 0.5, 0.0, 1.0);
        c = mix(c, lineColour, a * lineOpacity);
    }
    fragColour = vec4(c, 1.0);
}
