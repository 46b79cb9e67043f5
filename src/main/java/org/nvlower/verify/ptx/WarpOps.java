package org.nvlower.verify.ptx;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.nvlower.ptx.PtxOperand;
import org.nvlower.ptx.Statement.Instruction;

/**
 * The warp instructions a kernel run takes, the lanes of a membermask at once, as the PTX ISA
 * defines them: {@code shfl.sync.up/down/bfly/idx.b32 d[|p], a, b, c, membermask} (c packs the
 * clamp value in bits 0-4 and the segment mask in bits 8-12; a lane whose source is out of its
 * segment keeps its own a and gets p false), {@code vote.sync.any/all/uni.pred} and
 * {@code vote.sync.ballot.b32}, {@code redux.sync.add/min/max.u32/s32} and
 * {@code redux.sync.and/or/xor.b32}. An instruction is taken when every lane its membermask names
 * waits at it; a lane can wait at one while others of its warp run on (divergent branches, each
 * with its own mask). What the ISA leaves undefined is refused: a membermask that leaves out a
 * waiting lane or names a lane past the block, lanes at one instruction with different masks,
 * a shfl reading a lane outside the mask.
 */
final class WarpOps {

    private WarpOps() {}

    /**
     * Takes each warp instruction of {@code warp} (lane i at index i) whose membermask's lanes all
     * wait at it; returns the lanes that go on (none: every waiting lane waits for another).
     */
    static List<PtxThread> takeReady(List<PtxThread> warp) {
        Map<Instruction, Long> waiting = new IdentityHashMap<>(); // instruction -> the lanes at it
        for (int lane = 0; lane < warp.size(); lane++) {
            Instruction in = warp.get(lane).atWarpOp();
            if (in != null) {
                waiting.merge(in, 1L << lane, (x, y) -> x | y);
            }
        }
        List<PtxThread> resumed = new ArrayList<>();
        for (var e : waiting.entrySet()) {
            Instruction in = e.getKey();
            long lanes = e.getValue();
            List<PtxOperand> ops = in.operands();
            long mask = -1;
            for (int lane = 0; lane < warp.size(); lane++) {
                if ((lanes >>> lane & 1) != 0) {
                    long m = warp.get(lane).operand(ops.get(ops.size() - 1), 32, false);
                    if (mask != -1 && m != mask) {
                        throw refused(in, "lanes at it with different membermasks");
                    }
                    mask = m;
                }
            }
            if ((lanes & ~mask) != 0) {
                throw refused(in, String.format("a waiting lane outside its membermask 0x%08x", mask));
            }
            if (mask >>> warp.size() != 0) {
                throw refused(in, String.format("a membermask 0x%08x naming lanes past the block's last thread", mask));
            }
            if (lanes == mask) {
                PtxThread[] byLane = new PtxThread[32];
                for (int lane = 0; lane < warp.size(); lane++) {
                    if ((mask >>> lane & 1) != 0) {
                        byLane[lane] = warp.get(lane);
                        resumed.add(byLane[lane]);
                    }
                }
                take(in, byLane, mask);
            }
        }
        return resumed;
    }

    /** Computes {@code in} for the lanes of {@code mask} ({@code byLane[i]}: lane i) and lets each go on. */
    private static void take(Instruction in, PtxThread[] byLane, long mask) {
        List<PtxOperand> ops = in.operands();
        String[] parts = in.opcode().split("\\.");
        switch (in.base()) {
            case "shfl" -> {
                long[] a = new long[32];
                for (int lane : lanes(mask)) {
                    a[lane] = byLane[lane].operand(ops.get(1), 32, false);
                }
                for (int lane : lanes(mask)) {
                    PtxThread t = byLane[lane];
                    int b = (int) t.operand(ops.get(2), 32, false) & 31;
                    int c = (int) t.operand(ops.get(3), 32, false);
                    int segmask = (c >>> 8) & 31;
                    int maxLane = (lane & segmask) | (c & 31 & ~segmask);
                    int minLane = lane & segmask;
                    int j;
                    boolean p;
                    switch (parts[2]) {
                        case "up" -> { j = lane - b; p = j >= maxLane; }
                        case "down" -> { j = lane + b; p = j <= maxLane; }
                        case "bfly" -> { j = lane ^ b; p = j <= maxLane; }
                        case "idx" -> { j = minLane | (b & ~segmask); p = j <= maxLane; }
                        default -> throw refused(in, null);
                    }
                    if (p && (j > 31 || (mask >>> j & 1) == 0)) {
                        throw refused(in, "lane " + lane + " reads lane " + j + ", outside the membermask");
                    }
                    t.finishWarpOp(a[p ? j : lane], 32, p);
                }
            }
            case "vote" -> {
                long ballot = 0;
                for (int lane : lanes(mask)) {
                    ballot |= (byLane[lane].operand(ops.get(1), 1, false) & 1) << lane;
                }
                long r = switch (parts[2]) {
                    case "any" -> ballot != 0 ? 1 : 0;
                    case "all" -> ballot == mask ? 1 : 0;
                    case "uni" -> ballot == 0 || ballot == mask ? 1 : 0;
                    case "ballot" -> ballot;
                    default -> throw refused(in, null);
                };
                for (int lane : lanes(mask)) {
                    byLane[lane].finishWarpOp(r, parts[2].equals("ballot") ? 32 : 1, false);
                }
            }
            case "redux" -> {
                boolean signed = parts[parts.length - 1].equals("s32");
                Long r = null;
                for (int lane : lanes(mask)) {
                    long x = byLane[lane].operand(ops.get(1), 32, signed);
                    r = r == null ? x : switch (parts[2]) {
                        case "add" -> r + x;
                        case "min" -> signed ? Math.min(r, x) : Long.compareUnsigned(r, x) <= 0 ? r : x;
                        case "max" -> signed ? Math.max(r, x) : Long.compareUnsigned(r, x) >= 0 ? r : x;
                        case "and" -> r & x;
                        case "or" -> r | x;
                        case "xor" -> r ^ x;
                        default -> throw refused(in, null);
                    };
                }
                for (int lane : lanes(mask)) {
                    byLane[lane].finishWarpOp(r, 32, false);
                }
            }
            default -> throw refused(in, null);
        }
    }

    /** The lane numbers of a membermask, in order. */
    private static int[] lanes(long mask) {
        return IntStream.range(0, 32).filter(lane -> (mask >>> lane & 1) != 0).toArray();
    }

    private static UnsupportedOperationException refused(Instruction in, String what) {
        return new UnsupportedOperationException("'" + in.opcode() + "' is not run" + (what == null ? "" : " (" + what + ")"));
    }
}
