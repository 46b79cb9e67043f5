#!/usr/bin/env python3
"""Test vectors for nvlower's reference of the inverse functions
(src/test/resources/quadmath/inverse-vectors.txt): mpmath at 500 bits, its result converted to a
fraction exactly and rounded to binary128 (nearest even) by decimal-vectors.py's round128: an
independent check of QuadInverseReference. Usage: mpmath-vectors.py [N per function]."""
import random, sys, importlib.util
from fractions import Fraction
import mpmath
from mpmath import mp, mpf

spec = importlib.util.spec_from_file_location("dv", __file__.replace("mpmath-vectors.py", "decimal-vectors.py"))
src = open(spec.origin).read().split("LN2 = ")[0]  # the helpers only, not the decimal run
dv = {}
exec(src.replace("N = int(sys.argv[1]) if len(sys.argv) > 1 else 150", "N = 0"), dv)
round128, to_fraction = dv["round128"], dv["to_fraction"]

mp.prec = 500
N = int(sys.argv[1]) if len(sys.argv) > 1 else 150
rnd = random.Random(2323)

def frac(v):
    sign, m, e, _ = mpmath.mpf(v)._mpf_
    return (-1) ** sign * Fraction(int(m)) * (Fraction(2) ** e if e >= 0 else Fraction(1, 1 << -e))

def operand(lo, hi, sign=True):
    e = rnd.randint(lo, hi)
    x = Fraction(rnd.getrandbits(113) | (1 << 112), 1 << 112) * Fraction(2) ** e
    if sign and rnd.random() < 0.5:
        x = -x
    b = round128(x)
    return b, to_fraction(b)

def mpv(x):
    return mpf(x.numerator) / x.denominator

def near_one(below=True):
    """1 - d (or 1 + d) with d = k 2^-113 .. 2^-10."""
    d = Fraction(rnd.getrandbits(rnd.randint(1, 100)) + 1, 1 << 113)
    b = round128(1 - d if below else 1 + d)
    return b, to_fraction(b)

UNARY = {
    "atanh": (mpmath.atanh, lambda: operand(-100, -1) if rnd.random() < 0.6 else near_one()),
    "asinh": (mpmath.asinh, lambda: operand(-100, 4) if rnd.random() < 0.7 else operand(5, 16000)),
    "acosh": (mpmath.acosh, lambda: operand(0, 8, False) if rnd.random() < 0.5 else near_one(False) if rnd.random() < 0.5 else operand(9, 16000, False)),
    "atan": (mpmath.atan, lambda: operand(-100, 4) if rnd.random() < 0.7 else operand(5, 16000)),
    "asin": (mpmath.asin, lambda: operand(-100, -1) if rnd.random() < 0.6 else near_one()),
    "acos": (mpmath.acos, lambda: operand(-100, -1) if rnd.random() < 0.6 else near_one()),
}
for name, (f, draw) in UNARY.items():
    for _ in range(N):
        b, x = draw()
        if name in ("atanh", "asin", "acos") and rnd.random() < 0.5:
            b, x = b ^ (1 << 127), -x
        print(name, "%032x" % b, "%032x" % round128(frac(f(mpv(x)))))

for _ in range(N):
    yb, y = operand(-60, 60)
    xb, x = operand(-60, 60) if rnd.random() < 0.8 else operand(-4000, 4000)
    print("atan2", "%032x" % yb, "%032x" % xb, "%032x" % round128(frac(mpmath.atan2(mpv(y), mpv(x)))))
