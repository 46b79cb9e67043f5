#!/usr/bin/env python3
"""Test vectors for nvlower's sin/cos/tan reference (src/test/resources/quadmath/trig-vectors.txt),
from mpmath (its own pi and argument reduction, at 33,000 bits so that even |x| near 2^16384 keeps
hundreds of bits after the reduction), rounded to binary128 (nearest even) exactly through
fractions: an independent check of QuadTrigReference. Operands: random binary128 in every binade
(2^-16494 .. 2^16383, either sign), and near the multiples k pi/2 (k up to 2^40) both sides.
Usage: trig-vectors.py [N per function]."""
import random, sys
from fractions import Fraction
import mpmath
from mpmath import mp, mpf

sys.path.insert(0, __import__("os").path.dirname(__file__))
mp.prec = 33000
N = int(sys.argv[1]) if len(sys.argv) > 1 else 200
rnd = random.Random(2323)

# the exact rounding helpers of decimal-vectors.py (one definition, imported as a module)
import importlib.util
spec = importlib.util.spec_from_file_location("dv", __import__("os").path.join(__import__("os").path.dirname(__file__), "decimal-vectors.py"))
src = open(spec.origin).read().split("LN2 = ")[0]  # the helpers only, not the vector printing
dv = {}
exec(src, dv)
to_fraction, round128 = dv["to_fraction"], dv["round128"]

def frac(y):
    sign, m, e, _ = y._mpf_  # man_exp drops the sign
    return (-1) ** sign * Fraction(m) * Fraction(2) ** e

def operand(i):
    if i % 3 == 2:  # near k pi/2: round k pi/2 to binary128, then a neighbour a few ulps away
        k = rnd.randint(1, 1 << rnd.randint(1, 40))
        bits = round128(frac(mpmath.mpf(k) * mp.pi / 2)) + rnd.randint(-3, 3)
    else:
        e = rnd.choice([rnd.randint(-16494, 16383), rnd.randint(-70, 3), rnd.randint(0, 120)])
        x = Fraction(rnd.getrandbits(113) | (1 << 112), 1 << 112) * Fraction(2) ** e
        bits = round128(x) if x < Fraction(2) ** 16384 else round128(Fraction(2) ** 16383)
    return bits | (1 << 127 if rnd.random() < 0.5 else 0)

for name, f in (("sin", mpmath.sin), ("cos", mpmath.cos), ("tan", mpmath.tan)):
    for i in range(N):
        bits = operand(i)
        x = to_fraction(bits)
        y = f(mpf(x.numerator) / mpf(x.denominator))
        print(name, "%032x" % bits, "%032x" % round128(frac(y)))
