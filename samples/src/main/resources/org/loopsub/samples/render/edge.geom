#version 430 core
// Core profiles need not draw lines wider than one pixel, so widen each line into a screen-aligned quad.
layout(lines) in;
layout(triangle_strip, max_vertices = 4) out;

uniform vec2 viewport;      // pixels
uniform float lineWidth;    // pixels

void main() {
    vec4 p0 = gl_in[0].gl_Position;
    vec4 p1 = gl_in[1].gl_Position;
    vec2 s0 = p0.xy / p0.w * viewport;
    vec2 s1 = p1.xy / p1.w * viewport;
    vec2 dir = s1 - s0;
    float len = length(dir);
    dir = len > 0.0 ? dir / len : vec2(1.0, 0.0);
    // NDC spans two units over the viewport, hence half the width per side times 2 / viewport
    vec2 off = vec2(-dir.y, dir.x) * lineWidth / viewport;
    gl_Position = vec4(p0.xy + off * p0.w, p0.zw); EmitVertex();
    gl_Position = vec4(p0.xy - off * p0.w, p0.zw); EmitVertex();
    gl_Position = vec4(p1.xy + off * p1.w, p1.zw); EmitVertex();
    gl_Position = vec4(p1.xy - off * p1.w, p1.zw); EmitVertex();
    EndPrimitive();
}
