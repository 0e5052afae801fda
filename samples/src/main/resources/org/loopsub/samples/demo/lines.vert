// The sliver highlight (key L): the edges of T-junction slivers as lines. Slivers have no area, so a
// fill pass never shows them; drawn as GL_LINES through an index buffer that walks each triangle's
// three edges, with the frame's position buffer as the only attribute.
layout(location = 0) in vec3 position;

uniform mat4 modelView;
uniform mat4 projection;

void main() {
    gl_Position = projection * (modelView * vec4(position, 1.0));
}
