package org.nvlower.llvm.bitcode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.llvm.ir.Attribute;
import org.nvlower.llvm.ir.AttributeSet;

/**
 * PARAMATTR_GROUP and PARAMATTR blocks: groups (an id, a position, attributes) and the attribute
 * lists functions and calls name by index. Positions: 0 the return value, 0xFFFFFFFF the
 * function, i+1 parameter i.
 */
final class Attributes {

    static final long FUNCTION_INDEX = 0xFFFFFFFFL;

    /** One attribute list: the set at each position. */
    record AttributeList(Map<Long, AttributeSet> sets) {
        static final AttributeList EMPTY = new AttributeList(Map.of());

        AttributeSet at(long index) {
            return sets.getOrDefault(index, AttributeSet.EMPTY);
        }

        AttributeSet function() {
            return at(FUNCTION_INDEX);
        }

        AttributeSet returned() {
            return at(0);
        }

        AttributeSet param(int i) {
            return at(i + 1L);
        }
    }

    private record Group(long index, AttributeSet set) {
    }

    /** Group records as read: type attributes may name types of a TYPE block read later. */
    private final Map<Long, long[]> rawGroups = new HashMap<>();
    private final Map<Long, Group> groups = new HashMap<>();
    private final List<long[]> rawLists = new ArrayList<>();
    private final List<AttributeList> lists = new ArrayList<>();
    private TypeTable types;
    private boolean llvm19;

    /** Reads PARAMATTR_GROUP (entered). */
    void readGroups(Bitstream s) {
        s.forEachRecord(r -> {
            if (r.code() != 3) { // only PARAMATTR_GRP_CODE_ENTRY
                return;
            }
            if (r.size() < 2) {
                throw s.error("attribute group record too short");
            }
            long[] o = r.operands();
            rawGroups.put(o[0], o);
        });
    }

    private static List<Attribute> decode(Bitstream s, long[] o, TypeTable types) {
        List<Attribute> list = new ArrayList<>();
        int i = 2;
        while (i < o.length) {
            long kind = o[i++];
            switch ((int) kind) {
                case 0 -> list.add(Attribute.word(name(s, o, i++)));
                case 1 -> {
                    String name = name(s, o, i++);
                    long v = at(s, o, i++);
                    list.add(intAttribute(s, name, v));
                }
                case 3, 4 -> {
                    StringBuilder key = new StringBuilder();
                    while (at(s, o, i) != 0) {
                        key.append((char) (o[i++] & 0xFF));
                    }
                    i++;
                    String value = null;
                    if (kind == 4) {
                        StringBuilder v = new StringBuilder();
                        while (at(s, o, i) != 0) {
                            v.append((char) (o[i++] & 0xFF));
                        }
                        i++;
                        value = v.toString();
                    }
                    list.add(Attribute.string(key.toString(), value));
                }
                case 5, 6 -> { // 6: with its type, 5: without (old bitcode)
                    String name = name(s, o, i++);
                    if (kind == 6) {
                        list.add(new Attribute.WithType(name, types.get(at(s, o, i++))));
                    } else {
                        list.add(Attribute.word(name));
                    }
                }
                case 7 -> {
                    String name = name(s, o, i++);
                    long bits = at(s, o, i++);
                    if (bits > 64) {
                        // [bits, lower words | upper words << 32, lower words..., upper words...]
                        if (bits > 1 << 16) {
                            throw s.error("constant range of " + bits + " bits");
                        }
                        long counts = at(s, o, i++);
                        int lowerWords = (int) (counts & 0xFFFF_FFFFL);
                        int upperWords = (int) (counts >>> 32);
                        if (lowerWords > o.length || upperWords > o.length) {
                            throw s.error("constant range with more words than its record");
                        }
                        java.math.BigInteger lower = wide(s, o, i, lowerWords, (int) bits);
                        i += lowerWords;
                        java.math.BigInteger upper = wide(s, o, i, upperWords, (int) bits);
                        i += upperWords;
                        list.add(new Attribute.WithArgs(name, "i" + bits + " " + lower + ", " + upper));
                        continue;
                    }
                    long[] bounds = new long[2];
                    for (int k = 0; k < 2; k++) {
                        bounds[k] = decodeSigned(at(s, o, i++));
                    }
                    list.add(new Attribute.WithArgs(name, "i" + bits + " " + asSigned(bounds[0], bits) + ", "
                            + asSigned(bounds[1], bits)));
                }
                default -> throw s.error("unknown attribute encoding " + kind);
            }
        }
        return list;
    }

    /** A wide integer: {@code n} words of sign-rotated 64 bits, low word first, as a signed value of {@code bits} bits. */
    private static java.math.BigInteger wide(Bitstream s, long[] o, int from, int n, int bits) {
        java.math.BigInteger v = java.math.BigInteger.ZERO;
        java.math.BigInteger word = java.math.BigInteger.ONE.shiftLeft(64).subtract(java.math.BigInteger.ONE);
        for (int k = n - 1; k >= 0; k--) {
            v = v.shiftLeft(64).or(java.math.BigInteger.valueOf(decodeSigned(at(s, o, from + k))).and(word));
        }
        java.math.BigInteger mask = java.math.BigInteger.ONE.shiftLeft(bits).subtract(java.math.BigInteger.ONE);
        v = v.and(mask);
        return v.testBit(bits - 1) ? v.subtract(mask.add(java.math.BigInteger.ONE)) : v;
    }

    /**
     * LLVM's reader upgrades old string attributes: "no-frame-pointer-elim"="true" (and
     * "-non-leaf") become "frame-pointer"="all" (or "non-leaf"/"none"), and
     * "null-pointer-is-valid"="true" the null_pointer_is_valid attribute.
     */
    private static List<Attribute> upgrade(List<Attribute> list) {
        String framePointer = null;
        List<Attribute> out = new ArrayList<>();
        for (Attribute a : list) {
            if (a instanceof Attribute.Str str && str.name().equals("no-frame-pointer-elim")) {
                framePointer = "true".equals(str.value()) ? "all" : "none";
            } else if (a instanceof Attribute.Str str && str.name().equals("null-pointer-is-valid")) {
                if ("true".equals(str.value())) {
                    out.add(Attribute.word("null_pointer_is_valid"));
                }
            } else if (!(a instanceof Attribute.Str str2 && str2.name().equals("no-frame-pointer-elim-non-leaf"))) {
                out.add(a);
            }
        }
        for (Attribute a : list) {
            if (a instanceof Attribute.Str str && str.name().equals("no-frame-pointer-elim-non-leaf")
                    && !"all".equals(framePointer)) {
                framePointer = "non-leaf";
            }
        }
        if (framePointer != null) {
            out.add(Attribute.string("frame-pointer", framePointer));
        }
        return out;
    }

    static long decodeSigned(long v) {
        return (v & 1) == 0 ? v >>> 1 : v == 1 ? Long.MIN_VALUE : -(v >>> 1);
    }

    private static String asSigned(long v, long bits) {
        if (bits < 64) {
            long shift = 64 - bits;
            v = (v << shift) >> shift;
        }
        return Long.toString(v);
    }

    private static Attribute intAttribute(Bitstream s, String name, long v) {
        return switch (name) {
            case "align", "alignstack", "dereferenceable", "dereferenceable_or_null" -> new Attribute.Int(name, v);
            case "allocsize" -> {
                long elem = v >>> 32;
                long num = v & 0xFFFFFFFFL;
                yield new Attribute.WithArgs(name, num == 0xFFFFFFFFL ? String.valueOf(elem) : elem + "," + num);
            }
            case "vscale_range" -> {
                long min = v >>> 32;
                long max = v & 0xFFFFFFFFL;
                yield new Attribute.WithArgs(name, min + "," + max);
            }
            case "uwtable" -> v == 1 ? new Attribute.WithArgs(name, "sync") : Attribute.word(name);
            case "memory" -> memory(v);
            default -> new Attribute.WithArgs(name, String.valueOf(v));
        };
    }

    private static final String[] MOD_REF = {"none", "read", "write", "readwrite"};

    /** {@code memory(...)}: two bits (ref, mod) per location: argmem, inaccessiblemem, other. */
    private static Attribute memory(long v) {
        int other = (int) (v >>> 4) & 3;
        StringBuilder sb = new StringBuilder();
        boolean allSame = ((v & 3) == other) && (((v >>> 2) & 3) == other);
        if (other != 0 || allSame) {
            sb.append(MOD_REF[other]);
        }
        String[] locations = {"argmem", "inaccessiblemem"};
        for (int loc = 0; loc < 2; loc++) {
            int mr = (int) (v >>> (2 * loc)) & 3;
            if (mr == other) {
                continue;
            }
            if (!sb.isEmpty()) {
                sb.append(", ");
            }
            sb.append(locations[loc]).append(": ").append(MOD_REF[mr]);
        }
        return new Attribute.WithArgs("memory", sb.toString());
    }

    private static String name(Bitstream s, long[] o, int i) {
        String k = AttributeKinds.keyword(at(s, o, i));
        if (k == null) {
            throw s.error("unknown attribute kind " + o[i]);
        }
        return k;
    }

    private static long at(Bitstream s, long[] o, int i) {
        if (i >= o.length) {
            throw s.error("attribute record too short");
        }
        return o[i];
    }

    /** Reads PARAMATTR (entered): each ENTRY lists group ids. */
    void readLists(Bitstream s) {
        s.forEachRecord(r -> {
            if (r.code() != 2) {
                throw s.error("old-style PARAMATTR entries (LLVM < 3.3) are not supported");
            }
            rawLists.add(r.operands());
        });
    }

    /** Once the types are known: attributes are decoded on first use. */
    void setTypes(TypeTable types, boolean llvm19) {
        this.types = types;
        this.llvm19 = llvm19;
    }

    /** The list with 1-based id {@code id} (0: none). */
    AttributeList list(Bitstream s, long id) {
        if (id == 0) {
            return AttributeList.EMPTY;
        }
        if (id > rawLists.size()) {
            throw s.error("invalid attribute list id " + id);
        }
        while (lists.size() < rawLists.size()) {
            lists.add(null);
        }
        AttributeList list = lists.get((int) id - 1);
        if (list == null) {
            Map<Long, AttributeSet> sets = new HashMap<>();
            for (long gid : rawLists.get((int) id - 1)) {
                Group g = group(s, gid);
                AttributeSet prev = sets.get(g.index());
                sets.put(g.index(), prev == null ? g.set() : new AttributeSet(AttributeKinds.sorted(
                        prev.union(g.set()).attributes(), llvm19)));
            }
            list = new AttributeList(sets);
            lists.set((int) id - 1, list);
        }
        return list;
    }

    private Group group(Bitstream s, long gid) {
        Group g = groups.get(gid);
        if (g == null) {
            long[] o = rawGroups.get(gid);
            if (o == null) {
                throw s.error("attribute list names unknown group " + gid);
            }
            if (types == null) {
                throw s.error("attributes used before the TYPE block");
            }
            g = new Group(o[1], new AttributeSet(AttributeKinds.sorted(upgrade(decode(s, o, types)), llvm19)));
            groups.put(gid, g);
        }
        return g;
    }
}
