#!/usr/bin/env python3
"""lgamma's negative zeros and its Taylor coefficients there, for QuadGammaBodies' local
expansion (src/main/resources/org/nvlower/llvm/runtime/lgamma-zeros.txt).

In (-n - 1, -n), n >= 2, log|Gamma| has two zeros x0: one in each half (checked below). Next to
them the reflection's terms cancel, so the bodies evaluate lgamma(x0 + d) = sum_{k=1..K} c_k d^k,
c_k = psi^(k-1)(x0) / k!, for |lgamma| < 2^-TAU_BITS (|d| <= R = 2^-TAU_BITS / |c_1|).

mpmath at PREC bits (the zeros by Newton from 1/n! off the poles; the coefficients by polygamma),
recomputed at 2 PREC: the script stops unless both agree to 2^-(OUT_BITS + 8) relative (x0) and
2^-(COEF_BITS + 8) (c_k). Each number is written exactly as a binary fraction "m:e" (value =
m 2^e, m a hex integer of at most OUT_BITS bits for x0, COEF_BITS for c_k); the Java side splits
it into binary128 parts (x0 into three, c_k into two). K is the smallest count
whose tail (the terms K + 1 .. K + 12 at |d| = R, summed in absolute value) stays below 2^-250
of 2^-TAU_BITS, the same K for all zeros (the largest needed).

Usage: lgamma-zeros.py [NMAX] > src/main/resources/org/nvlower/llvm/runtime/lgamma-zeros.txt
(zeros in (-NMAX - 1, -2); default 40; about 1 minute of CPU)."""
import sys
import mpmath
from mpmath import mp, mpf

NMAX = int(sys.argv[1]) if len(sys.argv) > 1 else 40
TAU_BITS = 12
PREC = 640
OUT_BITS = 400
COEF_BITS = 256
KMAX = 40

def lg(x):
    return mpmath.loggamma(x).real

def zero(n, near):
    """The zero of lgamma in (-n - 1, -n) next to the pole -near (near = n or n + 1)."""
    s = mpf(1) / mpmath.factorial(near)  # Gamma(-near + t) ~ (-1)^near / (near! t)
    x = -near - s if near == n else -near + s
    if n == 2:
        x = mpf(-2.457) if near == 2 else mpf(-2.747)
    for _ in range(400):
        dx = lg(x) / mpmath.psi(0, x)
        x -= dx
        if abs(dx) < abs(x) * mpf(2) ** (-mp.prec + 20):
            break
    assert -n - 1 < x < -n, (n, near, x)
    return x

def coefficients(x0):
    return [mpmath.psi(k - 1, x0) / mpmath.factorial(k) for k in range(1, KMAX + 1)]

def table(prec):
    with mp.workprec(prec):
        rows = []
        for n in range(2, NMAX + 1):
            for near in (n, n + 1):
                x0 = zero(n, near)
                rows.append((n, x0, coefficients(x0)))
            print(f"prec {prec}: n = {n}", file=sys.stderr, flush=True)
        return rows

def exact(v, bits):
    """v rounded to bits bits as "m:e" (v = m 2^e, m in hex)."""
    with mp.workprec(bits):
        sign, m, e, _ = (+v)._mpf_
        return "%x:%d" % ((-1) ** sign * int(m), e)

def close(a, b, bits):
    return abs(a - b) <= abs(a) * mpf(2) ** -bits

lo, hi = table(PREC), table(2 * PREC)
mp.prec = 2 * PREC
tau = mpf(2) ** -TAU_BITS
need = 1
for (n, x0, c), (_, y0, d) in zip(lo, hi):
    assert close(y0, x0, OUT_BITS + 8) and all(close(v, w, COEF_BITS + 8) for v, w in zip(c, d)), n
    assert abs(lg(y0) / d[0]) < abs(y0) * mpf(2) ** -(2 * PREC - 60), n  # a zero: Newton's next step is below 2^-1220 |x0|
    r = tau / abs(d[0])
    half = -n - mpf(1) / 2
    assert (x0 - r > half) if x0 > half else (x0 + r < half), n  # each interval on one side of -n - 1/2
    for k in range(1, KMAX - 12):
        tail = sum(abs(d[j]) * r ** (j + 1) for j in range(k, k + 12))
        if tail < tau * mpf(2) ** -250:
            need = max(need, k)
            break
    else:
        raise SystemExit(f"zero near {n}: the series needs more than {KMAX - 12} terms")

print(f"# lgamma's negative zeros in (-{NMAX + 1}, -2), from bench/quad-math/lgamma-zeros.py {NMAX}")
print(f"# per line: n, x0 ({OUT_BITS} bits), then c_1 .. c_{need} ({COEF_BITS} bits; lgamma(x0 + d) = sum c_k d^k), each as m:e (m 2^e, m in hex)")
print(f"# tau 2^-{TAU_BITS} terms {need}")
for n, x0, c in hi:
    fields = [str(n), exact(x0, OUT_BITS)] + [exact(v, COEF_BITS) for v in c[:need]]
    print(" ".join(fields))
