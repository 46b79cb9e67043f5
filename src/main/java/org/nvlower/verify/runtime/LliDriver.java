package org.nvlower.verify.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantString;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.IrBuilder;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;

import org.nvlower.llvm.runtime.ValueType;
import org.nvlower.llvm.runtime.RuntimeFunction;
import org.nvlower.llvm.runtime.RuntimeLibrary;
/**
 * A program that runs the runtime bodies under {@code lli}, LLVM's own execution engine: the
 * bodies (fp128 carried as i128) and a {@code main} that calls each function on its cases (kept as
 * constant arrays of operand words) and prints each result as two hex words, {@code hi lo}, one
 * line per case in order. Comparing those lines with softfloat is the caller's job
 * ({@link #mismatches}); typed pointers, so that LLVM 14's lli reads it.
 */
public final class LliDriver {

    private LliDriver() {
    }

    /** The driver module for {@code cases}: per function, the operand word lists (table order). */
    public static Module build(Map<RuntimeFunction, List<long[]>> cases) {
        Module m = RuntimeLibrary.build(cases.keySet(), true, null, null);
        m.setOpaquePointers(false);
        IntegerType i8 = IntegerType.I8;
        IntegerType i32 = IntegerType.I32;
        IntegerType i64 = IntegerType.I64;
        IntegerType i128 = IntegerType.I128;
        PointerType bytePtr = PointerType.to(i8, 0);
        Function printf = m.addFunction("printf", new FunctionType(i32, List.of(bytePtr), true));
        String text = "%016llx %016llx\\0A\\00";
        ArrayType fmtType = new ArrayType(17, i8);
        GlobalVariable fmt = m.addGlobalVariable("fmt", fmtType, true, new ConstantString(fmtType, text),
                Linkage.PRIVATE, 0);
        Constant fmtPtr = Constants.gep(m, fmtType, fmt, List.of(Constants.i64(0), Constants.i64(0)), true);
        Function main = m.addFunction("main", new FunctionType(i32, List.of(), false));
        IrBuilder b = IrBuilder.atEnd(m, main.appendBlock("entry"));
        for (Map.Entry<RuntimeFunction, List<long[]>> e : cases.entrySet()) {
            RuntimeFunction f = e.getKey();
            List<long[]> list = e.getValue();
            if (list.isEmpty()) {
                continue;
            }
            int words = f.operandWords();
            List<Constant> flat = new ArrayList<>();
            for (long[] ops : list) {
                for (long w : ops) {
                    flat.add(Constants.i64(w));
                }
            }
            ArrayType tableType = new ArrayType(flat.size(), i64);
            GlobalVariable table = m.addGlobalVariable("cases." + f.symbol(), tableType, true,
                    new ConstantAggregate(tableType, flat), Linkage.PRIVATE, 0);
            Function callee = m.function(f.symbol()).orElseThrow();
            BasicBlock before = b.block();
            BasicBlock loop = main.appendBlock(f.symbol() + ".loop");
            BasicBlock next = main.appendBlock(f.symbol() + ".next");
            b.br(loop);
            b.positionAtEnd(loop);
            PhiInst i = b.phi(i64, "i." + f.symbol());
            i.addIncoming(Constants.i64(0), before);
            Value base = b.mul(i, Constants.i64(words));
            List<Value> args = new ArrayList<>();
            int w = 0;
            for (ValueType t : f.parameterTypes()) {
                Value first = load(b, table, tableType, b.add(base, Constants.i64(w++)));
                Value arg;
                if (t.words() == 2) {
                    Value lo = load(b, table, tableType, b.add(base, Constants.i64(w++)));
                    arg = b.or(b.shl(b.zext(first, i128), Constants.integer(i128, 64)), b.zext(lo, i128));
                } else {
                    arg = switch (t) {
                        case F32 -> b.bitcast(b.trunc(first, i32), FloatType.FLOAT);
                        case F64 -> b.bitcast(first, FloatType.DOUBLE);
                        case I64 -> first;
                        default -> b.trunc(first, t.irType());
                    };
                }
                args.add(arg);
            }
            Value r = b.call(callee, args);
            Value hi;
            Value lo;
            if (f.returnType().words() == 2) {
                hi = b.trunc(b.lshr(r, Constants.integer(i128, 64)), i64);
                lo = b.trunc(r, i64);
            } else {
                Type t = f.returnType().irType();
                Value bits = t == FloatType.FLOAT ? b.bitcast(r, i32) : t == FloatType.DOUBLE ? b.bitcast(r, i64) : r;
                hi = Constants.i64(0);
                lo = bits.type() == i64 ? bits : b.zext(bits, i64);
            }
            b.call(printf, List.of(fmtPtr, hi, lo));
            Value i1 = b.add(i, Constants.i64(1));
            i.addIncoming(i1, loop);
            b.condBr(b.icmp(Predicate.IULT, i1, Constants.i64(list.size())), loop, next);
            b.positionAtEnd(next);
        }
        b.ret(Constants.i32(0));
        return m;
    }

    private static Value load(IrBuilder b, GlobalVariable table, ArrayType type, Value index) {
        Value p = b.inBoundsGep(type, table, List.of(Constants.i64(0), index));
        return b.load(IntegerType.I64, p);
    }

    /** The result words of one output line, in {@link RuntimeFunction#evaluate}'s order. */
    public static long[] parse(RuntimeFunction f, String line) {
        String[] parts = line.trim().split(" ");
        long hi = Long.parseUnsignedLong(parts[0], 16);
        long lo = Long.parseUnsignedLong(parts[1], 16);
        return f.returnType().words() == 2 ? new long[] {hi, lo} : new long[] {lo};
    }

    /**
     * The mismatches between lli's output lines and softfloat, over {@code cases} in order; a
     * missing or extra line is an error.
     */
    public static RuntimeChecker.Report[] mismatches(Map<RuntimeFunction, List<long[]>> cases, List<String> lines) {
        List<RuntimeChecker.Report> reports = new ArrayList<>();
        int at = 0;
        for (Map.Entry<RuntimeFunction, List<long[]>> e : cases.entrySet()) {
            RuntimeChecker.Tally tally = new RuntimeChecker.Tally(e.getKey());
            for (long[] ops : e.getValue()) {
                if (at >= lines.size()) {
                    throw new IllegalStateException("lli printed " + lines.size() + " lines, fewer than the cases");
                }
                long[] actual = parse(e.getKey(), lines.get(at++));
                long[] expected = e.getKey().evaluate(ops);
                tally.add(e.getKey().accepts(expected, actual) ? null
                        : new RuntimeChecker.Mismatch(e.getKey(), ops, expected, actual));
            }
            reports.add(tally.report());
        }
        if (at != lines.size()) {
            throw new IllegalStateException(String.format(Locale.ROOT, "lli printed %d lines for %d cases", lines.size(), at));
        }
        return reports.toArray(new RuntimeChecker.Report[0]);
    }
}
