package org.nvlower.verify.ptx;

import java.util.List;

import org.nvlower.ptx.PtxOperand;
import org.nvlower.ptx.Statement.Instruction;

/**
 * The warp instructions a kernel run takes, every lane of a warp at once, as the PTX ISA defines
 * them: {@code shfl.sync.up/down/bfly/idx.b32 d[|p], a, b, c, membermask} (c packs the clamp value
 * in bits 0-4 and the segment mask in bits 8-12; a lane whose source is out of its segment keeps
 * its own a and gets p false), {@code vote.sync.any/all/uni.pred} and {@code vote.sync.ballot.b32},
 * {@code redux.sync.add/min/max.u32/s32} and {@code redux.sync.and/or/xor.b32}. Only the full
 * warp is modelled: every lane at the same instruction and a membermask naming all 32.
 */
final class WarpOps {

    private WarpOps() {}

    /** Computes the instruction all {@code lanes} (lane i at index i) wait at and lets each go on. */
    static void take(List<PtxThread> lanes) {
        Instruction in = lanes.get(0).atWarpOp();
        for (PtxThread t : lanes) {
            if (t.atWarpOp() != in) {
                throw refused(in, "lanes of one warp at different instructions");
            }
        }
        List<PtxOperand> ops = in.operands();
        String[] parts = in.opcode().split("\\.");
        if (lanes.get(0).operand(ops.get(ops.size() - 1), 32, false) != 0xFFFFFFFFL) {
            throw refused(in, "a membermask other than the full warp");
        }
        int n = lanes.size();
        switch (in.base()) {
            case "shfl" -> {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = lanes.get(i).operand(ops.get(1), 32, false);
                }
                for (int lane = 0; lane < n; lane++) {
                    PtxThread t = lanes.get(lane);
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
                    if (p && j >= n) {
                        throw refused(in, "a source lane past the block's last thread");
                    }
                    t.finishWarpOp(a[p ? j : lane], 32, p);
                }
            }
            case "vote" -> {
                long ballot = 0;
                for (int i = 0; i < n; i++) {
                    ballot |= (lanes.get(i).operand(ops.get(1), 1, false) & 1) << i;
                }
                long all = (1L << n) - 1; // n <= 32 lanes
                long r = switch (parts[2]) {
                    case "any" -> ballot != 0 ? 1 : 0;
                    case "all" -> ballot == all ? 1 : 0;
                    case "uni" -> ballot == 0 || ballot == all ? 1 : 0;
                    case "ballot" -> ballot;
                    default -> throw refused(in, null);
                };
                for (PtxThread t : lanes) {
                    t.finishWarpOp(r, parts[2].equals("ballot") ? 32 : 1, false);
                }
            }
            case "redux" -> {
                boolean signed = parts[parts.length - 1].equals("s32");
                long r = lanes.get(0).operand(ops.get(1), 32, signed);
                for (int i = 1; i < n; i++) {
                    long x = lanes.get(i).operand(ops.get(1), 32, signed);
                    r = switch (parts[2]) {
                        case "add" -> r + x;
                        case "min" -> signed ? Math.min(r, x) : Long.compareUnsigned(r, x) <= 0 ? r : x;
                        case "max" -> signed ? Math.max(r, x) : Long.compareUnsigned(r, x) >= 0 ? r : x;
                        case "and" -> r & x;
                        case "or" -> r | x;
                        case "xor" -> r ^ x;
                        default -> throw refused(in, null);
                    };
                }
                for (PtxThread t : lanes) {
                    t.finishWarpOp(r, 32, false);
                }
            }
            default -> throw refused(in, null);
        }
    }

    private static UnsupportedOperationException refused(Instruction in, String what) {
        return new UnsupportedOperationException("'" + in.opcode() + "' is not run" + (what == null ? "" : " (" + what + ")"));
    }
}
