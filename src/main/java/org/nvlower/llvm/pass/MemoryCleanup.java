package org.nvlower.llvm.pass;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.AllocaInst;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.CastInst;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GetElementPtrInst;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.LoadInst;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.OtherInst;
import org.nvlower.llvm.ir.StoreInst;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;

/**
 * The post-libdevice memory cleanup (seed 4's per-function, pointer-keyed pass over loads,
 * stores, calls, atomics, fences and memset-like calls): within each block,
 * <ul>
 * <li>a load of a location whose value is known (stored or loaded before, same type) is replaced
 *     by that value;</li>
 * <li>a store overwritten by a later store to the same location (same size or larger) before
 *     anything may read it is deleted, and so is a store of the value the location already holds.</li>
 * </ul>
 * Nothing is moved or forgotten across what may touch memory behind the pass's back: an atomic
 * operation, a fence, a volatile access or a call that may write memory (memset, memcpy and
 * unknown functions included) ends everything known; a call that may read memory keeps the known
 * values but no store may be deleted across it. Two pointers are the same location only when they
 * are the same value or the same object at the same constant offset; they are apart only when they
 * point into different allocas or globals, or at disjoint constant ranges of one object.
 */
public final class MemoryCleanup {

    /** What a run did. */
    public record Result(int loadsRemoved, int storesRemoved, List<Function> changed) {
    }

    private int loadsRemoved;
    private int storesRemoved;

    private MemoryCleanup() {
    }

    public static Result run(Module module) {
        return run(module.functions());
    }

    public static Result run(Iterable<Function> functions) {
        MemoryCleanup pass = new MemoryCleanup();
        List<Function> changed = new ArrayList<>();
        for (Function f : functions) {
            if (f.isDeclaration()) {
                continue;
            }
            int before = pass.loadsRemoved + pass.storesRemoved;
            for (BasicBlock b : f.blocks()) {
                pass.runOn(b);
            }
            if (pass.loadsRemoved + pass.storesRemoved > before) {
                changed.add(f);
            }
        }
        return new Result(pass.loadsRemoved, pass.storesRemoved, List.copyOf(changed));
    }

    /** A location's known contents: the value, of the type it was stored or loaded as. */
    private record Known(Value pointer, Type type, Value value) {
    }

    private void runOn(BasicBlock block) {
        List<Known> known = new ArrayList<>();
        Map<StoreInst, Type> pending = new LinkedHashMap<>(); // stores nothing has read yet
        for (Instruction inst : block.instructions()) { // erasing the current instruction or earlier ones is safe
            switch (inst) {
                case LoadInst load when load.isSimple() -> {
                    Value p = load.pointer();
                    Value v = find(known, p, load.type());
                    readBy(pending, p, load.type());
                    if (v != null) {
                        load.replaceAndErase(v);
                        loadsRemoved++;
                    } else {
                        known.add(new Known(p, load.type(), load));
                    }
                }
                case StoreInst store when store.isSimple() -> {
                    Value v = store.value();
                    Value p = store.pointer();
                    Type t = v.type();
                    if (find(known, p, t) == v) {
                        store.eraseFromParent(); // the location holds this value already
                        storesRemoved++;
                        continue;
                    }
                    // an earlier unread store to the same location, no larger, is dead
                    for (Iterator<Map.Entry<StoreInst, Type>> it = pending.entrySet().iterator(); it.hasNext();) {
                        Map.Entry<StoreInst, Type> e = it.next();
                        if (covers(p, t, e.getKey().pointer(), e.getValue())) {
                            e.getKey().eraseFromParent();
                            storesRemoved++;
                            it.remove();
                        }
                    }
                    known.removeIf(k -> alias(k.pointer(), k.type(), p, t) != Alias.NO);
                    known.add(new Known(p, t, v));
                    pending.put(store, t);
                }
                case CallInst call -> {
                    Effect e = effectOf(call);
                    if (e == Effect.WRITES) {
                        clobberAll(known, pending);
                    } else if (e == Effect.READS) {
                        pending.clear();
                    }
                }
                // a volatile or atomic load or store, fence, cmpxchg, atomicrmw
                case MemoryInst m when !(m instanceof AllocaInst || m instanceof GetElementPtrInst) ->
                        clobberAll(known, pending);
                case OtherInst o when o.opcode() == Opcode.VA_ARG -> clobberAll(known, pending);
                default -> {
                }
            }
        }
    }

    private static void clobberAll(List<Known> known, Map<StoreInst, Type> pending) {
        known.clear();
        pending.clear();
    }

    private static Value find(List<Known> known, Value p, Type t) {
        for (int i = known.size() - 1; i >= 0; i--) {
            Known k = known.get(i);
            if (k.type().equals(t) && alias(k.pointer(), k.type(), p, t) == Alias.MUST) {
                return k.value();
            }
        }
        return null;
    }

    private static void readBy(Map<StoreInst, Type> pending, Value p, Type t) {
        pending.entrySet().removeIf(e -> alias(e.getKey().pointer(), e.getValue(), p, t) != Alias.NO);
    }

    /** Whether a store of {@code t} to {@code p} overwrites every byte a store of {@code t2} to {@code p2} wrote. */
    private static boolean covers(Value p, Type t, Value p2, Type t2) {
        long size = storeSize(t);
        long size2 = storeSize(t2);
        if (size < 0 || size2 < 0 || size < size2) {
            return false;
        }
        if (p == p2) {
            return true;
        }
        Location a = Location.of(p);
        Location b = Location.of(p2);
        return a.sameObject(b) && a.offset >= 0 && b.offset >= 0 && a.offset <= b.offset
                && b.offset + size2 <= a.offset + size;
    }

    // ------------------------------------------------------------------ calls

    /** What a call may do to memory the pass tracks. */
    enum Effect {
        NONE, READS, WRITES
    }

    /**
     * From the attributes: a {@linkplain CallInst#isPure pure} call touches nothing; one that only
     * reads memory otherwise (it may not return, so a store before it may be the last) counts as
     * reading; everything else may write.
     */
    static Effect effectOf(CallInst call) {
        return call.isPure() ? Effect.NONE : call.onlyReadsMemory() ? Effect.READS : Effect.WRITES;
    }

    // ------------------------------------------------------------------ alias analysis

    enum Alias {
        NO, MAY, MUST
    }

    /**
     * How an access of {@code ta} at {@code a} relates to one of {@code tb} at {@code b}: MUST
     * for the same value or the same object at the same constant offset with the same size, NO for
     * different allocas or globals or disjoint constant ranges of one, MAY otherwise.
     */
    static Alias alias(Value a, Type ta, Value b, Type tb) {
        long sa = storeSize(ta);
        long sb = storeSize(tb);
        if (a == b || a instanceof ConstantExpr && a.equals(b)) {
            return sa == sb && sa >= 0 ? Alias.MUST : Alias.MAY;
        }
        Location la = Location.of(a);
        Location lb = Location.of(b);
        if (la.base != lb.base && !(la.base instanceof ConstantExpr && la.base.equals(lb.base))) {
            return la.identified() && lb.identified() ? Alias.NO : Alias.MAY;
        }
        if (la.offset < 0 || lb.offset < 0 || sa < 0 || sb < 0) {
            return Alias.MAY;
        }
        if (la.offset + sa <= lb.offset || lb.offset + sb <= la.offset) {
            return Alias.NO;
        }
        return la.offset == lb.offset && sa == sb ? Alias.MUST : Alias.MAY;
    }

    /** A pointer as an underlying object and a constant byte offset into it (-1: not constant). */
    private record Location(Value base, long offset) {

        /** Strips casts and getelementptrs, adding up constant offsets over scalars and arrays. */
        static Location of(Value p) {
            Value v = p;
            long offset = 0;
            for (int depth = 0; depth < 32; depth++) {
                if (v instanceof CastInst c && c.opcode().isPointerCast()) {
                    v = c.value();
                } else if (v instanceof ConstantExpr e && e.opcode().isPointerCast()) {
                    v = e.operands().get(0);
                } else if (v instanceof GetElementPtrInst g) {
                    offset = add(offset, gepOffset(g.sourceType(), g.indices()));
                    v = g.pointer();
                } else if (v instanceof ConstantExpr e && e.opcode() == Opcode.GETELEMENTPTR) {
                    offset = add(offset, gepOffset(e.sourceType(), List.copyOf(e.operands().subList(1, e.operands().size()))));
                    v = e.operands().get(0);
                } else {
                    break;
                }
            }
            return new Location(v, offset);
        }

        private static long add(long a, long b) {
            return a < 0 || b < 0 ? -1 : a + b;
        }

        /** An object no other identified object overlaps: an alloca or a global variable. */
        boolean identified() {
            return base instanceof AllocaInst || base instanceof GlobalVariable;
        }

        boolean sameObject(Location o) {
            return base == o.base || base instanceof ConstantExpr && base.equals(o.base);
        }
    }

    /**
     * The byte offset of a GEP whose indices are constants and whose steps go over scalars and
     * arrays of them (a step into a struct or over a type of unknown size: -1). A negative result
     * (pointing before the object) is reported as unknown too.
     */
    private static long gepOffset(Type source, List<? extends Value> indices) {
        long offset = 0;
        Type t = source;
        for (int i = 0; i < indices.size(); i++) {
            if (!(indices.get(i) instanceof ConstantInt c) || c.value().bitLength() > 40) {
                return -1;
            }
            long index = c.value().longValue();
            if (i > 0) {
                if (!(t instanceof ArrayType a)) {
                    return -1;
                }
                t = a.element();
            }
            long size = allocSize(t);
            if (size < 0) {
                return -1;
            }
            offset += index * size;
        }
        return offset < 0 ? -1 : offset;
    }

    /** Bytes an access of {@code t} touches, or -1 when the pass does not know. */
    static long storeSize(Type t) {
        if (t instanceof IntegerType i) {
            return (i.bits() + 7) / 8;
        }
        if (t instanceof FloatType f) {
            return f == FloatType.X86_FP80 ? 10 : f.bits() / 8;
        }
        return -1;
    }

    /** The distance between consecutive elements of {@code t} in memory, or -1 when the pass does not know. */
    static long allocSize(Type t) {
        if (t instanceof IntegerType i) {
            int bytes = (i.bits() + 7) / 8;
            return bytes <= 1 ? 1 : bytes <= 2 ? 2 : bytes <= 4 ? 4 : bytes <= 8 ? 8 : -1;
        }
        if (t instanceof FloatType f) {
            return f == FloatType.X86_FP80 ? -1 : f.bits() / 8;
        }
        if (t instanceof ArrayType a) {
            long e = allocSize(a.element());
            return e < 0 || a.count() > (1L << 31) ? -1 : e * a.count();
        }
        return -1;
    }
}
