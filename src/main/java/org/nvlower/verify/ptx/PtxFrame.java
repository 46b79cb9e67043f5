package org.nvlower.verify.ptx;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One call of a function in a {@link PtxThread}: its layout and its own registers (by the layout's
 * slots; {@code written} says which hold a value), parameters (their addresses by the layout's
 * parameter slots), locals and pc.
 */
final class PtxFrame {

    private static final byte NO_PARAM = 0;
    private static final byte ADDRESS = 1;
    private static final byte NULL_PARAM = 2;

    final PtxLayout layout;
    long[] regs;
    boolean[] written;
    long[] params;
    /** Per parameter slot: NO_PARAM, an address, or NULL_PARAM (a call's argument that was no parameter of the caller). */
    byte[] paramState;
    /** The function's .local variables: name to address in the thread's local memory. */
    final Map<String, Long> locals = new HashMap<>();
    int pc;
    /** CC.CF of the carry forms. */
    long carry;

    PtxFrame(PtxLayout layout) {
        this.layout = layout;
        int n = layout.slotCount();
        regs = new long[n];
        written = new boolean[n];
        int p = layout.paramSlotCount();
        params = new long[p];
        paramState = new byte[p];
    }

    /** Whether parameter slot {@code p} names a parameter of this call (a map's containsKey). */
    boolean hasParam(int p) {
        return p >= 0 && p < paramState.length && paramState[p] != NO_PARAM;
    }

    /** Parameter slot {@code p}'s address, null where it has none (a map's get). */
    Long param(int p) {
        return p >= 0 && p < paramState.length && paramState[p] == ADDRESS ? params[p] : null;
    }

    /** Parameter slot {@code p}'s address, which {@link #hasParam} has; unboxing a null fails as before. */
    long paramAddress(int p) {
        if (paramState[p] == NULL_PARAM) {
            throw new NullPointerException("parameter " + p + " has no address");
        }
        return params[p];
    }

    void putParam(int p, Long address) {
        if (p >= paramState.length) { // numbered after this frame began
            int n = Math.max(p + 1, layout.paramSlotCount());
            params = Arrays.copyOf(params, n);
            paramState = Arrays.copyOf(paramState, n);
        }
        paramState[p] = address == null ? NULL_PARAM : ADDRESS;
        params[p] = address == null ? 0 : address;
    }

    /** Whether register slot {@code slot} holds a value. */
    boolean holds(int slot) {
        return slot < written.length && written[slot];
    }

    void set(int slot, long value) {
        if (slot >= regs.length) { // a slot numbered after this frame began (an operand no step holds)
            int n = Math.max(slot + 1, layout.slotCount());
            regs = Arrays.copyOf(regs, n);
            written = Arrays.copyOf(written, n);
        }
        regs[slot] = value;
        written[slot] = true;
    }
}
