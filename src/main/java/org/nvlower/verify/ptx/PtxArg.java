package org.nvlower.verify.ptx;

import org.nvlower.ptx.PtxOperand;

/**
 * An instruction operand decoded once per {@link PtxLayout}: a register name with its slot in a
 * frame's registers (the slot of its block-scoped key, {@link PtxLayout#regKey}), an immediate
 * with its bits parsed, an address with its base's slot, a vector or group with its elements.
 * {@code operand} is the operand as written: messages print it, and a use the interpreter does not
 * expect (a write to an immediate, an address that is not one) fails on it as it did before.
 */
final class PtxArg {

    enum Kind { NAME, IMMEDIATE, NOT, ADDRESS, VECTOR, GROUP, PAIR, OTHER }

    final PtxOperand operand;
    final Kind kind;
    /** The name (NAME, NOT, the base of an ADDRESS, the first of a PAIR), else null. */
    final String name;
    /** The register slot of {@code name} (-1 where there is none). */
    final int slot;
    /**
     * The parameter slot ({@link PtxLayout#paramSlot}) of an ADDRESS's base and of a NAME in a call's
     * lists, -1 for any other operand.
     */
    final int paramSlot;
    /** A PAIR's second predicate, and its slot. */
    final String second;
    final int secondSlot;
    /** A VECTOR's or GROUP's elements, else null. */
    final PtxArg[] elements;
    /** An IMMEDIATE's bits, when {@code parsed}; an ADDRESS's offset. */
    private final long bits;
    private final boolean parsed;

    private PtxArg(PtxOperand operand, Kind kind, String name, int slot, int paramSlot, String second, int secondSlot,
            PtxArg[] elements, long bits, boolean parsed) {
        this.operand = operand;
        this.kind = kind;
        this.name = name;
        this.slot = slot;
        this.paramSlot = paramSlot;
        this.second = second;
        this.secondSlot = secondSlot;
        this.elements = elements;
        this.bits = bits;
        this.parsed = parsed;
    }

    /** Decodes {@code o} as read at statement {@code from} of {@code layout}. */
    static PtxArg of(PtxOperand o, PtxLayout layout, int from) {
        return of(o, layout, from, false);
    }

    /** {@code inGroup}: an element of a call's list, whose names are parameters. */
    private static PtxArg of(PtxOperand o, PtxLayout layout, int from, boolean inGroup) {
        return switch (o) {
            case PtxOperand.Name n -> new PtxArg(o, Kind.NAME, n.name(), layout.slot(n.name(), from),
                    inGroup ? layout.paramSlot(n.name()) : -1, null, -1, null, 0, false);
            case PtxOperand.Not n -> new PtxArg(o, Kind.NOT, n.name(), layout.slot(n.name(), from), -1, null, -1, null, 0, false);
            case PtxOperand.PredicatePair p -> new PtxArg(o, Kind.PAIR, p.first(), layout.slot(p.first(), from), -1, p.second(),
                    layout.slot(p.second(), from), null, 0, false);
            case PtxOperand.Address a -> new PtxArg(o, Kind.ADDRESS, a.base(), layout.slot(a.base(), from),
                    layout.paramSlot(a.base()), null, -1, null, a.offset(), true);
            case PtxOperand.Immediate im -> immediate(im);
            case PtxOperand.Vector v -> new PtxArg(o, Kind.VECTOR, null, -1, -1, null, -1,
                    v.elements().stream().map(e -> of(e, layout, from, false)).toArray(PtxArg[]::new), 0, false);
            case PtxOperand.Group g -> new PtxArg(o, Kind.GROUP, null, -1, -1, null, -1,
                    g.elements().stream().map(e -> of(e, layout, from, true)).toArray(PtxArg[]::new), 0, false);
            default -> new PtxArg(o, Kind.OTHER, null, -1, -1, null, -1, null, 0, false);
        };
    }

    /** An immediate parsed now; one whose text does not parse fails where it is read, as before. */
    private static PtxArg immediate(PtxOperand.Immediate im) {
        try {
            return new PtxArg(im, Kind.IMMEDIATE, null, -1, -1, null, -1, null, im.bits(), true);
        } catch (RuntimeException e) {
            return new PtxArg(im, Kind.IMMEDIATE, null, -1, -1, null, -1, null, 0, false);
        }
    }

    /** An IMMEDIATE's bits. */
    long bits() {
        return parsed ? bits : ((PtxOperand.Immediate) operand).bits();
    }

    /** An ADDRESS's offset (an operand that is no address fails here as the cast to one did). */
    long offset() {
        return kind == Kind.ADDRESS ? bits : ((PtxOperand.Address) operand).offset(); // the latter throws
    }

    /** This ADDRESS (an operand that is no address fails here as the cast to one did). */
    PtxArg asAddress() {
        if (kind != Kind.ADDRESS) {
            throw new ClassCastException(((PtxOperand.Address) operand).base()); // the cast throws first
        }
        return this;
    }

    /** The register name of a destination (an operand that is no name fails here as the cast to one did). */
    String register() {
        if (kind != Kind.NAME) {
            return ((PtxOperand.Name) operand).name(); // throws ClassCastException
        }
        return name;
    }
}
