#!/usr/bin/env python3
"""Test vectors for nvlower's quad math reference (src/test/resources/quadmath/decimal-vectors.txt),
from Python's decimal module at 150 significant digits, rounded to binary128 (nearest even) exactly
through fractions: an independent check of QuadReference. Usage: decimal-vectors.py [N per function]."""
import math, random, sys
from decimal import Decimal, getcontext
from fractions import Fraction

getcontext().prec = 150
N = int(sys.argv[1]) if len(sys.argv) > 1 else 150
rnd = random.Random(23)

def to_fraction(bits):
    sign = -1 if bits >> 127 else 1
    field = (bits >> 112) & 0x7FFF
    frac = bits & ((1 << 112) - 1)
    if field == 0:
        return sign * Fraction(frac, 1 << 16494)
    m = frac | (1 << 112)
    e = field - 16495
    return sign * (Fraction(m) * 2**e if e >= 0 else Fraction(m, 1 << -e))

def round128(x):
    """Fraction -> binary128 bits, nearest even (finite results only)."""
    if x == 0:
        return 0
    sign = 1 << 127 if x < 0 else 0
    x = abs(x)
    e = x.numerator.bit_length() - x.denominator.bit_length()
    if Fraction(2)**e > x if e >= 0 else Fraction(1, 1 << -e) > x:
        e -= 1
    q = max(e - 112, -16494)  # quantum exponent
    scaled = x / (Fraction(2)**q if q >= 0 else Fraction(1, 1 << -q))
    n = scaled.numerator // scaled.denominator
    rest = scaled - n
    if rest > Fraction(1, 2) or rest == Fraction(1, 2) and n & 1:
        n += 1
    bits = ((q + 16494) << 112) + n if n >= (1 << 112) else n
    assert bits < (0x7FFF << 112), "overflow"
    return sign | bits

def dec(x):
    return Decimal(x.numerator) / Decimal(x.denominator)

LN2 = Decimal(2).ln()
LN10 = Decimal(10).ln()
FUNCS = {
    "exp": lambda d: d.exp(),
    "exp2": lambda d: (d * LN2).exp(),
    "expm1": lambda d: d.exp() - 1,
    "log": lambda d: d.ln(),
    "log2": lambda d: d.ln() / LN2,
    "log10": lambda d: d.ln() / LN10,
    "log1p": lambda d: (1 + d).ln(),
    "exp10": lambda d: Decimal(10) ** d,
}

def operand(name):
    while True:
        if name.startswith("exp"):
            e = rnd.choice([rnd.randint(-8, 13), rnd.randint(-60, 0)])
            x = Fraction(rnd.getrandbits(113) | (1 << 112), 1 << 112) * Fraction(2) ** e
            x = x if rnd.random() < 0.5 else -x
        elif name == "log1p":
            e = rnd.choice([rnd.randint(-60, 0), rnd.randint(-8, 40)])
            x = Fraction(rnd.getrandbits(113) | (1 << 112), 1 << 112) * Fraction(2) ** e
            x = x if rnd.random() < 0.7 or x >= 1 else -x
        else:
            e = rnd.choice([rnd.randint(-16000, 16000), rnd.randint(-3, 3)])
            x = Fraction(rnd.getrandbits(113) | (1 << 112), 1 << 112) * Fraction(2) ** e
        bits = round128(x)
        x = to_fraction(bits)
        if name.startswith("exp") and abs(x) > (4900 if name == "exp10" else 11000):
            continue
        return bits, x

for name, f in FUNCS.items():
    for _ in range(N):
        bits, x = operand(name)
        y = f(dec(x))
        print(name, "%032x" % bits, "%032x" % round128(Fraction(y)))

def pow_operands():
    """x in 2^[-20, 20] (negative with an integer y), y: an integer up to 200 or a real up to 2^8."""
    while True:
        x = Fraction(rnd.getrandbits(113) | (1 << 112), 1 << 112) * Fraction(2) ** rnd.randint(-20, 20)
        if rnd.random() < 0.3:
            y = Fraction(rnd.randint(-200, 200))
            x = -x if rnd.random() < 0.5 else x
        else:
            y = Fraction(rnd.getrandbits(113) | (1 << 112), 1 << 112) * Fraction(2) ** rnd.randint(-30, 7)
            y = -y if rnd.random() < 0.5 else y
        xb, yb = round128(x), round128(y)
        x, y = to_fraction(xb), to_fraction(yb)
        if y == 0 or abs(float(y) * math.log2(abs(float(x)))) > 16000:
            continue
        return xb, x, yb, y

for _ in range(N):
    xb, x, yb, y = pow_operands()
    r = dec(x) ** dec(y)
    print("pow", "%032x" % xb, "%032x" % yb, "%032x" % round128(Fraction(r)))

HYPERBOLIC = {
    "sinh": lambda d: (d.exp() - (-d).exp()) / 2,
    "cosh": lambda d: (d.exp() + (-d).exp()) / 2,
    "tanh": lambda d: (d.exp() - (-d).exp()) / (d.exp() + (-d).exp()),
}
for name, f in HYPERBOLIC.items():
    for _ in range(N):
        # |x| = 2^e m, e in [-60, 12] (tanh: [-60, 5]), either sign: tiny results keep x's precision
        e = rnd.choice([rnd.randint(-60, 0), rnd.randint(-3, 5 if name == "tanh" else 12)])
        x = Fraction(rnd.getrandbits(113) | (1 << 112), 1 << 112) * Fraction(2) ** e
        bits = round128(x if rnd.random() < 0.5 else -x)
        x = to_fraction(bits)
        if abs(x) > 11000:
            continue
        print(name, "%032x" % bits, "%032x" % round128(Fraction(f(dec(x)))))

