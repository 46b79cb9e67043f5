package org.nvlower.llvm.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nvlower.diag.InputException;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.nvptx.TargetMachine;

/** NVVMReflect on every key and every argument form; values from the TargetMachine, the module flag and -R. */
class NvvmReflectTest {

    /** One store per key, so the folded value is visible in the text; typed pointers (LLVM 14). */
    static final String KEYS_TYPED = """
            @ftz = private unnamed_addr constant [11 x i8] c"__CUDA_FTZ\\00"
            @arch = private unnamed_addr constant [12 x i8] c"__CUDA_ARCH\\00"
            @sqrt = private unnamed_addr constant [17 x i8] c"__CUDA_PREC_SQRT\\00"
            @div = private unnamed_addr constant [16 x i8] c"__CUDA_PREC_DIV\\00"
            @other = private unnamed_addr constant [8 x i8] c"MY_KEY\\00\\00"
            @ftz1 = private unnamed_addr addrspace(1) constant [11 x i8] c"__CUDA_FTZ\\00"
            @ftz4 = private unnamed_addr addrspace(4) constant [11 x i8] c"__CUDA_FTZ\\00"

            declare i32 @__nvvm_reflect(i8*)
            declare i32 @__nvvm_reflect_ocl(i8 addrspace(4)*)
            declare i32 @llvm.nvvm.reflect(i8*)
            declare i8* @llvm.nvvm.ptr.constant.to.gen.p0i8.p4i8(i8 addrspace(4)*)

            define void @keys(i32* %out) {
              %f = call i32 @__nvvm_reflect(i8* getelementptr inbounds ([11 x i8], [11 x i8]* @ftz, i32 0, i32 0))
              store volatile i32 %f, i32* %out
              %a = call i32 @__nvvm_reflect(i8* getelementptr inbounds ([12 x i8], [12 x i8]* @arch, i64 0, i64 0))
              store volatile i32 %a, i32* %out
              %s = call i32 @__nvvm_reflect(i8* getelementptr ([17 x i8], [17 x i8]* @sqrt, i32 0, i32 0))
              store volatile i32 %s, i32* %out
              %d = call i32 @__nvvm_reflect(i8* getelementptr inbounds ([16 x i8], [16 x i8]* @div, i32 0, i32 0))
              store volatile i32 %d, i32* %out
              %o = call i32 @__nvvm_reflect(i8* getelementptr inbounds ([8 x i8], [8 x i8]* @other, i32 0, i32 0))
              store volatile i32 %o, i32* %out
              ret void
            }

            define void @forms(i32* %out) {
              %c1 = call i32 @__nvvm_reflect(i8* addrspacecast (i8 addrspace(1)* getelementptr inbounds ([11 x i8], [11 x i8] addrspace(1)* @ftz1, i32 0, i32 0) to i8*))
              store volatile i32 %c1, i32* %out
              %c2 = call i32 @__nvvm_reflect(i8* bitcast ([11 x i8]* @ftz to i8*))
              store volatile i32 %c2, i32* %out
              %c3 = call i32 @__nvvm_reflect_ocl(i8 addrspace(4)* getelementptr inbounds ([11 x i8], [11 x i8] addrspace(4)* @ftz4, i32 0, i32 0))
              store volatile i32 %c3, i32* %out
              %c4 = call i32 @llvm.nvvm.reflect(i8* getelementptr inbounds ([11 x i8], [11 x i8]* @ftz, i32 0, i32 0))
              store volatile i32 %c4, i32* %out
              %g = getelementptr inbounds [11 x i8], [11 x i8]* @ftz, i64 0, i64 0
              %c5 = call i32 @__nvvm_reflect(i8* %g)
              store volatile i32 %c5, i32* %out
              %p = call i8* @llvm.nvvm.ptr.constant.to.gen.p0i8.p4i8(i8 addrspace(4)* getelementptr inbounds ([11 x i8], [11 x i8] addrspace(4)* @ftz4, i32 0, i32 0))
              %c6 = call i32 @__nvvm_reflect(i8* %p)
              store volatile i32 %c6, i32* %out
              ret void
            }
            """;

    /** The same in opaque-pointer form (LLVM 15+). */
    static final String KEYS_OPAQUE = """
            @ftz = private unnamed_addr constant [11 x i8] c"__CUDA_FTZ\\00"
            @arch = private unnamed_addr constant [12 x i8] c"__CUDA_ARCH\\00"
            @sqrt1 = private unnamed_addr addrspace(1) constant [17 x i8] c"__CUDA_PREC_SQRT\\00"

            declare i32 @__nvvm_reflect(ptr)

            define void @keys(ptr %out) {
              %f = call i32 @__nvvm_reflect(ptr @ftz)
              store volatile i32 %f, ptr %out
              %a = call i32 @__nvvm_reflect(ptr @arch)
              store volatile i32 %a, ptr %out
              %s = call i32 @__nvvm_reflect(ptr addrspacecast (ptr addrspace(1) @sqrt1 to ptr))
              store volatile i32 %s, ptr %out
              ret void
            }
            """;

    private static List<String> storedValues(String text, String function) {
        int start = text.indexOf("define void @" + function);
        String body = text.substring(start, text.indexOf("\n}", start));
        return body.lines().filter(l -> l.contains("store volatile i32 "))
                .map(l -> l.substring(l.indexOf("i32 ") + 4, l.indexOf(','))).toList();
    }

    private static Map<String, Integer> values(String... cicc) {
        return TargetMachine.fromCommandLine(cicc).reflectMap();
    }

    @Test
    void everyKeyFoldsToTheTargetMachinesValue(@TempDir Path dir) {
        Module m = IrParser.parse("keys.ll", KEYS_TYPED);
        NvvmReflect.Result r = NvvmReflect.run(m, values("-arch=compute_80", "-ftz=1", "-prec-sqrt=0", "-prec-div=0"));
        String text = PassChecks.assertValid(dir, m);
        // ARCH is SM x 10; PREC_DIV is folded although libdevice never asks; an unknown key is 0
        assertEquals(List.of("1", "800", "0", "0", "0"), storedValues(text, "keys"));
        assertEquals(List.of("1", "1", "1", "1", "1", "1"), storedValues(text, "forms"));
        assertEquals(11, r.folded());
        assertEquals(Map.of("__CUDA_FTZ", 7, "__CUDA_ARCH", 1, "__CUDA_PREC_SQRT", 1, "__CUDA_PREC_DIV", 1, "MY_KEY", 1),
                r.keys());
        assertTrue(!text.contains("call i32 @__nvvm_reflect("), text);
    }

    @Test
    void defaultsAreNvccs(@TempDir Path dir) {
        Module m = IrParser.parse("keys.ll", KEYS_TYPED);
        NvvmReflect.run(m, values());
        String text = PassChecks.assertValid(dir, m);
        // nvcc 13.0's defaults: compute_75, -ftz=0, -prec-div=1, -prec-sqrt=1
        assertEquals(List.of("0", "750", "1", "1", "0"), storedValues(text, "keys"));
    }

    @Test
    void opaquePointerForms(@TempDir Path dir) {
        Module m = IrParser.parse("opaque.ll", KEYS_OPAQUE);
        NvvmReflect.run(m, values("-arch=sm_90", "-prec-sqrt=1"));
        String text = PassChecks.assertValid(dir, m);
        assertEquals(List.of("0", "900", "1"), storedValues(text, "keys"));
    }

    @ParameterizedTest
    @CsvSource({"'', 1", "-ftz=0, 0", "-ftz=1, 1"})
    void moduleFlagGivesFtzUnlessTheOptionsSayIt(String option, int expected) {
        Module m = IrParser.parse("flag.ll", KEYS_OPAQUE + """
                !llvm.module.flags = !{!0}
                !0 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
                """);
        List<String> cicc = option.isEmpty() ? List.of() : List.of(option);
        TargetMachine tm = TargetMachine.fromCommandLine(cicc);
        Map<String, Integer> v = NvvmReflect.values(tm, m, cicc.stream().noneMatch(a -> a.startsWith("-ftz")), Map.of());
        assertEquals(expected, v.get("__CUDA_FTZ"));
    }

    @Test
    void overridesWinOverEverything() {
        Module m = IrParser.parse("keys.ll", KEYS_TYPED);
        Map<String, Integer> over = NvvmReflect.parseOverrides(List.of("__CUDA_ARCH=520", "MY_KEY=0x10", "__CUDA_FTZ=1"));
        Map<String, Integer> v = NvvmReflect.values(TargetMachine.fromCommandLine("-arch=sm_90"), m, true, over);
        Map<String, Integer> expected = new LinkedHashMap<>();
        expected.put("__CUDA_ARCH", 520);
        expected.put("__CUDA_FTZ", 1);
        expected.put("__CUDA_PREC_DIV", 1);
        expected.put("__CUDA_PREC_SQRT", 1);
        expected.put("MY_KEY", 16);
        assertEquals(expected, v);
        NvvmReflect.run(m, v);
        assertEquals(List.of("1", "520", "1", "1", "16"), storedValues(org.nvlower.llvm.text.IrPrinter.print(m), "keys"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "__CUDA_FTZ|-R __CUDA_FTZ: expected KEY=VALUE, e.g. -R __CUDA_FTZ=1",
            "=1|-R =1: expected KEY=VALUE, e.g. -R __CUDA_FTZ=1",
            "__CUDA_FTZ=yes|-R __CUDA_FTZ=yes: 'yes' is not a 32-bit integer",
            "__CUDA_ARCH=99999999999|-R __CUDA_ARCH=99999999999: '99999999999' is not a 32-bit integer"})
    void badOverridesAreInputErrors(String arg, String message) {
        InputException e = assertThrows(InputException.class, () -> NvvmReflect.parseOverrides(List.of(arg)));
        assertEquals(message, e.getMessage());
    }

    @Test
    void conflictingOverrides() {
        InputException e = assertThrows(InputException.class,
                () -> NvvmReflect.parseOverrides(List.of("__CUDA_FTZ=1", "__CUDA_FTZ=0")));
        assertEquals("-R __CUDA_FTZ given twice with different values (1 and 0)", e.getMessage());
    }

    @Test
    void aNonConstantArgumentIsAPositionedError() {
        Module m = IrParser.parse("bad.ll", """
                declare i32 @__nvvm_reflect(i8*)

                define i32 @f(i8* %key) {
                  %r = call i32 @__nvvm_reflect(i8* %key)
                  ret i32 %r
                }
                """);
        String before = org.nvlower.llvm.text.IrPrinter.print(m);
        InputException e = assertThrows(InputException.class, () -> NvvmReflect.run(m, Map.of()));
        assertEquals("bad.ll:4:3: error: the argument of @__nvvm_reflect is not a constant string (a global with a "
                + "c\"...\" initializer, possibly through casts and a zero getelementptr)\n"
                + "  %r = call i32 @__nvvm_reflect(i8* %key)\n  ^", e.render());
        assertEquals(before, org.nvlower.llvm.text.IrPrinter.print(m), "nothing changed");
    }

    @Test
    void aStringThatIsNotAConstantIsAnError() {
        Module m = IrParser.parse("var.ll", """
                @key = global [11 x i8] zeroinitializer
                declare i32 @__nvvm_reflect(i8*)

                define i32 @f() {
                  %r = call i32 @__nvvm_reflect(i8* getelementptr ([11 x i8], [11 x i8]* @key, i32 0, i32 1))
                  ret i32 %r
                }
                """);
        InputException e = assertThrows(InputException.class, () -> NvvmReflect.run(m, Map.of()));
        assertTrue(e.render().startsWith("var.ll:5:3: error: the argument of @__nvvm_reflect is not a constant string"),
                e.render());
    }

    @Test
    void wrongArityAndResultType() {
        Module m = IrParser.parse("arity.ll", """
                declare i32 @__nvvm_reflect(i8*, i32)
                @s = private constant [2 x i8] c"K\\00"

                define i32 @f() {
                  %r = call i32 @__nvvm_reflect(i8* getelementptr ([2 x i8], [2 x i8]* @s, i32 0, i32 0), i32 1)
                  ret i32 %r
                }
                """);
        assertEquals("@__nvvm_reflect takes one argument (a constant string), not 2",
                assertThrows(InputException.class, () -> NvvmReflect.run(m, Map.of())).getMessage());
        Module v = IrParser.parse("void.ll", """
                declare void @__nvvm_reflect(i8*)
                @s = private constant [2 x i8] c"K\\00"

                define void @f() {
                  call void @__nvvm_reflect(i8* getelementptr ([2 x i8], [2 x i8]* @s, i32 0, i32 0))
                  ret void
                }
                """);
        assertEquals("@__nvvm_reflect must return an integer, not void",
                assertThrows(InputException.class, () -> NvvmReflect.run(v, Map.of())).getMessage());
    }

    @Test
    void aModuleWithoutReflectCallsIsUntouched() {
        String text = """
                define i32 @f(i32 %x) {
                  %y = add i32 %x, 1
                  ret i32 %y
                }
                """;
        Module m = IrParser.parse("none.ll", text);
        NvvmReflect.Result r = NvvmReflect.run(m, Map.of());
        assertEquals(0, r.folded());
        assertEquals(text, org.nvlower.llvm.text.IrPrinter.print(m));
    }
}
