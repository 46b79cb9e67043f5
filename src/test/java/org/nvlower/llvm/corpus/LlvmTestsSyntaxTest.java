package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.ExternalTools;

/**
 * Valid syntax from LLVM 14's own Assembler and Bitcode tests that nvlower once rejected
 * ({@code bench/llvm-tests-agreement}, docs/llvm-ir-testing.md), written again in small modules:
 * each round-trips byte for byte, also after materializing, and llvm-as 14 accepts it where present.
 */
class LlvmTestsSyntaxTest {

    @TempDir
    Path work;

    private Module assertValid(String name, String text) {
        return ValidIrAcceptedTest.assertValid(work, name, text);
    }

    /** Assembler/block-labels.ll: a label may start with '$' ("$N:", LLLexer's LexDollar). */
    @Test
    void aDollarLabel() {
        assertValid("dollar-label.ll", """
                define i32 @f() {
                  br label %$N
                $N:
                  ret i32 0
                }
                """);
    }

    /** Bitcode/tailcall.ll, calling-conventions.3.2.ll: "cc1023" is the keyword cc, then the number. */
    @Test
    void aNumberedCallingConventionWithoutSpace() {
        Module m = assertValid("cc-number.ll", """
                declare cc10 void @ghc()
                define cc1023 void @f() {
                  tail call cc1023 void @f()
                  call cc 10 void @ghc()
                  ret void
                }
                """);
        Function f = m.function("f").orElseThrow();
        assertEquals("tail call cc1023 void @f()", IrPrinter.canonical(f.blocks().get(0).instructions().get(0)));
    }

    /** Verifier/preallocated-valid.ll: {@code preallocated(T)} is also a function (call-site) attribute. */
    @Test
    void preallocatedAfterACall() {
        assertValid("preallocated-call.ll", """
                declare token @llvm.call.preallocated.setup(i32)
                declare i8* @llvm.call.preallocated.arg(token, i32)
                define void @f() {
                  %cs = call token @llvm.call.preallocated.setup(i32 1)
                  %x = call i8* @llvm.call.preallocated.arg(token %cs, i32 0) preallocated(i32)
                  ret void
                }
                attributes #0 = { preallocated(i64) }
                """);
    }

    /** Assembler/byval-type-attr.ll: {@code %t = type [8 x i8]} names a non-struct type; uses read as that type. */
    @Test
    void aNamedNonStructTypeStandsForTheType() {
        Module m = assertValid("type-alias.ll", """
                %named_type = type [8 x i8]
                %v = type <4 x i32>
                @g = global %named_type zeroinitializer
                declare void @h(%named_type* byval(%named_type))
                define %v @f(%v %x) {
                  ret %v %x
                }
                """);
        assertEquals(new ArrayType(8, IntegerType.of(8)), m.global("g").valueType());
    }

    /** Assembler/ConstantExprFold.ll, getelementptr.ll: a vector GEP's struct index is a splat vector. */
    @Test
    void aVectorGepWithASplatStructIndex() {
        assertValid("vector-gep.ll", """
                @a = global <2 x i8*> getelementptr ({ i8 }, <2 x { i8 }*> undef, <2 x i64> <i64 1, i64 1>, <2 x i32> <i32 0, i32 0>)
                @z = global <2 x i32*> getelementptr ([3 x {i32, i32}], <2 x [3 x {i32, i32}]*> zeroinitializer, <2 x i32> <i32 1, i32 2>, <2 x i32> <i32 2, i32 3>, <2 x i32> zeroinitializer)
                """);
    }

    /** Assembler/getelementptr_vscale_struct.ll: a scalable zeroinitializer is no struct index (llvm-as 14 and 19 say so too). */
    @Test
    void aScalableSplatIsNoStructIndex() {
        org.nvlower.diag.InputException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.nvlower.diag.InputException.class, () -> IrParser.parse("v.ll", """
                define void @f(<vscale x 2 x {i32, i32}*> %a) {
                  %w = getelementptr {i32, i32}, <vscale x 2 x {i32, i32}*> %a, <vscale x 2 x i32> zeroinitializer, <vscale x 2 x i32> zeroinitializer
                  ret void
                }
                """));
        assertEquals("invalid getelementptr indices", e.getMessage());
        assertEquals(2, e.position().line());
    }

    /** Assembler/huge-array.ll, Bitcode/attributes.ll: array lengths and dereferenceable bytes are unsigned 64-bit. */
    @Test
    void unsigned64BitCountsAndAttributes() {
        Module m = assertValid("huge.ll", """
                @g = external global [18446744073709551615 x i8]
                declare dereferenceable(18446744073709551606) i8* @f(i8* dereferenceable(18446744073709551615))
                """);
        assertEquals("[18446744073709551615 x i8]", m.global("g").valueType().toString());
    }

    /** Assembler/insertextractvalue.ll: an extractvalue constant expression has the element's type (LLVM 14). */
    @Test
    void anExtractValueConstantExpressionHasTheElementType() {
        Module m = assertValid("extractvalue-constant.ll", """
                @g = global float extractvalue ({ i32, { float, double } } { i32 1, { float, double } { float 2.0, double 3.0 } }, 1, 0)
                """);
        assertEquals("float", m.global("g").valueType().toString());
        assertEquals("extractvalue ({ i32, { float, double } } { i32 1, { float, double } { float 2.000000e+00, "
                + "double 3.000000e+00 } }, 1, 0)", IrPrinter.constant(((GlobalVariable) m.global("g")).initializer()));
    }

    /** Bitcode/dso_local_equivalent.ll: the constant has its global's (pointer) type, also as a callee. */
    @Test
    void dsoLocalEquivalentHasTheGlobalsType() {
        Module m = assertValid("dso-local-equivalent.ll", """
                declare void @g()
                define void @f() {
                  call void dso_local_equivalent @g()
                  ret void
                }
                """);
        CallInst call = (CallInst) m.function("f").orElseThrow().blocks().get(0).instructions().get(0);
        assertInstanceOf(PointerType.class, call.callee().type());
    }

    /** Assembler/thinlto-summary.ll and 9 more: summary entries ("^0 = module: (...)") read, kept as text. */
    @Test
    void summaryEntries() {
        assertValid("summary.ll", """
                ^0 = module: (path: "a.o", hash: (0, 0, 0, 0, 0))
                ^1 = gv: (guid: 1, summaries: (function: (module: ^0, flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0, dsoLocal: 0), insts: 1)))
                ^2 = flags: 8
                ^3 = blockcount: 0
                """);
    }

    /** Assembler/datalayout-anypointersize.ll: a pointer's size need not be whole bytes (its alignments must). */
    @Test
    void aPointerSizeInAnyNumberOfBits() {
        assertValid("pointer-size.ll", """
                target datalayout = "p:52:64-p1:64:64:64:52-i8:8:8:8-ni:1"
                """);
    }

    /**
     * Data layout values LLVM 14 and 19 refuse (Assembler/datalayout-invalid-*.ll and kin): llvm-as
     * aborts without a position, nvlower points at the string with llvm-as's message.
     */
    @Test
    void dataLayoutValuesLlvmRefuses() throws java.io.IOException {
        String[][] cases = {
            {"Fi24", "Alignment is neither 0 nor a power of 2"},
            {"S24", "Alignment is neither 0 nor a power of 2"},
            {"S12", "number of bits must be a byte width multiple"},
            {"G16777216", "Invalid address space, must be a 24bit integer"},
            {"p16777216:64:64", "Invalid address space, must be a 24bit integer"},
            {"p:64:24", "Pointer ABI alignment must be a power of 2"},
            {"p:64:64:24", "Pointer preferred alignment must be a power of 2"},
            {"p:0:64", "Invalid pointer size of 0 bytes"},
            {"p:64:64:64:0", "Invalid index size of 0 bytes"},
            {"i32:24", "Invalid ABI alignment, must be a power of 2"},
            {"f32:32:24", "Invalid preferred alignment, must be a power of 2"},
            {"i32:0", "ABI alignment specification must be >0 for non-aggregate types"},
            {"i32:16:8", "Preferred alignment cannot be less than the ABI alignment"},
            {"a8:8", "Sized aggregate specification in datalayout string"},
            {"n8:0", "Zero width native integer type in datalayout string"},
            {"ni:0", "Address space 0 can never be non-integral"},
        };
        Optional<Path> llvmAs = ExternalTools.llvmAs();
        for (String[] c : cases) {
            String text = "target datalayout = \"" + c[0] + "\"\n";
            org.nvlower.diag.InputException e = org.junit.jupiter.api.Assertions.assertThrows(
                    org.nvlower.diag.InputException.class, () -> IrParser.parse("dl.ll", text), c[0]);
            assertEquals("dl.ll:1:21", e.position().toString(), c[0]);
            assertEquals("invalid data layout: " + c[1] + " in '" + c[0] + "'", e.getMessage());
            if (llvmAs.isPresent()) {
                Path file = java.nio.file.Files.writeString(work.resolve("dl.ll"), text);
                ExternalTools.Result r = ExternalTools.run(30, llvmAs.get(), file.toString(), "-o", "/dev/null");
                // LLVM 19 spells two messages "24-bit"; the rule is the same
                assertEquals(true, r.exitCode() != 0 && r.stderr().replace("24-bit", "24bit").contains(c[1]),
                        c[0] + ": " + r.stderr());
            }
        }
    }

    /** The parsed module, not only its text: the alias type and the vector GEP's result type. */
    @Test
    void theModelHoldsTheReadTypes() {
        Module m = IrParser.parse("t.ll", "%t = type i32\n@g = global %t 7\n");
        assertEquals(IntegerType.of(32), m.global("g").valueType());
    }
}
