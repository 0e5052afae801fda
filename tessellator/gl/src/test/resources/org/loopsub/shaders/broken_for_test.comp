// Deliberately broken: ComputeProgramTest checks that the compile error surfaces as a ShaderException.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint outv[]; };
void main() {
    outv[gl_GlobalInvocationID.x] = undeclared_variable_for_test;
}
