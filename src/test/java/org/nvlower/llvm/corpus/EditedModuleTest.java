package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.FloatType;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.ExternalTools;

/**
 * Edits through the model API give IR that LLVM 14 accepts, and leave everything they did not touch
 * byte-identical. LLVM itself ({@code llvm-as | llvm-dis}) is the oracle for what the edited IR
 * means.
 */
class EditedModuleTest {

    @TempDir
    Path dir;

    @Test
    void fp128AddBecomesARuntimeCall() throws IOException {
        Path llvmAs = require(ExternalTools.llvmAs(), "llvm-as");
        Path llvmDis = require(ExternalTools.llvmDis(), "llvm-dis");
        String input = Corpus.read(Fixtures.LLVM14.files().stream()
                .filter(p -> p.getFileName().toString().equals("nvptx-fp128.ll")).findFirst().orElseThrow());
        Module m = IrParser.parse("nvptx-fp128.ll", input);

        // 1. replace: %sum = fadd fp128 %a, %b  ->  %sum = call fp128 @__nv_add_fp128(fp128 %a, fp128 %b)
        Function addQ = m.function("add_q").orElseThrow();
        Instruction fadd = addQ.instructions().filter(i -> i.opcode() == Opcode.FADD).findFirst().orElseThrow();
        assertEquals(FloatType.FP128, fadd.type());
        Function add = m.getOrInsertFunction("__nv_add_fp128", FloatType.FP128, List.of(FloatType.FP128, FloatType.FP128));
        assertSame(add, m.getOrInsertFunction("__nv_add_fp128", FloatType.FP128, List.of(FloatType.FP128, FloatType.FP128)),
                "the second lookup finds the declaration the first one made");
        fadd.replaceWith(CallInst.create(add, List.of(fadd.operand(0), fadd.operand(1))));

        // 2. erase: %s = add i128 %q, %r and %r = urem ... go; ret returns %q directly
        Function divI = m.function("div_i").orElseThrow();
        Instruction q = divI.instructions().filter(i -> i.opcode() == Opcode.SDIV).findFirst().orElseThrow();
        Instruction r = divI.instructions().filter(i -> i.opcode() == Opcode.UREM).findFirst().orElseThrow();
        Instruction s = divI.instructions().filter(i -> i.opcode() == Opcode.ADD).findFirst().orElseThrow();
        s.replaceAllUsesWith(q);
        s.eraseFromParent();
        r.eraseFromParent();

        // 3. insert: a call to a new declaration before the kernel's store
        Function barrier = m.getOrInsertFunction("llvm.nvvm.barrier0", PrimitiveType.VOID, List.of());
        Instruction store = m.function("kernel").orElseThrow().instructions()
                .filter(i -> i.opcode() == Opcode.STORE).findFirst().orElseThrow();
        BasicBlock block = store.parent();
        block.insertBefore(store, CallInst.create(barrier, List.of()));

        String edited = IrPrinter.print(m);
        Path file = dir.resolve("edited.ll");
        Files.writeString(file, edited, StandardCharsets.UTF_8);
        ExternalTools.Result as = ExternalTools.run(60, llvmAs, file.toString(), "-o", dir.resolve("edited.bc").toString());
        assertEquals(0, as.exitCode(), () -> "llvm-as rejects the edited module:\n" + as.stderr() + "\n" + edited);
        ExternalTools.Result dis = ExternalTools.run(60, llvmDis, dir.resolve("edited.bc").toString(), "-o", "-");
        String llvm = dis.stdout();
        assertTrue(llvm.contains("%sum = call fp128 @__nv_add_fp128(fp128 %a, fp128 %b)"), llvm);
        assertTrue(llvm.contains("declare fp128 @__nv_add_fp128(fp128, fp128)"), llvm);
        assertTrue(llvm.contains("ret i128 %q"), llvm);
        assertFalse(llvm.contains("urem"), llvm);
        assertTrue(llvm.contains("call void @llvm.nvvm.barrier0()\n  store fp128 %w"), llvm);

        // Untouched: the other functions, globals, attributes and metadata keep their exact text.
        assertEquals(function(input, "untouched"), function(edited, "untouched"));
        String tail = input.substring(input.indexOf("declare double @llvm.sqrt.f64"));
        assertTrue(edited.contains(tail.substring(tail.indexOf("attributes #0"))), "attributes and metadata unchanged");
        assertTrue(edited.contains(input.substring(input.indexOf("@table"), input.indexOf("\n", input.indexOf("@table")))));
        assertTrue(edited.startsWith(input.substring(0, input.indexOf("define"))), "header unchanged");
    }

    @Test
    void libdeviceFunctionEditedOthersByteIdentical() throws IOException {
        Path llvmAs = require(ExternalTools.llvmAs(), "llvm-as");
        String input = Corpus.libdevice().orElse(null);
        Assumptions.assumeTrue(input != null, Corpus.libdeviceMissing());
        Module m = IrParser.parse("libdevice.10.ll", input);

        // Every fmul double in __nv_sin becomes a call to libdevice's own __nv_dmul_rn, which
        // getOrInsertFunction must find (not redeclare).
        Function dmul = m.getOrInsertFunction("__nv_dmul_rn", FloatType.DOUBLE, List.of(FloatType.DOUBLE, FloatType.DOUBLE));
        assertFalse(dmul.isDeclaration(), "found libdevice's definition");
        Function sin = m.function("__nv_sin").orElseThrow();
        List<Instruction> fmuls = sin.instructions()
                .filter(i -> i.opcode() == Opcode.FMUL && i.type() == FloatType.DOUBLE).toList();
        assertFalse(fmuls.isEmpty());
        for (Instruction fmul : fmuls) {
            fmul.replaceWith(CallInst.create(dmul, List.of(fmul.operand(0), fmul.operand(1))));
        }
        String edited = IrPrinter.print(m);
        Path file = dir.resolve("libdevice-edited.ll");
        Files.writeString(file, edited, StandardCharsets.UTF_8);
        ExternalTools.Result as = ExternalTools.run(120, llvmAs, file.toString(), "-o", "/dev/null");
        assertEquals(0, as.exitCode(), () -> "llvm-as rejects the edited libdevice:\n" + as.stderr());

        List<String> before = Corpus.functionTexts(input);
        List<String> after = Corpus.functionTexts(edited);
        assertEquals(before.size(), after.size());
        int same = 0;
        for (int i = 0; i < before.size(); i++) {
            boolean touched = before.get(i).startsWith("define double @__nv_sin(");
            if (touched) {
                assertFalse(before.get(i).equals(after.get(i)), "the edited function changed");
            } else {
                assertEquals(before.get(i), after.get(i));
                same++;
            }
        }
        assertEquals(before.size() - 1, same);
        int callsAfter = count(after.get(indexOf(before, "define double @__nv_sin(")), "call double @__nv_dmul_rn(");
        assertEquals(fmuls.size() + count(before.get(indexOf(before, "define double @__nv_sin(")), "call double @__nv_dmul_rn("),
                callsAfter);
    }

    private static int indexOf(List<String> functions, String prefix) {
        for (int i = 0; i < functions.size(); i++) {
            if (functions.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no " + prefix);
    }

    private static int count(String s, String needle) {
        int n = 0;
        for (int at = s.indexOf(needle); at >= 0; at = s.indexOf(needle, at + 1)) {
            n++;
        }
        return n;
    }

    private static String function(String module, String name) {
        return Corpus.functionTexts(module).stream().filter(f -> f.contains(" @" + name + "(")).findFirst().orElseThrow();
    }

    private static Path require(java.util.Optional<Path> tool, String name) {
        Assumptions.assumeTrue(tool.isPresent(), name + " (LLVM 14) not found on PATH or in /usr/lib/llvm-14/bin");
        return tool.get();
    }
}
