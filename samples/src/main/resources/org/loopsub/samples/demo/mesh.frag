in vec3 vNormal;
in vec3 vViewPos;
in vec3 vColour;
in vec2 vUv;
noperspective in vec3 vBary;

uniform bool wireframe;
uniform vec3 lineColour;
uniform int checker;       // squares per unit of uv; 0: no texture

out vec4 fragColour;

// a key light above and left of the viewer, fixed to the camera so the lit side follows the orbit
const vec3 LIGHT = normalize(vec3(-0.45, 0.55, 0.70));

void main() {
    float len = length(vNormal);
    vec3 n = len > 0.0 ? vNormal / len : vec3(0.0, 0.0, 1.0);
    vec3 v = normalize(-vViewPos);
    // two-sided: an open mesh shows its inside, and that should not go black. The rasteriser's
    // facing alone does not say so: a sliver stands edge-on and shows either side by rounding, with
    // the surface's normals beside it (a flip there made dark specks), and a front face near a
    // silhouette may carry a normal turned a little away. Flip only where both say "back".
    if (!gl_FrontFacing && dot(n, v) < 0.0) {
        n = -n;
    }
    float diffuse = max(dot(n, LIGHT), 0.0);
    // a little light from the viewer's side too, so the faces turned from the key light keep a shape
    float fill = 0.25 * max(dot(n, v), 0.0);
    float specular = pow(max(dot(n, normalize(LIGHT + v)), 0.0), 48.0);
    vec3 albedo = vColour;
    if (checker > 0) {
        // a checker texture from the carried uvs: squares of 1/checker in u and v
        ivec2 cell = ivec2(floor(vUv * float(checker)));
        albedo = ((cell.x + cell.y) & 1) == 0 ? vec3(0.93, 0.93, 0.90) : vec3(0.20, 0.36, 0.62);
    }
    vec3 c = albedo * (0.18 + 0.72 * diffuse + fill) + vec3(0.22 * specular);
    if (wireframe) {
        // distance to the nearest edge in pixels: barycentric coordinate over its screen derivative;
        // a one-pixel core and a one-pixel ramp, so lines stay clean without multisampling
        vec3 px = vBary / max(fwidth(vBary), vec3(1e-6));
        float d = min(px.x, min(px.y, px.z));
        float a = 1.0 - clamp(d - 0.5, 0.0, 1.0);
        c = mix(c, lineColour, 0.85 * a);
    }
    fragColour = vec4(c, 1.0);
}
