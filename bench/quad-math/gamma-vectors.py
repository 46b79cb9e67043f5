#!/usr/bin/env python3
"""Test vectors for nvlower's lgamma/tgamma reference (src/test/resources/quadmath/gamma-vectors.txt):
mpmath's loggamma (its real part: log|Gamma| for x < 0) and gamma, at 1,000 bits and again at
2,000 (4,000, ... until the two round alike, Ziv's test on mpmath's side), converted to a fraction
exactly and rounded to binary128 (nearest even) by decimal-vectors.py's round128: an independent
check of QuadGammaReference. Operands: random binary128 in [2^-30, 2^11) and in (-2^11, 0), tiny
ones down to the subnormals, huge ones for lgamma (the overflow threshold near 2^16370.5),
tgamma's overflow threshold (1755.45) and underflow (-1775 ..), the neighbours of 1 and 2, of
lgamma's negative zeros and of the poles, integers, and the special values.
Usage: gamma-vectors.py [N random per function]."""
import random, sys, importlib.util
from fractions import Fraction
import mpmath
from mpmath import mp, mpf

spec = importlib.util.spec_from_file_location("dv", __file__.replace("gamma-vectors.py", "decimal-vectors.py"))
src = open(spec.origin).read().split("LN2 = ")[0]  # the helpers only, not the decimal run
dv = {}
exec(src.replace("N = int(sys.argv[1]) if len(sys.argv) > 1 else 150", "N = 0"), dv)
_round128, to_fraction = dv["round128"], dv["to_fraction"]

N = int(sys.argv[1]) if len(sys.argv) > 1 else 150
rnd = random.Random(2323)
INF = 0x7FFF << 112
NAN = (1 << 127) - 1  # nvlower's canonical NaN: 7fff ffff ... ffff
OVER = Fraction(2) ** 16384 - Fraction(2) ** (16383 - 113)  # max + half an ulp: rounds to inf

def round128(x):
    if abs(x) >= OVER:
        return INF | (1 << 127 if x < 0 else 0)
    return _round128(x)

def frac(v):
    sign, m, e, _ = mpmath.mpf(v)._mpf_
    return (-1) ** sign * Fraction(int(m)) * (Fraction(2) ** e if e >= 0 else Fraction(1, 1 << -e))

def mpv(x):
    return mpf(x.numerator) / x.denominator

def value(f, x):
    """f(x) rounded to binary128, decided when two precisions agree."""
    prec, last = 1000, None
    while True:
        with mp.workprec(prec):
            r = round128(frac(f(mpv(x))))
        if r == last:
            return r
        last, prec = r, prec * 2

def lgamma(x):
    return mpmath.loggamma(x).real

def bits_of(x):
    return round128(x)

def rand_in(lo, hi, negative=False):
    e = rnd.randint(lo, hi)
    x = Fraction(rnd.getrandbits(113) | (1 << 112), 1 << 112) * (Fraction(2) ** e if e >= 0 else Fraction(1, 1 << -e))
    return bits_of(-x if negative else x)

def neighbours(x, k):
    b = bits_of(x)
    return (b + rnd.randint(-k, k)) if x > 0 else (b + rnd.randint(-k, k))  # the magnitude's neighbours, sign kept

def uniform(lo, hi):
    return bits_of(Fraction(rnd.randint(0, 1 << 60), 1 << 60) * (hi - lo) + lo)

mp.prec = 300
ZEROS = []  # lgamma's negative zeros in (-n - 1, -n), n = 2 .. 7
for n in range(2, 8):
    for guess in (-n - 0.5 + 0.49, -n - 1 + 0.01, -n - 0.01, -n - 0.4, -n - 0.6):
        try:
            z = mpmath.findroot(lambda t: lgamma(t), mpf(guess))
        except Exception:
            continue
        if -n - 1 < z < -n and all(abs(z - y) > 1e-30 for y in ZEROS):
            ZEROS.append(z)

def draw_common(i, lgam):
    k = i % 10
    if k <= 2:
        return rand_in(-30, 10)
    if k <= 4:
        b = rand_in(-30, 10, True)
        return b
    if k == 5:
        return rand_in(-16494 if rnd.random() < 0.5 else -200, -31, rnd.random() < 0.5)
    if k == 6:  # next to 1 or 2
        c = rnd.choice([1, 2])
        d = rnd.getrandbits(rnd.randint(1, 100)) + 1
        return bits_of(c + rnd.choice([-1, 1]) * Fraction(d, 1 << (113 if c == 1 else 112)))
    if k == 7:  # next to a pole -n
        n = rnd.randint(1, 1 << rnd.randint(1, 20))
        return bits_of(Fraction(-n)) + rnd.randint(1, 4) * rnd.choice([-1, 1])
    if k == 8:
        if lgam:
            z = rnd.choice(ZEROS)
            return bits_of(frac(z)) + rnd.randint(-3, 3)
        return uniform(Fraction(1755), Fraction(1756)) if rnd.random() < 0.5 else bits_of(-to_fraction(uniform(Fraction(1750), Fraction(1800))))
    if lgam:
        return rand_in(11, 16383) if rnd.random() < 0.7 else bits_of(Fraction(rnd.getrandbits(113) | (1 << 112), 1 << 112) * Fraction(2) ** 16369)
    return rand_in(0, 10) 

SPECIAL = [0, 1 << 127, INF, INF | (1 << 127), NAN, bits_of(Fraction(1)), bits_of(Fraction(2)), bits_of(Fraction(-1)),
           bits_of(Fraction(-2)), bits_of(Fraction(-3)), bits_of(Fraction(1755)), bits_of(Fraction(1756)), bits_of(Fraction(-1800)),
           1, (1 << 127) | 1, bits_of(Fraction(1, 2)), bits_of(Fraction(-1, 2)), bits_of(Fraction(3, 2)), bits_of(Fraction(-2) ** 112),
           bits_of(Fraction(2) ** 16383), (0x7FFE << 112) | ((1 << 112) - 1), bits_of(Fraction(1, 1 << 16384)), bits_of(Fraction(1, 1 << 16383))]
SPECIAL += [bits_of(Fraction(n)) for n in range(3, 41)] + [bits_of(Fraction(n)) for n in (100, 170, 171, 1000, 1754)]

def result(name, b):
    x = to_fraction(b) if (b & ~(1 << 127)) < INF else None
    neg = b >> 127
    if name == "tgamma":
        if b & ~(1 << 127) > INF or b == INF | (1 << 127):
            return NAN
        if b == INF:
            return INF
        if x == 0:
            return INF | (neg << 127)
        if x < 0 and x.denominator == 1:
            return NAN
        if x > 1800:  # Gamma(1800) > 2^16384 already: mpmath would compute a huge number to round it to inf
            return INF
        if x < -1800:  # |Gamma(x)| < pi / 1800! < 2^-16000: below the subnormals, sign (-1)^ceil(-x)
            return (1 << 127) if (-x).numerator // (-x).denominator % 2 == 0 else 0
        return value(mpmath.gamma, x)
    if b & ~(1 << 127) > INF:
        return NAN
    if x is None or x == 0 or (x < 0 and x.denominator == 1):
        return INF
    if x == 1 or x == 2:
        return 0
    return value(lgamma, x)

for name in ("tgamma", "lgamma"):
    cases = SPECIAL + [draw_common(i, name == "lgamma") for i in range(N)]
    for b in cases:
        print(name, "%032x" % b, "%032x" % result(name, b))
