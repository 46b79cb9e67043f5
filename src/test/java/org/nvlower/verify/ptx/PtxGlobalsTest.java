package org.nvlower.verify.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.nvlower.ptx.PtxModule;
import org.nvlower.ptx.PtxReader;
import org.nvlower.sass.MufuModel;

/**
 * Initialized {@code .global} and {@code .const} variables as llc writes them, loaded by
 * {@link PtxGlobals} and read by a kernel in the interpreter: bytes with the trailing zeros left
 * out, wider elements (negative, hex, octal, a double's bits), alignment, pointer tables.
 */
class PtxGlobalsTest {

    private static final long BUF = 0x1000;
    private static final long TABLES = 0x100000;

    private static final String MODULE = """
            .version 7.0
            .target sm_80
            .address_size 64
            .global .align 1 .b8 odd[3] = {7, 8, 9};
            .global .align 16 .b8 tab[48] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 1};
            .const .align 4 .u32 tc[2][2] = {{7, -1}, {0x10, 010}};
            .global .align 8 .f64 d = 0d3FF0000000000000;
            .global .align 4 .b32 zero[2];
            .visible .entry k(.param .u64 buf)
            {
                .reg .b64 %a;
                .reg .b64 %d<12>;
                ld.param.u64 %a, [buf];
                mov.u64 %d1, tab;
                ld.global.nc.u64 %d2, [%d1+16];
                st.global.u64 [%a], %d2;
                ld.global.nc.u64 %d3, [%d1+32];
                st.global.u64 [%a+8], %d3;
                ld.global.nc.u64 %d4, [%d1+40];
                st.global.u64 [%a+16], %d4;
                mov.u64 %d5, tc;
                ld.const.u32 %d6, [%d5+4];
                st.global.u64 [%a+24], %d6;
                ld.const.s32 %d7, [tc+4];
                st.global.u64 [%a+32], %d7;
                ld.const.u32 %d8, [%d5+8];
                ld.const.u32 %d9, [%d5+12];
                add.s64 %d8, %d8, %d9;
                st.global.u64 [%a+40], %d8;
                ld.global.f64 %d10, [d];
                st.global.u64 [%a+48], %d10;
                ld.global.u32 %d11, [zero+4];
                st.global.u64 [%a+56], %d11;
                ret;
            }
            """;

    @Test
    void aKernelReadsTheInitialValues() {
        PtxModule m = PtxReader.read("globals.ptx", MODULE);
        PtxMemory global = new PtxMemory();
        Map<String, Long> symbols = PtxGlobals.load(m, global, TABLES);
        assertEquals(TABLES, symbols.get("odd"));
        assertEquals(0, symbols.get("tab") % 16, "aligned");
        java.util.Arrays.fill(global.map(BUF, 64), (byte) 0x55);
        PtxThread t = new PtxThread(m.functions().get(0), Map.of("buf", BUF), new PtxThread.Memories(global, new PtxMemory(), symbols, Map.of()),
                name -> null, (in, src) -> {
                    throw new UnsupportedOperationException(in.opcode());
                }, MufuModel.exact());
        assertTrue(t.run());
        assertEquals(-1L, global.load(BUF, 8));
        assertEquals(0L, global.load(BUF + 8, 8));
        assertEquals(1L, global.load(BUF + 16, 8), "the bytes past the list are zero");
        assertEquals(0xFFFFFFFFL, global.load(BUF + 24, 8));
        assertEquals(-1L, global.load(BUF + 32, 8));
        assertEquals(0x10 + 8, global.load(BUF + 40, 8));
        assertEquals(Double.doubleToLongBits(1.0), global.load(BUF + 48, 8));
        assertEquals(0L, global.load(BUF + 56, 8));
        assertEquals(9, global.load(TABLES + 2, 1));
    }

    /** Pointer tables as llc 14 and 19 write them (this module is accepted by ptxas 13 for sm_80). */
    @Test
    void aPointerTableHoldsTheAddressesOfTheVariablesItNames() {
        PtxModule m = PtxReader.read("p.ptx", """
                .version 7.1
                .target sm_80
                .address_size 64
                .visible .global .align 4 .b8 a[16] = {1, 0, 0, 0, 2};
                .visible .global .align 4 .u32 later = 5;
                .visible .global .align 8 .u64 ptrs[3] = {generic(a), generic(a)+8, later};
                .visible .global .align 8 .u64 mixed[3] = {7, a+12, 9};
                .visible .global .align 8 .u8 packed[14] = {7, 0, 0, 0, 0xFF(generic(a)+12), 0xFF00(generic(a)+12), 0xFF0000(generic(a)+12), 0xFF000000(generic(a)+12), 0xFF00000000(generic(a)+12), 0xFF0000000000(generic(a)+12), 0xFF000000000000(generic(a)+12), 0xFF00000000000000(generic(a)+12), 9, 0};
                .visible .global .align 4 .u32 open[] = {1, 2, 3};
                .visible .global .align 4 .u32 after = 6;
                """);
        PtxMemory global = new PtxMemory();
        Map<String, Long> symbols = PtxGlobals.load(m, global, 0x123456789A00L);
        long a = symbols.get("a");
        assertEquals(a, global.load(symbols.get("ptrs"), 8));
        assertEquals(a + 8, global.load(symbols.get("ptrs") + 8, 8));
        assertEquals((long) symbols.get("later"), global.load(symbols.get("ptrs") + 16, 8));
        assertEquals(a + 12, global.load(symbols.get("mixed") + 8, 8));
        assertEquals(9L, global.load(symbols.get("mixed") + 16, 8));
        long packed = symbols.get("packed");
        assertEquals(a + 12, global.load(packed + 4, 8), "eight masked bytes make the address");
        assertEquals(9, global.load(packed + 12, 1));
        assertEquals(12, symbols.get("after") - symbols.get("open"), "'[]' takes its size from the list");
    }

    @Test
    void anUnknownOrLaterSymbolOrAWideMaskIsRefusedWithTheVariablesName() {
        for (String init : new String[] {"{g}", "{nowhere+8}", "{later}", "{0xFFFF(a)}"}) {
            PtxModule m = PtxReader.read("p.ptx", ".version 7.0\n.target sm_80\n.address_size 64\n"
                    + ".global .align 8 .u64 a = 5;\n.global .align 8 .u64 ptrs[1] = " + init + ";\n"
                    + ".global .align 8 .u64 later = 6;\n.func g()\n{\n\tret;\n}\n");
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> PtxGlobals.load(m, new PtxMemory(), TABLES));
            assertTrue(e.getMessage().startsWith("ptrs: the initial value"), e.getMessage());
        }
    }
}
