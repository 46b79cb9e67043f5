package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.AttributeGroup;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.ExternalTools;

/**
 * Valid IR that nvlower once rejected (issue 9 and the differential fuzz run): each module must
 * round-trip byte for byte, also after its bodies are materialized, and llvm-as 14 must accept it
 * (checked when llvm-as is present, so the test stays honest about what "valid" means).
 */
class ValidIrAcceptedTest {

    @TempDir
    Path work;

    private void assertValid(String name, String text) {
        assertValid(work, name, text);
    }

    /** {@code text} round-trips byte for byte, also after materializing, and llvm-as accepts it where present. */
    static Module assertValid(Path work, String name, String text) {
        Module m = RoundTrip.check(name, text);
        m.functions().forEach(Function::materialize);
        assertEquals(text, IrPrinter.print(m), name + " after materializing");
        Optional<Path> llvmAs = ExternalTools.llvmAs();
        if (llvmAs.isPresent()) {
            assertEquals(null, Differential.llvmAs(llvmAs.get(), text, work), name + ": llvm-as rejects it");
        }
        return m;
    }

    @Test
    void whitespaceBetweenExclaimAndMetadataNumber() throws IOException {
        assertValid("spaced-metadata.ll", """
                define void @f() !dbg ! 0 {
                  ret void, !nvlower ! 1
                }
                !nvvm.annotations = !{! 1, !1}
                ! 0 = !{}
                !1 = !{! 0,  !  0}
                """);
        // and a spaced use of an undefined node is still an error, at the number as llvm-as says
        InputException e = assertThrows(InputException.class, () -> IrParser.parse("u.ll", "!0 = !{! 5}\n"));
        assertEquals("use of undefined metadata '!5'", e.getMessage());
        assertEquals(10, e.position().column());
    }

    /** LLVM 3.9's tests (Assembler/unnamed.ll, anon-functions.ll) have the deprecated {@code s0:64:64}: LLVM ignores it. */
    @Test
    void theDeprecatedStackAlignmentSpecifierIsIgnored() {
        assertValid("old-layout.ll", """
                target datalayout = "e-p:64:64:64-i64:64:64-a0:0:64-s0:64:64-f80:128:128"
                @g = global i32 0
                """);
    }

    @Test
    void anAttributeGroupNumberDefinedTwiceIsMerged() {
        String text = """
                define void @f() #0 {
                  ret void
                }
                attributes #0 = { nounwind }
                attributes #0 = { "nvlower"="merged" }
                """;
        assertValid("merged-attribute-groups.ll", text);
        assertEquals(List.of(0, 0), IrParser.parse("m.ll", text).attributeGroups().stream()
                .map(AttributeGroup::id).toList(), "both groups are kept");
    }

    @Test
    void instructionsSharingALine() {
        assertValid("one-line-instructions.ll", """
                declare void @g()
                declare i32 @h(i32)
                attributes #0 = { nounwind }
                define void @f(i32* %p) {
                  call void @g() call void @g()
                  call void @g() #0 call void @g() nounwind tail call void @g()
                  %a = call i32 @h(i32 1) %b = add i32 %a, 1 store i32 %b, i32* %p
                  %c = load i32, i32* %p, align 4 fence seq_cst %d = getelementptr i32, i32* %p, i64 1
                  %e = icmp eq i32 %a, %b %s = select i1 %e, i32 1, i32 2 br label %next
                next: %x = phi i32 [ %s, %0 ] ret void
                }
                """);
    }

    /**
     * llvm-as 14 accepts about 22,000 to 27,000 levels (its 8 MB stack then overflows); nvlower
     * accepts up to 32,768 on any thread: this one has surefire's 8 MB stack, too little, so the
     * parser must move to its own deep stack, and so must a deep body when materialized.
     */
    @Test
    void nestingAsDeepAsLlvmAsAccepts() {
        int n = 20_000;
        String array = "[1 x ".repeat(n) + "i32" + "]".repeat(n);
        assertValid("deep-types.ll", "@a = global " + array + " zeroinitializer\n"
                + "@s = global " + "{".repeat(n) + "i32" + "}".repeat(n) + " zeroinitializer\n");
        assertValid("deep-metadata.ll", "!0 = " + "!{".repeat(n) + "}".repeat(n) + "\n");
        assertValid("deep-body.ll", "define void @f() {\n  %p = alloca " + array + "\n  ret void\n}\n");
        int c = 150; // constants: each level spells its type too, so the text grows as c squared
        StringBuilder value = new StringBuilder("i32 1");
        for (int i = 1; i <= c; i++) {
            value.insert(0, "[1 x ".repeat(i - 1) + "i32" + "]".repeat(i - 1) + "] [").insert(0, "[1 x ");
            value.append(']');
        }
        assertValid("deep-constant.ll", "@c = global " + value + "\n");
    }

    /**
     * Hex float literals with more or fewer digits than the encoding has: llvm-as reads them
     * (its lexer's overflow message is never shown when the parse succeeds), and the value must
     * be the one llvm-dis prints back.
     */
    @Test
    void hexFloatLiteralsOfAnyLength() {
        String[][] rows = {
            {"double", "0x3EFA01A018D03e4E6"}, {"double", "0xFFFFFFFFFFFFFFFFF"}, {"float", "0x0000000000000000000"},
            {"x86_fp80", "0xK3FFF80000000000000000001"},
            {"fp128", "0xL0123456789ABCDEF0123"}, {"fp128", "0xL123"},
            {"fp128", "0xL0123456789ABCDEF0123456789ABCDEF01"}, {"ppc_fp128", "0xM3FF00000000000000000000000000000FF"},
            {"half", "0xH10000"}, {"half", "0xH3C001"}, {"bfloat", "0xR3F801"},
        };
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < rows.length; i++) {
            text.append("@g").append(i).append(" = global ").append(rows[i][0]).append(' ').append(rows[i][1]).append('\n');
        }
        assertValid("hex-float-digits.ll", text.toString());
        // read the same way too, but printed differently by LLVM (a subnormal double in decimal,
        // an x87 unnormal as NaN): accepted, not compared
        assertValid("hex-float-short.ll", "@a = global double 0x00000000000000001\n@b = global double 0x3FF\n"
                + "@c = global x86_fp80 0xK3FFF8\n");
        Module m = IrParser.parse("hex.ll", text.toString());
        List<String> ours = m.globals().stream()
                .map(g -> IrPrinter.constant(((org.nvlower.llvm.ir.GlobalVariable) g).initializer())).toList();
        Optional<Path> llvmAs = ExternalTools.llvmAs();
        Optional<Path> llvmDis = ExternalTools.llvmDis();
        if (llvmAs.isPresent() && llvmDis.isPresent()) {
            List<String> theirs = Differential.disassembledInitializers(llvmAs.get(), llvmDis.get(), text.toString(), work);
            assertEquals(theirs, ours, "the values llvm-dis prints");
        }
    }

    /** Attributes after a global as after a function header, and an initializer on the next line. */
    @Test
    void globalsWithAttributesAndInitializersOnTheNextLine() {
        assertValid("global-attributes.ll", """
                @a = global i32 0 align 4
                @b = global i32 0, section "s" "key"="value" "flag" #0
                @c = external global i32 nounwind align 8
                @d = global i2
                  0
                @e = constant i8
                1align 2
                attributes #0 = { "x" }
                """);
    }

    /** Constant callees llvm-as reads (fuzz finding #5157: {@code call float zeroinitializer(...)}). */
    @Test
    void keywordConstantsAsCallees() {
        assertValid("keyword-callees.ll", """
                define void @f(float %x) {
                  call void zeroinitializer()
                  call void undef()
                  call void poison()
                  call void null()
                  %y = call float zeroinitializer(float %x, float 1.0)
                  ret void
                }
                """);
    }

    /** LLVM 3.9's Bitcode/tailcall.ll, calling-conventions.3.2.ll: {@code cc1023} is {@code cc 1023}. */
    @Test
    void aNumberedCallingConventionWithoutASpace() {
        assertValid("cc-number.ll", """
                declare cc1023 void @g()
                define cc1023 void @f() {
                  tail call cc1023 void @g()
                  ret void
                }
                """);
    }

    /** LLVM 3.9's Assembler/getelementptr.ll: a vector GEP indexes a struct with a splat vector constant. */
    @Test
    void aVectorGepIndexesAStructWithASplat() {
        assertValid("vector-gep-struct.ll", """
                @z = global <2 x i32*> getelementptr ([3 x {i32, i32}], <2 x [3 x {i32, i32}]*> zeroinitializer, \
                <2 x i32> <i32 1, i32 2>, <2 x i32> <i32 2, i32 3>, <2 x i32> <i32 1, i32 1>)
                """);
    }

    /** LLVM 3.9's Assembler/insertextractvalue.ll: a constant extractvalue has the element's type (LLVM 14; 19 has no such constant). */
    @Test
    void aConstantExtractvalueHasTheElementType() {
        assertValid("extractvalue-constant.ll", """
                define float @f() {
                  ret float extractvalue ({{i32},{float, double}} undef, 1, 0)
                }
                """);
    }
}
