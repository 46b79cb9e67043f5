package org.nvlower.llvm.bitcode;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.BlockAddress;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.ConstantString;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.InlineAsm;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Names;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.Predicate;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VectorType;

/**
 * The value list: globals, then constants (module-level, then each function's), then a
 * function's arguments and instructions. Constants are kept as records and built on first use,
 * so an aggregate may name a constant defined after it.
 */
final class ValueTable {

    private record Pending(Type type, int code, long[] ops) {
    }

    /** A blockaddress names its block by index until the function's blocks are numbered. */
    static final String UNRESOLVED_BLOCK = "#";
    boolean blockAddresses;
    private final Bitstream s;
    private final TypeTable types;
    private final ArrayList<Object> values = new ArrayList<>();
    private final ArrayList<Type> valueTypes = new ArrayList<>();

    ValueTable(Bitstream s, TypeTable types) {
        this.s = s;
        this.types = types;
    }

    int size() {
        return values.size();
    }

    void add(Value v) {
        values.add(v);
        valueTypes.add(v == null ? null : v.type());
    }

    /** A value whose object is made later (an instruction placeholder): only its type is known. */
    void addTyped(Value v, Type t) {
        values.add(v);
        valueTypes.add(t);
    }

    void set(int id, Value v) {
        values.set(id, v);
    }

    void truncate(int size) {
        while (values.size() > size) {
            values.remove(values.size() - 1);
            valueTypes.remove(valueTypes.size() - 1);
        }
    }

    /** The type of value {@code id}, or null for a forward reference. */
    Type typeOf(long id) {
        return id >= 0 && id < valueTypes.size() ? valueTypes.get((int) id) : null;
    }

    /** Value {@code id}; null when not defined yet (a forward reference inside a function). */
    Value get(long id) {
        if (id < 0 || id >= values.size()) {
            return null;
        }
        Object o = values.get((int) id);
        if (o instanceof Pending p) {
            values.set((int) id, null); // a cycle through constants is malformed
            Value v = build(p);
            values.set((int) id, v);
            return v;
        }
        if (o == null && valueTypes.get((int) id) != null && !(o instanceof Value)) {
            return null;
        }
        return (Value) o;
    }

    Constant constant(long id) {
        Value v = get(id);
        if (!(v instanceof Constant c)) {
            throw s.error("value " + id + " is not a constant (or is defined in terms of itself)");
        }
        return c;
    }

    /** Reads a CONSTANTS block (entered) into the table. */
    void readConstants() {
        Type[] current = {org.nvlower.llvm.ir.IntegerType.I32}; // until the first SETTYPE
        s.forEachRecord(r -> {
            if (r.code() == 1) { // SETTYPE
                if (r.size() < 1) {
                    throw s.error("SETTYPE without a type");
                }
                current[0] = types.get(r.op(0));
                return;
            }
            values.add(new Pending(current[0], r.code(), r.operands()));
            valueTypes.add(resultType(current[0], r));
        });
    }

    /** The type a constant record produces (compares give i1 or a vector of i1). */
    private Type resultType(Type t, Bitstream.Record r) {
        if (r.code() == 17 && r.size() >= 1) {
            Type opType = types.get(r.op(0));
            return opType instanceof VectorType v ? new VectorType(v.scalable(), v.count(), IntegerType.I1) : IntegerType.I1;
        }
        return t;
    }

    private Value build(Pending p) {
        Type t = p.type();
        long[] o = p.ops();
        switch (p.code()) {
            case 2: // NULL
                if (t instanceof IntegerType it) {
                    return new ConstantInt(it, BigInteger.ZERO);
                }
                if (t instanceof FloatType ft) {
                    return new ConstantFP(ft, BigInteger.ZERO);
                }
                return new ConstantKeyword(t instanceof org.nvlower.llvm.ir.PointerType
                        ? ConstantKeyword.Keyword.NULL : t == org.nvlower.llvm.ir.PrimitiveType.TOKEN
                        ? ConstantKeyword.Keyword.NONE : ConstantKeyword.Keyword.ZEROINITIALIZER, t);
            case 3:
                return new ConstantKeyword(ConstantKeyword.Keyword.UNDEF, t);
            case 26:
                return new ConstantKeyword(ConstantKeyword.Keyword.POISON, t);
            case 4: { // INTEGER
                need(o, 1);
                if (!(t instanceof IntegerType it)) {
                    throw s.error("integer constant of type " + t);
                }
                return new ConstantInt(it, wrap(BigInteger.valueOf(Attributes.decodeSigned(o[0])), it.bits()));
            }
            case 5: { // WIDE_INTEGER
                need(o, 1);
                if (!(t instanceof IntegerType it)) {
                    throw s.error("integer constant of type " + t);
                }
                BigInteger v = BigInteger.ZERO;
                for (int i = o.length - 1; i >= 0; i--) {
                    long w = Attributes.decodeSigned(o[i]);
                    v = v.shiftLeft(64).add(new BigInteger(Long.toUnsignedString(w)));
                }
                return new ConstantInt(it, wrap(v, it.bits()));
            }
            case 6: { // FLOAT
                need(o, 1);
                if (!(t instanceof FloatType ft)) {
                    throw s.error("floating-point constant of type " + t);
                }
                BigInteger bits = new BigInteger(Long.toUnsignedString(o[0]));
                if (ft == FloatType.X86_FP80) {
                    need(o, 2);
                    bits = bits.shiftLeft(16).or(BigInteger.valueOf(o[1] & 0xFFFF));
                } else if (ft == FloatType.FP128 || ft == FloatType.PPC_FP128) {
                    need(o, 2);
                    bits = new BigInteger(Long.toUnsignedString(o[1])).shiftLeft(64).or(bits);
                }
                return new ConstantFP(ft, bits.and(BigInteger.ONE.shiftLeft(ft.bits()).subtract(BigInteger.ONE)));
            }
            case 7: { // AGGREGATE
                List<Constant> elements = new ArrayList<>();
                for (long id : o) {
                    elements.add(constant(id));
                }
                return new ConstantAggregate(t, elements);
            }
            case 8:
            case 9: { // STRING, CSTRING
                if (!(t instanceof ArrayType at)) {
                    throw s.error("string constant of type " + t);
                }
                StringBuilder sb = new StringBuilder();
                for (long c : o) {
                    sb.append((char) (c & 0xFF));
                }
                if (p.code() == 9) {
                    sb.append('\0');
                }
                return new ConstantString(at, escape(sb));
            }
            case 22: { // DATA
                Type elem = t instanceof ArrayType at ? at.element() : t instanceof VectorType vt ? vt.element() : null;
                if (elem == null) {
                    throw s.error("data constant of type " + t);
                }
                List<Constant> elements = new ArrayList<>();
                for (long v : o) {
                    if (elem instanceof IntegerType it) {
                        elements.add(new ConstantInt(it, wrap(new BigInteger(Long.toUnsignedString(v)), it.bits())));
                    } else if (elem instanceof FloatType ft) {
                        elements.add(new ConstantFP(ft, new BigInteger(Long.toUnsignedString(v))));
                    } else {
                        throw s.error("data constant of type " + t);
                    }
                }
                if (t instanceof ArrayType at && elem == IntegerType.I8) {
                    StringBuilder sb = new StringBuilder();
                    for (long c : o) {
                        sb.append((char) (c & 0xFF));
                    }
                    return new ConstantString(at, escape(sb));
                }
                return new ConstantAggregate(t, elements);
            }
            case 10: { // CE_BINOP [opcode, lhs, rhs, flags]
                need(o, 3);
                Constant lhs = constant(o[1]);
                Constant rhs = constant(o[2]);
                Opcode op = Codes.binop((int) o[0], lhs.type(), s);
                List<String> flags = o.length > 3 ? Codes.binopFlagWords(op, o[3]) : List.of();
                return new ConstantExpr(op, flags, lhs.type(), null, List.of(lhs, rhs));
            }
            case 11: { // CE_CAST [opcode, opty, opval]
                need(o, 3);
                Constant v = constant(o[2]);
                return new ConstantExpr(Codes.cast((int) o[0], s), List.of(), t, null, List.of(v));
            }
            case 25: { // CE_UNOP
                need(o, 2);
                Constant v = constant(o[1]);
                return new ConstantExpr(Opcode.FNEG, List.of(), v.type(), null, List.of(v));
            }
            case 12:
            case 20:
            case 24:
            case 31:
            case 32:
                return gep(p.code(), t, o);
            case 13: { // CE_SELECT
                need(o, 3);
                return new ConstantExpr(Opcode.SELECT, List.of(), t, null,
                        List.of(constant(o[0]), constant(o[1]), constant(o[2])));
            }
            case 14: { // CE_EXTRACTELT [opty, opval, idxty, idxval]
                need(o, 4);
                Constant vec = constant(o[1]);
                Type elem = vec.type() instanceof VectorType vt ? vt.element() : t;
                return new ConstantExpr(Opcode.EXTRACTELEMENT, List.of(), elem, null, List.of(vec, constant(o[3])));
            }
            case 15: { // CE_INSERTELT [opval, opval, idxty, idxval]
                need(o, 4);
                return new ConstantExpr(Opcode.INSERTELEMENT, List.of(), t, null,
                        List.of(constant(o[0]), constant(o[1]), constant(o[3])));
            }
            case 17: { // CE_CMP [opty, lhs, rhs, pred]
                need(o, 4);
                Constant lhs = constant(o[1]);
                Constant rhs = constant(o[2]);
                Predicate pred = Codes.predicate((int) o[3], s);
                Type rt = lhs.type() instanceof VectorType v ? new VectorType(v.scalable(), v.count(), IntegerType.I1)
                        : IntegerType.I1;
                return new ConstantExpr(pred.isFloating() ? Opcode.FCMP : Opcode.ICMP, List.of(pred.keyword()), rt,
                        null, List.of(lhs, rhs));
            }
            case 21: { // BLOCKADDRESS [fnty, fn, bb#]
                need(o, 3);
                if (!(get(o[1]) instanceof GlobalValue g)) {
                    throw s.error("blockaddress of a non-function");
                }
                blockAddresses = true;
                return new BlockAddress(BlockAddress.Kind.BLOCKADDRESS, t, g, UNRESOLVED_BLOCK + o[2]);
            }
            case 27:
            case 29: { // DSO_LOCAL_EQUIVALENT, NO_CFI [ty, gv]
                need(o, 2);
                if (!(get(o[1]) instanceof GlobalValue g)) {
                    throw s.error("dso_local_equivalent of a non-global");
                }
                return new BlockAddress(p.code() == 27 ? BlockAddress.Kind.DSO_LOCAL_EQUIVALENT : BlockAddress.Kind.NO_CFI,
                        t, g, null);
            }
            case 18:
            case 23:
            case 28:
            case 30:
                return inlineAsm(p.code(), t, o);
            default:
                throw s.error("unsupported constant record code " + p.code());
        }
    }

    private Value gep(int code, Type t, long[] o) {
        int i = 0;
        Type source = null;
        boolean inbounds = code == 20;
        int inrange = -1;
        if (code == 12 || code == 20 || code == 24 || code == 31 || code == 32) {
            if ((o.length & 1) == 1 || code == 24) { // 24 (with an inrange index) always names its source type
                if (o.length == 0) {
                    throw s.error("getelementptr constant without operands");
                }
                source = types.get(o[0]);
                i = 1;
            }
        }
        List<String> flags = new ArrayList<>();
        if (code == 24) {
            if (i >= o.length) {
                throw s.error("getelementptr constant without flags");
            }
            long f = o[i++];
            inbounds = (f & 1) != 0;
            inrange = (int) Math.min(f >> 1, Integer.MAX_VALUE - 1) + 1; // the index after the base operand
        } else if (code == 32 || code == 31) {
            if (o.length < 2) {
                throw s.error("getelementptr constant record too short");
            }
            source = types.get(o[0]);
            long f = o[1];
            inbounds = (f & 1) != 0;
            i = 2;
            String range = null;
            if (code == 31) { // [source, flags, range bits, lower, upper, (ty, val)*]
                if (o.length < 5 || o[2] > 64) {
                    throw s.error("getelementptr inrange constant with " + (o.length < 5 ? "a short record" : "a wide range"));
                }
                range = "inrange(" + Attributes.decodeSigned(o[3]) + ", " + Attributes.decodeSigned(o[4]) + ")";
                i = 5;
            }
            // GEPNoWrapFlags: bit 0 inbounds, bit 1 nusw (implied by inbounds), bit 2 nuw
            if ((f & 2) != 0 && !inbounds) {
                flags.add("nusw");
            }
            if ((f & 4) != 0) {
                flags.add("nuw");
            }
            if (range != null) {
                flags.add(range);
            }
        } else if (code == 12 && i == 1 && o.length % 2 == 1) {
            // [pointee, (ty, val)*]
        }
        if (inbounds) {
            flags.add(0, "inbounds");
        }
        List<Constant> ops = new ArrayList<>();
        for (; i + 1 < o.length; i += 2) {
            ops.add(constant(o[i + 1]));
        }
        if (ops.isEmpty()) {
            throw s.error("getelementptr constant without a base");
        }
        if (source == null) {
            source = ops.get(0).type() instanceof org.nvlower.llvm.ir.PointerType pt && pt.pointee() != null
                    ? pt.pointee() : t;
        }
        Type result = gepResultType(ops, source);
        return new ConstantExpr(Opcode.GETELEMENTPTR, flags, result, source, ops, inrange);
    }

    /** A constant GEP's type: the base pointer type, to the indexed element for typed pointers. */
    private Type gepResultType(List<Constant> ops, Type source) {
        Type base = ops.get(0).type();
        Type vector = null;
        for (Constant c : ops) {
            if (c.type() instanceof VectorType v) {
                vector = v;
            }
        }
        Type ptr = base instanceof VectorType bv ? bv.element() : base;
        if (ptr instanceof org.nvlower.llvm.ir.PointerType pt && pt.pointee() != null) {
            Type elem = source;
            for (int k = 2; k < ops.size(); k++) {
                elem = indexInto(elem, ops.get(k));
            }
            ptr = org.nvlower.llvm.ir.PointerType.to(elem, pt.addressSpace());
        }
        if (vector instanceof VectorType v) {
            return new VectorType(v.scalable(), v.count(), ptr);
        }
        return ptr;
    }

    Type indexInto(Type t, Value index) {
        return switch (t) {
            case ArrayType a -> a.element();
            case VectorType v -> v.element();
            case StructType st -> st.fields().get(structIndex(index, st.fields().size()));
            case NamedStructType n -> n.fields().get(structIndex(index, n.fields().size()));
            default -> throw s.error("getelementptr indexes into " + t);
        };
    }

    private int structIndex(Value index, int n) {
        if (index instanceof ConstantInt ci && ci.value().signum() >= 0 && ci.value().intValue() < n) {
            return ci.value().intValue();
        }
        throw s.error("invalid struct index in getelementptr");
    }

    private Value inlineAsm(int code, Type t, long[] o) {
        // [flags, asmlen, asm..., constraintlen, constraint...] (OLD3/30 start with a function type)
        int i = 0;
        if (code == 30) {
            i++;
        }
        need(o, i + 2);
        long flags = o[i++];
        int asmLen = (int) o[i++];
        need(o, i + asmLen + 1);
        StringBuilder asm = new StringBuilder();
        for (int k = 0; k < asmLen; k++) {
            asm.append((char) (o[i++] & 0xFF));
        }
        int conLen = (int) o[i++];
        need(o, i + conLen);
        StringBuilder con = new StringBuilder();
        for (int k = 0; k < conLen; k++) {
            con.append((char) (o[i++] & 0xFF));
        }
        StringBuilder text = new StringBuilder("asm ");
        if ((flags & 1) != 0) {
            text.append("sideeffect ");
        }
        if ((flags & 2) != 0) {
            text.append("alignstack ");
        }
        if (((flags >> 2) & 1) != 0) {
            text.append("inteldialect ");
        }
        if ((flags & 8) != 0) {
            text.append("unwind ");
        }
        text.append(Names.quote(asm.toString())).append(", ").append(Names.quote(con.toString()));
        return new InlineAsm(t, text.toString());
    }

    private static BigInteger wrap(BigInteger v, int bits) {
        BigInteger mod = BigInteger.ONE.shiftLeft(bits);
        BigInteger u = v.mod(mod);
        return u.testBit(bits - 1) && bits > 1 ? u.subtract(mod) : bits == 1 ? u : u;
    }

    /** LLVM's escaping inside {@code c"..."}: printable ASCII except '"' and '\\' as is, else \XX. */
    static String escape(CharSequence bytes) {
        StringBuilder sb = new StringBuilder(bytes.length());
        for (int i = 0; i < bytes.length(); i++) {
            char c = bytes.charAt(i);
            if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
                sb.append(c);
            } else {
                sb.append('\\').append(Character.toUpperCase(Character.forDigit(c >> 4 & 0xF, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return sb.toString();
    }

    private void need(long[] o, int n) {
        if (o.length < n) {
            throw s.error("constant record with " + o.length + " operands, needs " + n);
        }
    }
}
