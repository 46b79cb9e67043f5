#!/usr/bin/env python3
"""Test vectors for nvlower's reference of erf and erfc (src/test/resources/quadmath/erf-vectors.txt):
mpmath at 800 bits (checked against 1,200 bits), its result converted to a fraction exactly and
rounded to binary128 (nearest even, subnormals included) by decimal-vectors.py's round128: an
independent check of QuadErfReference. Operands: every binade from 2^-16494 to 2^7 either sign,
[1/2, 12) densely, erfc's subnormal range (106.5 .. 107) and the neighbours of its underflow
threshold, and 3 and 10 (where the reference changes formula) with their neighbours.
Usage: erf-vectors.py [N per function]."""
import random, sys, importlib.util
from fractions import Fraction
import mpmath
from mpmath import mp, mpf

spec = importlib.util.spec_from_file_location("dv", __file__.replace("erf-vectors.py", "decimal-vectors.py"))
src = open(spec.origin).read().split("LN2 = ")[0]  # the helpers only, not the decimal run
dv = {}
exec(src.replace("N = int(sys.argv[1]) if len(sys.argv) > 1 else 150", "N = 0"), dv)
round128, to_fraction = dv["round128"], dv["to_fraction"]

N = int(sys.argv[1]) if len(sys.argv) > 1 else 250
rnd = random.Random(2329)

def frac(v):
    sign, m, e, _ = mpmath.mpf(v)._mpf_
    return (-1) ** sign * Fraction(int(m)) * (Fraction(2) ** e if e >= 0 else Fraction(1, 1 << -e))

def value(f, x):
    """f(x) rounded to binary128, from mpmath at 800 bits, the same at 1,200."""
    out = []
    for prec in (800, 1200):
        mp.prec = prec
        out.append(round128(frac(f(mpf(x.numerator) / x.denominator))))
    assert out[0] == out[1], x
    return out[0]

def random128(lo, hi):
    e = rnd.randint(lo, hi)
    return round128(Fraction(rnd.getrandbits(113) | (1 << 112), 1 << 112) * Fraction(2) ** e)

def draw(name, i):
    k = i % 10
    if k < 3:   # any binade, tiny to 2^7
        b = random128(-16494, 6) if rnd.random() < 0.2 else random128(-120, 6)
    elif k < 7:  # [1/2, 12)
        b = round128(Fraction(rnd.getrandbits(113), 1 << 113) * 23 / 2 + Fraction(1, 2))
    elif k < 8:  # a subnormal operand
        b = rnd.getrandbits(rnd.randint(1, 112))
    elif name == "erfc" and k < 10:  # subnormal results and the underflow threshold
        b = round128(Fraction(1065, 10) + Fraction(rnd.getrandbits(113), 1 << 113) / 2)
        if k == 9:
            b = round128(Fraction(1069, 10) + Fraction(rnd.getrandbits(113), 1 << 113) / 20)
    else:  # 3 and 10 and their neighbours
        b = round128(Fraction(rnd.choice((3, 10, 2, 4, 8, 1, 107)))) + rnd.randint(-3, 3)
    if rnd.random() < (0.4 if name == "erfc" and k >= 8 else 0.5) and not (name == "erfc" and k >= 8 and k < 10):
        b ^= 1 << 127
    return b

for name, f in (("erf", mpmath.erf), ("erfc", mpmath.erfc)):
    for i in range(N):
        b = draw(name, i)
        print(name, "%032x" % b, "%032x" % value(f, to_fraction(b)))
