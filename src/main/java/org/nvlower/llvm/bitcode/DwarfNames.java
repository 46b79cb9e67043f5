package org.nvlower.llvm.bitcode;

import java.util.HashMap;
import java.util.Map;

/**
 * The DWARF and LLVM debug-info names llvm-dis prints for numbers in debug-info nodes: tags,
 * base-type encodings, languages, calling conventions, macinfo types, expression operations
 * (with their argument counts), DIFlags and DISPFlags. A number without a name prints as the
 * number, as LLVM does.
 */
final class DwarfNames {

    private DwarfNames() {
    }

    static final Map<Long, String> TAGS = table("DW_TAG_", """
            01 array_type, 02 class_type, 03 entry_point, 04 enumeration_type, 05 formal_parameter,
            08 imported_declaration, 0a label, 0b lexical_block, 0d member, 0f pointer_type,
            10 reference_type, 11 compile_unit, 12 string_type, 13 structure_type, 15 subroutine_type,
            16 typedef, 17 union_type, 18 unspecified_parameters, 19 variant, 1a common_block,
            1b common_inclusion, 1c inheritance, 1d inlined_subroutine, 1e module, 1f ptr_to_member_type,
            20 set_type, 21 subrange_type, 22 with_stmt, 23 access_declaration, 24 base_type,
            25 catch_block, 26 const_type, 27 constant, 28 enumerator, 29 file_type, 2a friend,
            2b namelist, 2c namelist_item, 2d packed_type, 2e subprogram, 2f template_type_parameter,
            30 template_value_parameter, 31 thrown_type, 32 try_block, 33 variant_part, 34 variable,
            35 volatile_type, 36 dwarf_procedure, 37 restrict_type, 38 interface_type, 39 namespace,
            3a imported_module, 3b unspecified_type, 3c partial_unit, 3d imported_unit, 3f condition,
            40 shared_type, 41 type_unit, 42 rvalue_reference_type, 43 template_alias, 44 coarray_type,
            45 generic_subrange, 46 dynamic_type, 47 atomic_type, 48 call_site, 49 call_site_parameter,
            4a skeleton_unit, 4b immutable_type, 4106 GNU_template_template_param,
            4107 GNU_template_parameter_pack, 4200 APPLE_property""");

    static final Map<Long, String> ENCODINGS = table("DW_ATE_", """
            01 address, 02 boolean, 03 complex_float, 04 float, 05 signed, 06 signed_char, 07 unsigned,
            08 unsigned_char, 09 imaginary_float, 0a packed_decimal, 0b numeric_string, 0c edited,
            0d signed_fixed, 0e unsigned_fixed, 0f decimal_float, 10 UTF, 11 UCS, 12 ASCII""");

    static final Map<Long, String> LANGUAGES = table("DW_LANG_", """
            01 C89, 02 C, 03 Ada83, 04 C_plus_plus, 05 Cobol74, 06 Cobol85, 07 Fortran77, 08 Fortran90,
            09 Pascal83, 0a Modula2, 0b Java, 0c C99, 0d Ada95, 0e Fortran95, 0f PLI, 10 ObjC,
            11 ObjC_plus_plus, 12 UPC, 13 D, 14 Python, 15 OpenCL, 16 Go, 17 Modula3, 18 Haskell,
            19 C_plus_plus_03, 1a C_plus_plus_11, 1b OCaml, 1c Rust, 1d C11, 1e Swift, 1f Julia,
            20 Dylan, 21 C_plus_plus_14, 22 Fortran03, 23 Fortran08, 24 RenderScript, 25 BLISS,
            8001 Mips_Assembler, 8e57 GOOGLE_RenderScript, b000 BORLAND_Delphi""");

    static final Map<Long, String> CONVENTIONS = table("DW_CC_", """
            01 normal, 02 program, 03 nocall, 04 pass_by_reference, 05 pass_by_value, 40 GNU_renesas_sh,
            41 GNU_borland_fastcall_i386, b0 BORLAND_safecall, b1 BORLAND_stdcall, b2 BORLAND_pascal,
            b3 BORLAND_msfastcall, b4 BORLAND_msreturn, b5 BORLAND_thiscall, b6 BORLAND_fastcall,
            c0 LLVM_vectorcall, c1 LLVM_Win64, c2 LLVM_X86_64SysV, c3 LLVM_AAPCS, c4 LLVM_AAPCS_VFP,
            c5 LLVM_IntelOclBicc, c6 LLVM_SpirFunction, c7 LLVM_OpenCLKernel, c8 LLVM_Swift,
            c9 LLVM_PreserveMost, ca LLVM_PreserveAll, cb LLVM_X86RegCall""");

    static final Map<Long, String> MACINFO = table("DW_MACINFO_", "01 define, 02 undef, 03 start_file, 04 end_file, ff vendor_ext");

    static final Map<Long, String> CHECKSUMS = table("", "01 CSK_MD5, 02 CSK_SHA1, 03 CSK_SHA256");

    static final Map<Long, String> EMISSION_KINDS = table("", "00 NoDebug, 01 FullDebug, 02 LineTablesOnly, 03 DebugDirectivesOnly");

    static final Map<Long, String> NAME_TABLE_KINDS = table("", "00 Default, 01 GNU, 02 None, 03 Apple");

    /** Expression operations: name and argument count ({@code DW_OP_LLVM_convert}'s second is an encoding). */
    record Operation(String name, int args) {
    }

    static final Map<Long, Operation> OPERATIONS = new HashMap<>();

    static {
        String ops = """
                03 addr 1, 06 deref 0, 08 const1u 1, 09 const1s 1, 0a const2u 1, 0b const2s 1, 0c const4u 1,
                0d const4s 1, 0e const8u 1, 0f const8s 1, 10 constu 1, 11 consts 1, 12 dup 0, 13 drop 0,
                14 over 0, 15 pick 1, 16 swap 0, 17 rot 0, 18 xderef 0, 19 abs 0, 1a and 0, 1b div 0,
                1c minus 0, 1d mod 0, 1e mul 0, 1f neg 0, 20 not 0, 21 or 0, 22 plus 0, 23 plus_uconst 1,
                24 shl 0, 25 shr 0, 26 shra 0, 27 xor 0, 28 bra 1, 29 eq 0, 2a ge 0, 2b gt 0, 2c le 0,
                2d lt 0, 2e ne 0, 2f skip 1, 90 regx 1, 91 fbreg 1, 92 bregx 2, 93 piece 1, 94 deref_size 1,
                95 xderef_size 1, 96 nop 0, 97 push_object_address 0, 9c call_frame_cfa 0, 9d bit_piece 2,
                9f stack_value 0, a3 entry_value 1, a8 convert 1, a9 reinterpret 1,
                1000 LLVM_fragment 2, 1001 LLVM_convert 2, 1002 LLVM_tag_offset 1, 1003 LLVM_entry_value 1,
                1004 LLVM_implicit_pointer 0, 1005 LLVM_arg 1, 1006 LLVM_extract_bits_sext 2,
                1007 LLVM_extract_bits_zext 2""";
        for (String e : ops.split(",")) {
            String[] f = e.trim().split(" ");
            OPERATIONS.put(Long.parseLong(f[0], 16), new Operation("DW_OP_" + f[1], Integer.parseInt(f[2])));
        }
        for (int i = 0; i < 32; i++) {
            OPERATIONS.put(0x30L + i, new Operation("DW_OP_lit" + i, 0));
            OPERATIONS.put(0x50L + i, new Operation("DW_OP_reg" + i, 0));
            OPERATIONS.put(0x70L + i, new Operation("DW_OP_breg" + i, 1));
        }
    }

    /** DIFlags by bit, in the order LLVM splits them (DebugInfoFlags.def), after the packed fields. */
    static final String[][] FLAG_BITS = {
        {"4", "FwdDecl"}, {"8", "AppleBlock"}, {"10", "ReservedBit4"}, {"20", "Virtual"}, {"40", "Artificial"},
        {"80", "Explicit"}, {"100", "Prototyped"}, {"200", "ObjcClassComplete"}, {"400", "ObjectPointer"},
        {"800", "Vector"}, {"1000", "StaticMember"}, {"2000", "LValueReference"}, {"4000", "RValueReference"},
        {"8000", "ExportSymbols"}, {"40000", "IntroducedVirtual"}, {"80000", "BitField"}, {"100000", "NoReturn"},
        {"400000", "TypePassByValue"}, {"800000", "TypePassByReference"}, {"1000000", "EnumClass"},
        {"2000000", "Thunk"}, {"4000000", "NonTrivial"}, {"8000000", "BigEndian"}, {"10000000", "LittleEndian"},
        {"20000000", "AllCallsDescribed"},
    };

    /** DISPFlags by bit, after the virtuality field (bits 0-1). */
    static final String[][] SP_FLAG_BITS = {
        {"4", "LocalToUnit"}, {"8", "Definition"}, {"10", "Optimized"}, {"20", "Pure"}, {"40", "Elemental"},
        {"80", "Recursive"}, {"100", "MainSubprogram"}, {"200", "Deleted"}, {"800", "ObjCDirect"},
    };

    /** {@code flags: DIFlagPublic | DIFlagPrototyped}'s value: packed fields first, then bits, then what is left as a number. */
    static String diFlags(long flags) {
        StringBuilder sb = new StringBuilder();
        long rest = flags;
        long access = rest & 3;
        if (access != 0) {
            add(sb, access == 1 ? "DIFlagPrivate" : access == 2 ? "DIFlagProtected" : "DIFlagPublic");
            rest &= ~3L;
        }
        long inheritance = rest & (3L << 16);
        if (inheritance != 0) {
            long k = inheritance >> 16;
            add(sb, k == 1 ? "DIFlagSingleInheritance" : k == 2 ? "DIFlagMultipleInheritance" : "DIFlagVirtualInheritance");
            rest &= ~(3L << 16);
        }
        if ((rest & 0x24) == 0x24) {
            add(sb, "DIFlagIndirectVirtualBase");
            rest &= ~0x24L;
        }
        rest = bits(sb, rest, FLAG_BITS, "DIFlag");
        if (rest != 0 || sb.isEmpty()) {
            add(sb, Long.toUnsignedString(rest));
        }
        return sb.toString();
    }

    static String spFlags(long flags) {
        StringBuilder sb = new StringBuilder();
        long rest = flags;
        long virtuality = rest & 3;
        if (virtuality != 0) {
            add(sb, virtuality == 1 ? "DISPFlagVirtual" : virtuality == 2 ? "DISPFlagPureVirtual" : "DISPFlagVirtual | DISPFlagPureVirtual");
            rest &= ~3L;
        }
        rest = bits(sb, rest, SP_FLAG_BITS, "DISPFlag");
        if (rest != 0 || sb.isEmpty()) {
            add(sb, Long.toUnsignedString(rest));
        }
        return sb.toString();
    }

    private static long bits(StringBuilder sb, long rest, String[][] table, String prefix) {
        for (String[] b : table) {
            long bit = Long.parseLong(b[0], 16);
            if ((rest & bit) != 0) {
                add(sb, prefix + b[1]);
                rest &= ~bit;
            }
        }
        return rest;
    }

    private static void add(StringBuilder sb, String s) {
        sb.append(sb.isEmpty() ? "" : " | ").append(s);
    }

    private static Map<Long, String> table(String prefix, String entries) {
        Map<Long, String> m = new HashMap<>();
        for (String e : entries.split(",")) {
            String[] f = e.trim().split(" ");
            m.put(Long.parseLong(f[0], 16), prefix + f[1]);
        }
        return m;
    }
}
