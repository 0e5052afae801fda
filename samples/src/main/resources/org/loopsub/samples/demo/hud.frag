in vec2 vUv;
in vec4 vColour;

uniform sampler2D font;   // one channel, 0 or 1 per font pixel

out vec4 fragColour;

void main() {
    // quads sit on whole pixels at whole scales, so each fragment falls inside one atlas texel: fetch
    // it, no filtering
    float coverage = vUv.x < 0.0 ? 1.0 : texelFetch(font, ivec2(floor(vUv)), 0).r;
    if (coverage == 0.0) {
        discard;
    }
    fragColour = vec4(vColour.rgb, vColour.a * coverage);
}
