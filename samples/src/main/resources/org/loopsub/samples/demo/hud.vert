// The HUD: screen-aligned quads in pixels from the top-left corner, textured from the font atlas
// (uv in atlas texels) or solid (uv.x < 0).
layout(location = 0) in vec2 pixel;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 colour;

uniform vec2 viewport;   // framebuffer size in pixels

out vec2 vUv;
out vec4 vColour;

void main() {
    vUv = uv;
    vColour = colour;
    gl_Position = vec4(pixel.x / viewport.x * 2.0 - 1.0, 1.0 - pixel.y / viewport.y * 2.0, 0.0, 1.0);
}
