// Division and square root of doubles rounded as Java rounds them (to nearest, ties to even), for the
// shaders whose Java twin divides or takes a square root in double (loop_cage, LoopRules.limit). GLSL
// promises correct rounding for +, - and * only: a driver's division and sqrt may be off by an ulp
// (NVIDIA builds both from a reciprocal estimate and Newton steps). So each takes the driver's result
// as a first guess and corrects it by the sign of exact remainders, m - q b and x - s s.
//
// The remainders are exact without a fused multiply-add, which GLSL does not promise either (fma()
// is "a single operation" only as far as precision goes, and llvmpipe computes a double fma as a
// product and a sum: RoundedDoubleOnGpuTest saw it): Dekker's product splits each factor into halves
// of 26 bits whose products are exact, so a b = p + e exactly with p the rounded product; c - p is
// exact where p is within a factor of two of c (Sterbenz), which it is for a guess within a few ulps;
// and (c - p) - e is rounded once, so it has the sign of the exact c - a b, and is that remainder
// exactly where the remainder is a double (it is for a quotient or square root within an ulp). All
// of it under precise: no contraction into an fma, no reassociation. Neither a quotient nor a square
// root of doubles can fall exactly halfway between two doubles, so no tie is left to break. For
// positive, finite, normal operands and results far from overflow and underflow, which the callers
// pass (coordinates of the internal frame, within [-1, 1] and no nearer 0 than a float's smallest
// normal).

// The double after x and the one before it, for x > 0: the bits of positive doubles order like their values.
double nextUp(double x) {
    uvec2 b = unpackDouble2x32(x);
    b.x += 1u;
    b.y += b.x == 0u ? 1u : 0u;
    return packDouble2x32(b);
}

double nextDown(double x) {
    uvec2 b = unpackDouble2x32(x);
    b.y -= b.x == 0u ? 1u : 0u;
    b.x -= 1u;
    return packDouble2x32(b);
}

// c - a b rounded once (so with its exact sign, and exact where it is a double), for a b within a
// factor of two of c: Dekker's two-product, a b = p + e.
double residual(double c, double a, double b) {
    precise double p = a * b;
    // Veltkamp's split by DEKKER_SPLIT, 2^27 + 1: hi has 26 bits, lo the rest, hi + lo = a exactly
    precise double ta = DEKKER_SPLIT * a;
    precise double ah = ta - (ta - a);
    precise double al = a - ah;
    precise double tb = DEKKER_SPLIT * b;
    precise double bh = tb - (tb - b);
    precise double bl = b - bh;
    precise double e = al * bl - (((p - ah * bh) - al * bh) - ah * bl);
    precise double d = c - p;
    precise double r = d - e;
    return r;
}

// m / b rounded to nearest, for m > 0 and b > 0, from a first guess q within four ulps of it.
double divideCorrected(double m, double b, double q) {
    // q rounded down: step down while q b > m, up while the next double's product is still <= m
    for (int i = 0; i < 4 && residual(m, q, b) < 0.0lf; i++) {
        q = nextDown(q);
    }
    for (int i = 0; i < 4 && residual(m, nextUp(q), b) >= 0.0lf; i++) {
        q = nextUp(q);
    }
    // to nearest: m / b lies nearer the double above when its remainder (<= 0) is smaller in size than
    // q's (>= 0); both remainders are exact, and their sum is rounded once
    double up = nextUp(q);
    precise double sum = residual(m, q, b) + residual(m, up, b);
    return sum > 0.0lf ? up : q;
}

// a / b rounded to nearest, for b > 0 (a of either sign, or zero): the driver's quotient, corrected.
double divideRounded(double a, double b) {
    if (a == 0.0lf) {
        return a;  // +-0 / b is a itself
    }
    precise double m = abs(a);
    precise double guess = m / b;
    double q = divideCorrected(m, b, guess);
    return a < 0.0lf ? -q : q;
}

// sqrt(x) rounded to nearest, for x > 0, from a first guess s within four ulps of it.
double sqrtCorrected(double x, double s) {
    for (int i = 0; i < 4 && residual(x, s, s) < 0.0lf; i++) {
        s = nextDown(s);
    }
    for (int i = 0; i < 4 && residual(x, nextUp(s), nextUp(s)) >= 0.0lf; i++) {
        s = nextUp(s);
    }
    // to nearest: up when sqrt(x) lies above the midpoint m = (s + up) / 2, that is when x > m^2 =
    // s up + ulp^2 / 4. With s = S 2^e (S of 53 bits), x and s up are both whole multiples of 2^2e, so
    // x - s up exceeds ulp^2 / 4 = 2^(2e - 2) exactly when it is positive
    double up = nextUp(s);
    return residual(x, s, up) > 0.0lf ? up : s;
}

// sqrt(x) rounded to nearest, for x >= 0: the driver's square root, corrected.
double sqrtRounded(double x) {
    if (x == 0.0lf) {
        return x;
    }
    precise double guess = sqrt(x);
    return sqrtCorrected(x, guess);
}
