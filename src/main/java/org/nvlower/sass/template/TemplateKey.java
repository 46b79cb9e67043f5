package org.nvlower.sass.template;

import java.util.Optional;

import org.nvlower.ptx.PtxMathOp;

/**
 * A row of the template table: the PTX math op and nvlower's variant of its sequence, written
 * {@code div.rn.f64:partial} (the op alone for the default variant). The text form is read once,
 * where a user types it ({@link #parse}).
 */
public record TemplateKey(PtxMathOp op, Variant variant) {

    /**
     * nvlower's variants of a template: the DDIV register-pressure tiers, the MUFU.RCP / MUFU.RSQ
     * seeds of SMs without MUFU.RCP64H / RSQ64H, DRSQRT's coordinator A.
     */
    public enum Variant {
        DEFAULT(""), PARTIAL("partial"), MINIMAL("minimal"), RCP("rcp"), RSQ("rsq"), FULL("full");

        private final String suffix;

        Variant(String suffix) {
            this.suffix = suffix;
        }

        /** The name after ':' in the key's text ("" for the default). */
        public String suffix() {
            return suffix;
        }
    }

    public static TemplateKey of(PtxMathOp op) {
        return new TemplateKey(op, Variant.DEFAULT);
    }

    /** The key {@code text} names ({@code div.rn.f64:partial}), or empty when it names none. */
    public static Optional<TemplateKey> parse(String text) {
        int colon = text.indexOf(':');
        Optional<PtxMathOp> op = PtxMathOp.bySpelling(colon < 0 ? text : text.substring(0, colon));
        if (op.isEmpty()) {
            return Optional.empty();
        }
        if (colon < 0) {
            return Optional.of(of(op.get()));
        }
        String suffix = text.substring(colon + 1);
        for (Variant v : Variant.values()) {
            if (v != Variant.DEFAULT && v.suffix.equals(suffix)) {
                return Optional.of(new TemplateKey(op.get(), v));
            }
        }
        return Optional.empty();
    }

    /** The key {@code text} names; IllegalArgumentException when none (for text known to be a key). */
    public static TemplateKey valueOf(String text) {
        return parse(text).orElseThrow(() -> new IllegalArgumentException("not a template key: '" + text + "'"));
    }

    @Override
    public String toString() {
        return variant == Variant.DEFAULT ? op.spelling() : op.spelling() + ":" + variant.suffix;
    }
}
