package org.nvlower.llvm.text;

import java.util.Set;

/**
 * The DWARF names LLParser reads in debug-info node fields, the union of LLVM 14's and LLVM 19's
 * {@code llvm/BinaryFormat/Dwarf.def} (the names after {@code DW_TAG_} and {@code DW_LANG_}): a tag or
 * language outside these is "invalid DWARF tag"/"invalid DWARF language" for both.
 */
final class DwarfNames {

    private DwarfNames() {
    }

    /** {@code DW_TAG_} names without the prefix. */
    static final Set<String> TAGS = Set.of(
            "ALTIUM_circ_type", "ALTIUM_mwa_circ_type", "ALTIUM_rev_carry_type", "ALTIUM_rom",
            "APPLE_property", "BORLAND_Delphi_dynamic_array", "BORLAND_Delphi_set", "BORLAND_Delphi_string",
            "BORLAND_Delphi_variant", "BORLAND_property", "GHS_namespace", "GHS_template_templ_param",
            "GHS_using_declaration", "GHS_using_namespace", "GNU_BINCL", "GNU_EINCL", "GNU_call_site",
            "GNU_call_site_parameter", "GNU_formal_parameter_pack", "GNU_template_parameter_pack",
            "GNU_template_template_param", "LLVM_annotation", "LLVM_ptrauth_type", "MIPS_loop",
            "PGI_interface_block", "PGI_kanji_type", "SUN_class_template", "SUN_codeflags", "SUN_dtor",
            "SUN_dtor_info", "SUN_f90_interface", "SUN_fortran_vax_structure", "SUN_function_template",
            "SUN_hi", "SUN_indirect_inheritance", "SUN_memop_info", "SUN_omp_child_func",
            "SUN_rtti_descriptor", "SUN_struct_template", "SUN_union_template", "UPC_relaxed",
            "UPC_shared_type", "UPC_strict_type", "access_declaration", "array_type", "atomic_type",
            "base_type", "call_site", "call_site_parameter", "catch_block", "class_template", "class_type",
            "coarray_type", "common_block", "common_inclusion", "compile_unit", "condition", "const_type",
            "constant", "dwarf_procedure", "dynamic_type", "entry_point", "enumeration_type", "enumerator",
            "file_type", "formal_parameter", "format_label", "friend", "function_template", "generic_subrange",
            "immutable_type", "imported_declaration", "imported_module", "imported_unit", "inheritance",
            "inlined_subroutine", "interface_type", "label", "lexical_block", "member", "module", "namelist",
            "namelist_item", "namespace", "null", "packed_type", "partial_unit", "pointer_type",
            "ptr_to_member_type", "reference_type", "restrict_type", "rvalue_reference_type", "set_type",
            "shared_type", "skeleton_unit", "string_type", "structure_type", "subprogram", "subrange_type",
            "subroutine_type", "template_alias", "template_type_parameter", "template_value_parameter",
            "thrown_type", "try_block", "type_unit", "typedef", "union_type", "unspecified_parameters",
            "unspecified_type", "variable", "variant", "variant_part", "volatile_type", "with_stmt");

    /** {@code DW_LANG_} names without the prefix. */
    static final Set<String> LANGUAGES = Set.of(
            "Ada2005", "Ada2012", "Ada83", "Ada95", "Assembly", "BLISS", "BORLAND_Delphi", "C", "C11", "C17",
            "C89", "C99", "CPP_for_OpenCL", "C_plus_plus", "C_plus_plus_03", "C_plus_plus_11",
            "C_plus_plus_14", "C_plus_plus_17", "C_plus_plus_20", "C_sharp", "Cobol74", "Cobol85", "Crystal",
            "D", "Dylan", "Fortran03", "Fortran08", "Fortran18", "Fortran77", "Fortran90", "Fortran95", "GLSL",
            "GLSL_ES", "GOOGLE_RenderScript", "Go", "HIP", "HLSL", "Haskell", "Hylo", "Java", "Julia",
            "Kotlin", "Mips_Assembler", "Modula2", "Modula3", "Mojo", "Move", "OCaml", "ObjC",
            "ObjC_plus_plus", "OpenCL", "OpenCL_CPP", "PLI", "Pascal83", "Python", "RenderScript", "Ruby",
            "Rust", "SYCL", "Swift", "UPC", "Zig");
}
