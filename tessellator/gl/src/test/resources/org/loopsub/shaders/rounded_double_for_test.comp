// RoundedDoubleOnGpuTest: rounded_double.glsl's division and square root against Java's, from the
// driver's guesses and from guesses put off by a few ulps; the driver's own results and its fma
// beside them. A case is 11 doubles: a, b, x, the ulps to put the guesses off by, then the results.

layout(local_size_x = 64) in;

layout(std430, binding = BINDING_INDEX) buffer Cases { double cases[]; };
uniform uint uCount;

#include "rounded_double.glsl"

double off(double v, int ulps) {
    for (int i = 0; i < ulps; i++) {
        v = nextUp(v);
    }
    for (int i = 0; i < -ulps; i++) {
        v = nextDown(v);
    }
    return v;
}

void main() {
    uint c = gl_GlobalInvocationID.x;
    if (c >= uCount) {
        return;
    }
    uint o = 11u * c;
    double a = cases[o];
    double b = cases[o + 1u];
    double x = cases[o + 2u];
    int ulps = int(cases[o + 3u]);
    precise double q = a / b;
    precise double s = sqrt(x);
    cases[o + 4u] = q;
    cases[o + 5u] = divideRounded(a, b);
    cases[o + 6u] = divideCorrected(abs(a), b, off(abs(a) / b, ulps));
    cases[o + 7u] = s;
    cases[o + 8u] = sqrtRounded(x);
    cases[o + 9u] = sqrtCorrected(x, off(s, ulps));
    cases[o + 10u] = fma(a, b, -x);
}
