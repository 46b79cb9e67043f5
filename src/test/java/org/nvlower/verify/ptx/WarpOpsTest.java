package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxReader;
import org.nvlower.sass.MufuModel;

/**
 * shfl.sync, vote.sync and redux.sync in a block of 32 threads, each result against the PTX ISA's
 * definition worked out by hand here (this module is accepted by ptxas 13 for sm_80).
 */
class WarpOpsTest {

    private static final long P = 0x10000;

    private static final String MODULE = """
            .version 8.0
            .target sm_80
            .address_size 64
            .visible .entry w(.param .u64 p)
            {
            	.reg .pred %p<3>;
            	.reg .b32 %r<12>;
            	.reg .b64 %rd<4>;
            	ld.param.u64 %rd1, [p];
            	mov.u32 %r1, %tid.x;
            	mul.wide.u32 %rd2, %r1, 4;
            	add.s64 %rd3, %rd1, %rd2;
            	ld.global.u32 %r2, [%rd3];
            	shfl.sync.down.b32 %r3|%p1, %r2, 1, 31, -1;
            	shfl.sync.up.b32 %r4|%p2, %r2, 3, 0, -1;
            	shfl.sync.bfly.b32 %r5, %r2, 5, 31, -1;
            	shfl.sync.idx.b32 %r6, %r2, 9, 0x101f, -1;
            	vote.sync.ballot.b32 %r7, %p1, -1;
            	redux.sync.add.u32 %r8, %r2, -1;
            	selp.u32 %r9, 1, 0, %p1;
            	selp.u32 %r10, 1, 0, %p2;
            	st.global.u32 [%rd3+128], %r3;
            	st.global.u32 [%rd3+256], %r4;
            	st.global.u32 [%rd3+384], %r5;
            	st.global.u32 [%rd3+512], %r6;
            	st.global.u32 [%rd3+640], %r7;
            	st.global.u32 [%rd3+768], %r8;
            	st.global.u32 [%rd3+896], %r9;
            	st.global.u32 [%rd3+1024], %r10;
            	ret;
            }
            """;

    private static PtxMemory run(String module, int threads) {
        PtxFunction k = PtxReader.read("w.ptx", module).functions().get(0);
        PtxMemory global = new PtxMemory();
        global.map(P, 2048);
        for (int i = 0; i < 128; i += 4) {
            global.store(P + i, (i / 4) * (i / 4) + 1, 4); // in[lane] = lane^2 + 1
        }
        KernelRun.block(k, Map.of("p", P), new PtxThread.Memories(global, new PtxMemory(), Map.of(), Map.of()), threads,
                (in, src) -> {
                    throw new UnsupportedOperationException(in.opcode());
                }, MufuModel.exact());
        return global;
    }

    private static long in(int lane) {
        return (long) lane * lane + 1;
    }

    @Test
    void eachLaneGetsWhatTheIsaDefines() {
        PtxMemory m = run(MODULE, 32);
        long sum = 0;
        for (int lane = 0; lane < 32; lane++) {
            sum += in(lane);
        }
        for (int lane = 0; lane < 32; lane++) {
            long at = P + 4L * lane;
            assertEquals(lane < 31 ? in(lane + 1) : in(31), m.load(at + 128, 4), "down 1, lane " + lane);
            assertEquals(lane < 31 ? 1 : 0, m.load(at + 896, 4), "down's predicate, lane " + lane);
            assertEquals(lane >= 3 ? in(lane - 3) : in(lane), m.load(at + 256, 4), "up 3, lane " + lane);
            assertEquals(lane >= 3 ? 1 : 0, m.load(at + 1024, 4), "up's predicate, lane " + lane);
            assertEquals(in(lane ^ 5), m.load(at + 384, 4), "bfly 5, lane " + lane);
            assertEquals(in((lane & 16) | 9), m.load(at + 512, 4), "idx 9 in segments of 16, lane " + lane);
            assertEquals(0x7FFFFFFFL, m.load(at + 640, 4), "ballot of down's predicate");
            assertEquals(sum, m.load(at + 768, 4), "redux.add");
        }
    }

    /** Each half warp takes its own branch and its own warp instructions, with its half as the membermask. */
    private static final String DIVERGENT = """
            .version 8.0
            .target sm_80
            .address_size 64
            .visible .entry halves(.param .u64 p)
            {
            	.reg .pred %p<3>;
            	.reg .b32 %r<6>;
            	.reg .b64 %rd<4>;
            	ld.param.u64 %rd1, [p];
            	mov.u32 %r1, %laneid;
            	mul.wide.u32 %rd2, %r1, 4;
            	add.s64 %rd3, %rd1, %rd2;
            	and.b32 %r4, %r1, 1;
            	setp.ne.u32 %p2, %r4, 0;
            	setp.lt.u32 %p1, %r1, 16;
            	@%p1 bra LOW;
            	shfl.sync.bfly.b32 %r2, %r1, 1, 31, 0xffff0000;
            	redux.sync.add.u32 %r3, %r1, 0xffff0000;
            	bra DONE;
            LOW:
            	shfl.sync.down.b32 %r2, %r1, 2, 15, 0xffff;
            	vote.sync.ballot.b32 %r3, %p2, 0xffff;
            DONE:
            	st.global.u32 [%rd3], %r2;
            	st.global.u32 [%rd3+128], %r3;
            	ret;
            }
            """;

    @Test
    void divergentHalvesTakeTheirOwnMasks() {
        PtxMemory m = run(DIVERGENT, 32);
        int upperSum = 0;
        for (int lane = 16; lane < 32; lane++) {
            upperSum += lane;
        }
        for (int lane = 0; lane < 32; lane++) {
            long at = P + 4L * lane;
            if (lane < 16) {
                assertEquals(lane + 2 <= 15 ? lane + 2 : lane, m.load(at, 4), "down 2 clamped at 15, lane " + lane);
                assertEquals(0xAAAAL, m.load(at + 128, 4), "ballot of the odd lanes of the low half, lane " + lane);
            } else {
                assertEquals(lane ^ 1, m.load(at, 4), "bfly 1, lane " + lane);
                assertEquals(upperSum, m.load(at + 128, 4), "redux.add over the high half, lane " + lane);
            }
        }
    }

    @Test
    void whatTheIsaLeavesUndefinedIsRefused() {
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> run(MODULE, 20));
        assertTrue(e.getMessage().contains("a membermask 0xffffffff naming lanes past the block's last thread"), e.getMessage());
        e = assertThrows(UnsupportedOperationException.class, () -> run(MODULE.replace("5, 31, -1", "5, 31, 0xffff"), 32));
        assertTrue(e.getMessage().contains("a waiting lane outside its membermask 0x0000ffff"), e.getMessage());
        e = assertThrows(UnsupportedOperationException.class, () -> run(DIVERGENT.replace("2, 15, 0xffff", "2, 31, 0xffff"), 32));
        assertTrue(e.getMessage().contains("lane 14 reads lane 16, outside the membermask"), e.getMessage());
        e = assertThrows(UnsupportedOperationException.class, () -> run(DIVERGENT.replace("%r1, 0xffff0000", "%r1, -1"), 32));
        assertTrue(e.getMessage().contains("a warp instruction that not every lane of its membermask reaches"), e.getMessage());
    }

    @Test
    void laneMasksNameTheLanesBelowAndAbove() {
        String module = """
                .version 8.0
                .target sm_80
                .address_size 64
                .visible .entry m(.param .u64 p)
                {
                	.reg .b32 %r<8>;
                	.reg .b64 %rd<4>;
                	ld.param.u64 %rd1, [p];
                	mov.u32 %r1, %laneid;
                	mul.wide.u32 %rd2, %r1, 4;
                	add.s64 %rd3, %rd1, %rd2;
                	mov.u32 %r2, %lanemask_eq;
                	mov.u32 %r3, %lanemask_le;
                	mov.u32 %r4, %lanemask_lt;
                	mov.u32 %r5, %lanemask_ge;
                	mov.u32 %r6, %lanemask_gt;
                	st.global.u32 [%rd3], %r2;
                	st.global.u32 [%rd3+128], %r3;
                	st.global.u32 [%rd3+256], %r4;
                	st.global.u32 [%rd3+384], %r5;
                	st.global.u32 [%rd3+512], %r6;
                	ret;
                }
                """;
        PtxMemory m = run(module, 32);
        for (int lane = 0; lane < 32; lane++) {
            long below = 0;
            for (int k = 0; k < lane; k++) {
                below |= 1L << k;
            }
            long self = 1L << lane;
            long at = P + 4L * lane;
            assertEquals(self, m.load(at, 4), "eq, lane " + lane);
            assertEquals(below | self, m.load(at + 128, 4), "le, lane " + lane);
            assertEquals(below, m.load(at + 256, 4), "lt, lane " + lane);
            assertEquals(0xFFFFFFFFL & ~below, m.load(at + 384, 4), "ge, lane " + lane);
            assertEquals(0xFFFFFFFFL & ~below & ~self, m.load(at + 512, 4), "gt, lane " + lane);
        }
    }
}
