package org.nvlower.nvptx;

import java.util.List;
import java.util.Optional;

/**
 * The SM processor table: the 45 entries cicc 13.0 holds (seed 2, "SM Processor Table"), each with
 * the PTX version code the seed assigns (5 legacy, 6 modern, 7 extended), its variant, whether cicc's
 * command line names it, and the register file size. The capabilities the other systems query
 * (MUFU seeds, the DRSQRT hardware flag, the DDIV tier) are derived from the SM number, as NVPTX.td
 * derives "implies every earlier version" rather than typing it out per row.
 */
public enum SmProcessor {
    SM_20(20, SmVariant.BASE, 5, CliAccess.CLI_TABLE_ONLY, 32_768),
    SM_21(21, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 32_768),
    SM_30(30, SmVariant.BASE, 5, CliAccess.CLI_TABLE_ONLY, 65_536),
    SM_32(32, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 65_536),
    SM_35(35, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 65_536),
    SM_37(37, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 131_072),
    SM_50(50, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 65_536),
    SM_52(52, SmVariant.BASE, 5, CliAccess.CLI_TABLE_ONLY, 65_536),
    SM_53(53, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 65_536),
    SM_60(60, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 65_536),
    SM_61(61, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 65_536),
    SM_62(62, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 65_536),
    SM_70(70, SmVariant.BASE, 5, CliAccess.CLI_TABLE_ONLY, 65_536),
    SM_72(72, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 65_536),
    SM_73(73, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 65_536),
    SM_75(75, SmVariant.BASE, 5, CliAccess.CLI, 65_536),
    SM_80(80, SmVariant.BASE, 5, CliAccess.CLI, 65_536),
    SM_82(82, SmVariant.BASE, 5, CliAccess.BACKEND_ONLY, 65_536),
    SM_86(86, SmVariant.BASE, 5, CliAccess.CLI, 65_536),
    SM_87(87, SmVariant.BASE, 5, CliAccess.CLI, 65_536),
    SM_88(88, SmVariant.BASE, 5, CliAccess.CLI, 65_536),
    SM_89(89, SmVariant.BASE, 5, CliAccess.CLI, 65_536),
    SM_90(90, SmVariant.BASE, 5, CliAccess.CLI, 65_536),
    SM_90A(90, SmVariant.ACCELERATED, 6, CliAccess.CLI, 65_536),
    SM_100(100, SmVariant.BASE, 6, CliAccess.CLI, 65_536),
    SM_100A(100, SmVariant.ACCELERATED, 7, CliAccess.CLI, 65_536),
    SM_100F(100, SmVariant.FORWARD_COMPATIBLE, 7, CliAccess.CLI, 65_536),
    SM_101(101, SmVariant.BASE, 6, CliAccess.BACKEND_ONLY, 65_536),
    SM_101A(101, SmVariant.ACCELERATED, 7, CliAccess.BACKEND_ONLY, 65_536),
    SM_101F(101, SmVariant.FORWARD_COMPATIBLE, 7, CliAccess.BACKEND_ONLY, 65_536),
    SM_102(102, SmVariant.BASE, 6, CliAccess.BACKEND_ONLY, 65_536),
    SM_102A(102, SmVariant.ACCELERATED, 7, CliAccess.BACKEND_ONLY, 65_536),
    SM_102F(102, SmVariant.FORWARD_COMPATIBLE, 7, CliAccess.BACKEND_ONLY, 65_536),
    SM_103(103, SmVariant.BASE, 6, CliAccess.CLI, 65_536),
    SM_103A(103, SmVariant.ACCELERATED, 7, CliAccess.CLI, 65_536),
    SM_103F(103, SmVariant.FORWARD_COMPATIBLE, 7, CliAccess.CLI, 65_536),
    SM_110(110, SmVariant.BASE, 6, CliAccess.CLI, 65_536),
    SM_110A(110, SmVariant.ACCELERATED, 7, CliAccess.CLI, 65_536),
    SM_110F(110, SmVariant.FORWARD_COMPATIBLE, 7, CliAccess.CLI, 65_536),
    SM_120(120, SmVariant.BASE, 6, CliAccess.CLI, 65_536),
    SM_120A(120, SmVariant.ACCELERATED, 7, CliAccess.CLI, 65_536),
    SM_120F(120, SmVariant.FORWARD_COMPATIBLE, 7, CliAccess.CLI, 65_536),
    SM_121(121, SmVariant.BASE, 6, CliAccess.CLI, 65_536),
    SM_121A(121, SmVariant.ACCELERATED, 7, CliAccess.CLI, 65_536),
    SM_121F(121, SmVariant.FORWARD_COMPATIBLE, 7, CliAccess.CLI, 65_536);

    /** How cicc's command line treats an SM (docs/target.md, "Which SMs the CLI accepts"). */
    public enum CliAccess {
        /** Only in the backend's processor table; no {@code compute_XX} name on the command line. */
        BACKEND_ONLY,
        /**
         * Named in cicc's {@code compute_XX} table (docs/facts.md) but rejected by cicc 13.0's
         * front end ("invalid or no value specified with --nv_arch flag"); nvlower accepts it.
         */
        CLI_TABLE_ONLY,
        /** Accepted by cicc 13.0's front end and by nvlower. */
        CLI
    }

    /** MUFU.RCP64H and MUFU.RSQ64H (28-bit FP64 seeds) exist from this SM on (seed 3). */
    public static final int MUFU_64H_SINCE = 80;
    /** MUFU.SQRT exists from this SM on (seed 3). */
    public static final int MUFU_SQRT_SINCE = 89;

    private static final List<SmProcessor> ALL = List.of(values());

    private final int number;
    private final SmVariant variant;
    private final int ptxVersionCode;
    private final CliAccess cliAccess;
    private final int registerFileSize;

    SmProcessor(int number, SmVariant variant, int ptxVersionCode, CliAccess cliAccess, int registerFileSize) {
        this.number = number;
        this.variant = variant;
        this.ptxVersionCode = ptxVersionCode;
        this.cliAccess = cliAccess;
        this.registerFileSize = registerFileSize;
    }

    /** All 45 entries in the table's order. */
    public static List<SmProcessor> all() {
        return ALL;
    }

    /** The entry named {@code sm_XX[a|f]}, if the table has it. */
    public static Optional<SmProcessor> byName(String name) {
        return ALL.stream().filter(sm -> sm.smName().equals(name)).findFirst();
    }

    /** The SM number as in the name: 80 for sm_80, 100 for sm_100a. */
    public int number() {
        return number;
    }

    public SmVariant variant() {
        return variant;
    }

    /** The backend name, the CPU string of the TargetMachine: {@code sm_90a}. */
    public String smName() {
        return "sm_" + number + variant.suffix();
    }

    /** The virtual-architecture spelling cicc's {@code -arch} takes: {@code compute_90a}. */
    public String computeName() {
        return "compute_" + number + variant.suffix();
    }

    /** The PTX version code of the table's odd slots: 5 legacy, 6 modern, 7 extended. */
    public int ptxVersionCode() {
        return ptxVersionCode;
    }

    public CliAccess cliAccess() {
        return cliAccess;
    }

    /** Whether nvlower's {@code -arch} accepts this SM (every name of cicc's compute_XX table). */
    public boolean acceptedByCli() {
        return cliAccess != CliAccess.BACKEND_ONLY;
    }

    /** "SM version (multiplied by 10)": the value of {@code __CUDA_ARCH}, 800 for sm_80 and sm_80's kin. */
    public int archValue() {
        return number * 10;
    }

    /** MUFU.RCP64H, the ~28-bit FP64 reciprocal seed (sm_80+). */
    public boolean hasMufuRcp64h() {
        return number >= MUFU_64H_SINCE;
    }

    /** MUFU.RSQ64H, the ~28-bit FP64 reciprocal square root seed (sm_80+). */
    public boolean hasMufuRsq64h() {
        return number >= MUFU_64H_SINCE;
    }

    /** MUFU.TANH, PTX tanh.approx.f32 (sm_75+; ptxas 11.8 refuses tanh for earlier targets). */
    public boolean hasMufuTanh() {
        return number >= 75;
    }

    /** MUFU.SQRT (sm_89+). */
    public boolean hasMufuSqrt() {
        return number >= MUFU_SQRT_SINCE;
    }

    /**
     * The hardware flag the DRSQRT handler tests to pick the reduced 59-register coordinator over
     * the full Newton-Raphson one. The seed says it "likely indicates" MUFU.RSQ64H; nvlower sets it
     * exactly when the SM has MUFU.RSQ64H.
     */
    public boolean drsqrtHardwareFlag() {
        return hasMufuRsq64h();
    }

    /** 32-bit registers per SM. */
    public int registerFileSize() {
        return registerFileSize;
    }

    /** The DDIV template tier when the whole register file is the limit. */
    public DdivTier ddivTier() {
        return DdivTier.select(registerFileSize);
    }

    /** Native f16 arithmetic (and the v2f16 register type) from sm_53 on. */
    public boolean hasF16Arithmetic() {
        return number >= 53;
    }

    /** bf16 and v2bf16 as register types from sm_80 on. */
    public boolean hasBf16() {
        return number >= 80;
    }

    /** v2i16 as a register type from sm_90 on. */
    public boolean hasPackedI16() {
        return number >= 90;
    }

    /** {@code __float128} in device code: nvcc rejects it for sm_90 and accepts it for sm_100 (docs/facts.md). */
    public boolean acceptsFloat128() {
        return number >= 100;
    }

    @Override
    public String toString() {
        return smName();
    }
}
