package org.nvlower.llvm.ir;

/**
 * {@code alloca load store getelementptr fence cmpxchg atomicrmw}. Operands: alloca [count];
 * load ptr; store value, ptr; getelementptr base, indices...; cmpxchg ptr, cmp, new; atomicrmw
 * ptr, value; fence none. The four that passes inspect have their own class with typed accessors,
 * as in LLVM ({@link LoadInst}, {@link StoreInst}, {@link AllocaInst}, {@link GetElementPtrInst}):
 * a pass matches {@code case LoadInst load ->} rather than testing the opcode. Fence, cmpxchg and
 * atomicrmw are plain MemoryInsts.
 */
public sealed class MemoryInst extends Instruction permits LoadInst, StoreInst, AllocaInst, GetElementPtrInst {

    /**
     * The access details: {@code elementType} is the allocated type (alloca), the loaded type
     * (load) or the GEP source element type, else null; {@code align} 0 when not written; the
     * atomic {@code ordering} (and cmpxchg's {@code failureOrdering}), null when not atomic;
     * {@code syncScope} null for the default (system) scope; {@code operation} the atomicrmw
     * operation keyword; {@code inrange} a GEP's {@code inrange(...)} words, else null.
     */
    public record Access(Type elementType, long align, AtomicOrdering ordering, AtomicOrdering failureOrdering,
            String syncScope, String operation, String inrange) implements Instruction.Detail {

        public static final Access NONE = new Access(null, 0, null, null, null, null, null);

        public static Access of(Type elementType, long align) {
            return new Access(elementType, align, null, null, null, null, null);
        }

        public Access withAlign(long align) {
            return new Access(elementType, align, ordering, failureOrdering, syncScope, operation, inrange);
        }
    }

    private Access access;

    MemoryInst(Opcode opcode, Type type, int flagBits, Value[] operands, Access access) {
        super(opcode, type, flagBits, FastMathFlags.NONE, operands);
        this.access = access;
    }

    /** A memory instruction of {@code opcode} from a reader's parts, of the class its opcode has. */
    static MemoryInst read(Opcode opcode, Type type, int flagBits, Value[] operands, Access access) {
        return switch (opcode) {
            case LOAD -> new LoadInst(type, flagBits, operands, access);
            case STORE -> new StoreInst(type, flagBits, operands, access);
            case ALLOCA -> new AllocaInst(type, flagBits, operands, access);
            case GETELEMENTPTR -> new GetElementPtrInst(type, flagBits, operands, access);
            default -> new MemoryInst(opcode, type, flagBits, operands, access);
        };
    }

    /** {@code alloca T, align A} in address space {@code addressSpace}; typed-pointer modules get {@code T*}. */
    public static AllocaInst alloca(Module module, Type allocated, long align, int addressSpace) {
        if (!Types.isSized(allocated)) {
            throw new IllegalArgumentException("alloca of unsized " + allocated);
        }
        return new AllocaInst(module.pointerTo(allocated, addressSpace), 0, new Value[0],
                Access.of(allocated, align));
    }

    /** {@code load T, ptr %p, align A}. */
    public static LoadInst load(Type loaded, Value pointer, long align) {
        checkPointer(pointer);
        if (!Types.isSized(loaded)) {
            throw new IllegalArgumentException("load of unsized " + loaded);
        }
        if (pointer.type() instanceof PointerType p && !p.isOpaque() && !p.pointee().equals(loaded)) {
            throw new IllegalArgumentException("load of " + loaded + " through " + pointer.type());
        }
        return new LoadInst(loaded, 0, new Value[] {pointer}, Access.of(loaded, align));
    }

    /** {@code store T %v, ptr %p, align A}. */
    public static StoreInst store(Value value, Value pointer, long align) {
        checkPointer(pointer);
        if (pointer.type() instanceof PointerType p && !p.isOpaque() && !p.pointee().equals(value.type())) {
            throw new IllegalArgumentException("store of " + value.type() + " through " + pointer.type());
        }
        return new StoreInst(PrimitiveType.VOID, 0, new Value[] {value, pointer},
                Access.of(null, align));
    }

    /** {@code getelementptr [inbounds] T, ptr %base, indices...}; the result type follows the module's pointer style. */
    public static GetElementPtrInst gep(Module module, Type sourceType, Value base, java.util.List<? extends Value> indices,
            boolean inbounds) {
        checkPointer(base);
        Type t = sourceType;
        for (int i = 1; i < indices.size(); i++) {
            t = Types.indexInto(t, indices.get(i));
        }
        int as = ((PointerType) base.type()).addressSpace();
        Value[] ops = new Value[1 + indices.size()];
        ops[0] = base;
        for (int i = 0; i < indices.size(); i++) {
            if (!(indices.get(i).type() instanceof IntegerType)) {
                throw new IllegalArgumentException("getelementptr index of type " + indices.get(i).type());
            }
            ops[1 + i] = indices.get(i);
        }
        return new GetElementPtrInst(module.pointerTo(t, as),
                inbounds ? InstFlag.INBOUNDS.bit() : 0, ops, Access.of(sourceType, 0));
    }

    /** {@code fence [syncscope("s")] ordering}; {@code syncScope} null for the system scope. */
    public static MemoryInst fence(AtomicOrdering ordering, String syncScope) {
        if (ordering != AtomicOrdering.ACQUIRE && ordering != AtomicOrdering.RELEASE
                && ordering != AtomicOrdering.ACQ_REL && ordering != AtomicOrdering.SEQ_CST) {
            throw new IllegalArgumentException("fence ordering " + ordering);
        }
        return new MemoryInst(Opcode.FENCE, PrimitiveType.VOID, 0, new Value[0],
                new Access(null, 0, ordering, null, syncScope, null, null));
    }

    /** {@code cmpxchg ptr %p, T %cmp, T %new success failure, align A}: result {@code { T, i1 }}. */
    public static MemoryInst cmpxchg(Value pointer, Value expected, Value replacement, AtomicOrdering success,
            AtomicOrdering failure, long align) {
        checkPointer(pointer);
        if (!expected.type().equals(replacement.type()) || !(expected.type() instanceof IntegerType
                || expected.type() instanceof PointerType)) {
            throw new IllegalArgumentException("cmpxchg of " + expected.type() + " and " + replacement.type());
        }
        return new MemoryInst(Opcode.CMPXCHG, StructType.of(expected.type(), IntegerType.I1), 0,
                new Value[] {pointer, expected, replacement}, new Access(null, align, success, failure, null, null, null));
    }

    /** {@code atomicrmw op ptr %p, T %v ordering, align A}; {@code op} is LLVM's keyword (xchg, add, fadd, umax ...). */
    public static MemoryInst atomicRmw(String op, Value pointer, Value value, AtomicOrdering ordering, long align) {
        checkPointer(pointer);
        boolean fp = op.startsWith("f");
        if (fp ? !(value.type() instanceof FloatType) : !(value.type() instanceof IntegerType
                || op.equals("xchg") && (value.type() instanceof FloatType || value.type() instanceof PointerType))) {
            throw new IllegalArgumentException("atomicrmw " + op + " of " + value.type());
        }
        return new MemoryInst(Opcode.ATOMICRMW, value.type(), 0, new Value[] {pointer, value},
                new Access(null, align, ordering, null, null, op, null));
    }

    private static void checkPointer(Value pointer) {
        if (!(pointer.type() instanceof PointerType)) {
            throw new IllegalArgumentException("expected a pointer, got " + pointer.type());
        }
    }

    public Access access() {
        return access;
    }

    @Override
    public Instruction.Detail detail() {
        return access;
    }

    /** Replaces the access details (alignment, ordering ...); the instruction then prints canonically. */
    public void setAccess(Access access) {
        if (!access.equals(this.access)) {
            if (!java.util.Objects.equals(access.elementType(), this.access.elementType())) {
                throw new IllegalArgumentException("the element type of a " + opcode() + " cannot change");
            }
            this.access = access;
            detailChanged();
        }
    }

    public Type elementType() {
        return access.elementType();
    }

    /** The alignment in bytes, 0 when not written. */
    public long align() {
        return access.align();
    }

    /** Whether the access is {@code volatile} (load, store, cmpxchg, atomicrmw). */
    public boolean isVolatile() {
        return hasFlag(InstFlag.VOLATILE);
    }

    /** LLVM's isSimple: neither volatile nor atomic (an access a pass may drop or forward). */
    public boolean isSimple() {
        return !isVolatile() && access.ordering() == null;
    }

    /** The address operand: load, store (second), GEP base, cmpxchg and atomicrmw pointer; null for alloca and fence. */
    public Value pointerOperand() {
        return switch (opcode()) {
            case LOAD, GETELEMENTPTR, CMPXCHG, ATOMICRMW -> operand(0);
            case STORE -> operand(1);
            default -> null;
        };
    }
}
