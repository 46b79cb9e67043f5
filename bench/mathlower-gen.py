#!/usr/bin/env python3
"""Writes a gpu.module with N math operations for bench/mathlower-peers.

usage: mathlower-gen.py N VERSION OUT   (VERSION 14 or 19: the MLIR spelling)

Only the rows mlir-opt VERSION lowers to libdevice calls (docs/mlir.md), on f32 and f64
alternately, in functions of 1,000 operations each; every operation uses the previous result
(binary ones also an argument), and each function returns its last value, so that nothing is
dead code for the peer to drop.
"""
import sys

n, version, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
unary14 = ["math.abs", "math.atan", "math.ceil", "math.cos", "math.exp", "math.exp2", "math.expm1", "math.floor",
           "math.log", "math.log10", "math.log1p", "math.log2", "math.rsqrt", "math.sin", "math.sqrt", "math.tanh"]
binary14 = ["math.atan2", "math.powf"]
if version == "14":
    unary, binary, func = unary14, binary14, "builtin.func"
else:
    unary = ["math.absf" if u == "math.abs" else u for u in unary14] + ["math.cbrt", "math.erf", "math.tan"]
    binary, func = binary14 + ["arith.remf"], "func.func"
ops = [(u, 1) for u in unary] + [(b, 2) for b in binary]
per_func = 1000
with open(out, "w") as f:
    f.write("module attributes {gpu.container_module} {\n  gpu.module @bench {\n")
    k = 0
    fn = 0
    while k < n:
        t = "f32" if fn % 2 == 0 else "f64"
        f.write(f"    {func} @f{fn}(%x: {t}, %y: {t}) -> {t} {{\n")
        prev = "%x"
        count = min(per_func, n - k)
        for i in range(count):
            name, arity = ops[(k + i) % len(ops)]
            args = prev if arity == 1 else f"{prev}, %y"
            f.write(f"      %v{i} = {name} {args} : {t}\n")
            prev = f"%v{i}"
        f.write(f"      return {prev} : {t}\n    }}\n")
        k += count
        fn += 1
    f.write("  }\n}\n")
