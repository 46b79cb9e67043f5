package org.nvlower.llvm.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.BinaryInst;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.transform.Cloner;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.transform.Inliner;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.TerminatorInst;
import org.nvlower.llvm.analysis.IrVerifier;
import org.nvlower.llvm.text.IrParser;
import org.nvlower.llvm.text.IrPrinter;
import org.nvlower.testing.ExternalTools;

/**
 * Random sequences of edits (insert, erase, split, replace a terminator, split an edge with phi
 * updates, clone, inline, rename) on libdevice and on llvm-stress output. After each sequence the
 * IrVerifier and llvm-as agree: valid when every edit kept the IR valid, invalid when the sequence
 * ended with a deliberately breaking edit. Functions no edit touched still print byte for byte.
 * {@code -Dnvlower.edits=N} sets the number of sequences (a long run: see docs/llvm-ir-testing.md).
 */
class RandomEditsTest {

    private static final int SEQUENCES = Integer.getInteger("nvlower.edits", 24);

    @Test
    void editsOnLlvmStressModules(@TempDir Path dir) throws IOException {
        Optional<Path> stress = ExternalTools.find("llvm-stress");
        Optional<Path> llvmAs = ExternalTools.llvmAs();
        Assumptions.assumeTrue(stress.isPresent() && llvmAs.isPresent(), "llvm-stress and llvm-as (LLVM 14) needed");
        int invalid = 0;
        for (int seed = 1; seed <= SEQUENCES; seed++) {
            ExternalTools.Result gen = ExternalTools.run(60, stress.get(), "-seed", String.valueOf(seed), "-size", "60",
                    "-o", "-");
            assertEquals(0, gen.exitCode(), gen.stderr());
            invalid += runSequence(dir, "stress-" + seed + ".ll", gen.stdout(), new Random(seed), llvmAs.get()) ? 0 : 1;
        }
        assertTrue(invalid > 0 && invalid < SEQUENCES, "both outcomes exercised: " + invalid + " invalid");
    }

    @Test
    void editsOnLibdevice(@TempDir Path dir) throws IOException {
        Optional<String> libdevice = Corpus.libdevice();
        Optional<Path> llvmAs = ExternalTools.llvmAs();
        Assumptions.assumeTrue(libdevice.isPresent() && llvmAs.isPresent(), Corpus.libdeviceMissing());
        for (int seed = 1; seed <= Math.max(4, SEQUENCES / 6); seed++) {
            runSequence(dir, "libdevice-" + seed + ".ll", libdevice.get(), new Random(1000 + seed), llvmAs.get());
        }
    }

    /** Runs one sequence; returns whether the result is meant to be valid (and checks both judges say so). */
    private static boolean runSequence(Path dir, String name, String text, Random rnd, Path llvmAs) throws IOException {
        Module m = IrParser.parse(name, text);
        List<Function> defined = m.functions().stream().filter(f -> !f.isDeclaration()).toList();
        Map<String, String> before = new HashMap<>();
        for (String f : Corpus.functionTexts(text)) {
            before.put(nameOf(f), f);
        }
        List<String> log = new ArrayList<>();
        int edits = 1 + rnd.nextInt(6);
        for (int i = 0; i < edits; i++) {
            Function f = defined.get(rnd.nextInt(Math.min(defined.size(), 40)));
            String what = validEdit(m, f, rnd);
            if (what != null) {
                log.add(what);
            }
        }
        boolean breakIt = rnd.nextInt(4) == 0;
        if (breakIt) {
            Function f = defined.get(rnd.nextInt(Math.min(defined.size(), 40)));
            String what = breakingEdit(f, rnd);
            breakIt = what != null;
            if (breakIt) {
                log.add(what);
            }
        }
        String printed = IrPrinter.print(m);
        Path file = dir.resolve(name);
        Files.writeString(file, printed, StandardCharsets.ISO_8859_1);
        List<IrVerifier.Problem> problems = IrVerifier.errors(m);
        ExternalTools.Result as = ExternalTools.run(60, llvmAs, file.toString(), "-o", "/dev/null");
        String context = name + " after " + log;
        if (breakIt) {
            assertFalse(problems.isEmpty(), "verifier misses: " + context);
            assertTrue(as.exitCode() != 0, "llvm-as accepts: " + context);
        } else {
            assertEquals(List.of(), problems, context);
            assertEquals(0, as.exitCode(), context + "\n" + as.stderr());
        }
        for (Function f : m.functions()) {
            if (!f.isDeclaration() && !f.isEdited() && !f.isHeaderEdited() && before.containsKey(f.name())) {
                assertTrue(printed.contains(before.get(f.name())), "@" + f.name() + " unedited prints as read: " + context);
            }
        }
        return !breakIt;
    }

    private static String nameOf(String functionText) {
        int at = functionText.indexOf('@');
        return functionText.substring(at + 1, functionText.indexOf('(', at)).replace("\"", "");
    }

    /** One edit that keeps the module valid, or null when the function offers no place for it. */
    private static String validEdit(Module m, Function f, Random rnd) {
        List<Instruction> insts = f.instructions().toList();
        Instruction pick = insts.get(rnd.nextInt(insts.size()));
        switch (rnd.nextInt(8)) {
            case 0 -> { // insert an unused instruction after an integer value
                if (pick instanceof PhiInst || pick.isTerminator() || !(pick.type() instanceof IntegerType t)) {
                    return null;
                }
                pick.parent().insertAfter(pick, BinaryInst.create(Opcode.XOR, pick, Constants.integer(t, rnd.nextInt())));
                return "insert after " + pick;
            }
            case 1 -> { // erase an instruction nothing uses and that has no effect
                if (pick.hasUses() || pick.isTerminator() || pick instanceof CallInst || pick.opcode() == Opcode.STORE
                        || pick.opcode() == Opcode.FENCE || pick.opcode() == Opcode.ATOMICRMW
                        || pick.opcode() == Opcode.CMPXCHG || pick.opcode() == Opcode.LANDINGPAD) {
                    return null;
                }
                pick.eraseFromParent();
                return "erase " + pick;
            }
            case 2 -> { // split a block
                if (pick instanceof PhiInst || pick.opcode() == Opcode.LANDINGPAD) {
                    return null;
                }
                pick.parent().splitAt(pick, "split");
                return "split at " + pick;
            }
            case 3 -> { // a conditional branch becomes unconditional; unreachable blocks go
                if (!(pick instanceof TerminatorInst t) || !t.isConditional()) {
                    return null;
                }
                t.parent().setTerminator(TerminatorInst.br(t.successors().get(rnd.nextInt(2))));
                f.removeUnreachableBlocks();
                return "unconditional " + pick;
            }
            case 4 -> { // split an edge: pred -> new -> succ, phis follow
                if (!pick.isTerminator() || pick.successors().isEmpty() || pick.opcode() != Opcode.BR) {
                    return null;
                }
                BasicBlock from = pick.parent();
                BasicBlock to = pick.successors().get(rnd.nextInt(pick.successors().size()));
                if (pick.successors().stream().filter(s -> s == to).count() > 1) {
                    return null;
                }
                BasicBlock mid = new BasicBlock("edge");
                f.insertBlockAfter(from, mid);
                mid.append(TerminatorInst.br(to));
                pick.replaceSuccessor(to, mid);
                for (PhiInst phi : to.phis()) {
                    phi.replaceIncomingBlock(from, mid);
                }
                return "split edge " + from + " -> " + to;
            }
            case 5 -> { // clone the function under a new name
                Cloner c = Cloner.withinModule(m);
                c.cloneFunction(f, m.freshGlobalName(f.name() + ".clone"));
                return "clone @" + f.name();
            }
            case 6 -> { // inline a call of a defined function
                for (Instruction i : insts) {
                    if (i instanceof CallInst call && Inliner.cannotInline(call) == null) {
                        Inliner.inline(call);
                        return "inline " + call.calledFunction().name() + " into @" + f.name();
                    }
                }
                return null;
            }
            default -> { // rename a local, an argument, or the function
                switch (rnd.nextInt(3)) {
                    case 0 -> {
                        if (!pick.hasResult()) {
                            return null;
                        }
                        pick.setName("renamed");
                    }
                    case 1 -> {
                        if (f.arguments().isEmpty()) {
                            return null;
                        }
                        f.argument(0).setName("arg.renamed");
                    }
                    default -> f.setName(m.freshGlobalName(f.name() + ".renamed"));
                }
                return "rename in @" + f.name();
            }
        }
    }

    /** An edit that makes the module invalid, or null when the function offers no place for it. */
    private static String breakingEdit(Function f, Random rnd) {
        for (BasicBlock b : f.blocks()) {
            for (PhiInst phi : b.phis()) {
                if (phi.incomingCount() > 1 && rnd.nextBoolean()) {
                    phi.removeIncoming(0); // the edge stays: entries no longer match
                    return "drop a phi entry in " + b;
                }
            }
        }
        for (BasicBlock b : f.blocks()) {
            List<Instruction> insts = b.instructions();
            for (int i = 0; i + 1 < insts.size(); i++) {
                Instruction def = insts.get(i);
                Instruction user = insts.get(i + 1);
                if (!(def instanceof PhiInst) && !(user instanceof PhiInst) && !user.isTerminator()
                        && user.operands().contains(def) && def.opcode() != Opcode.LANDINGPAD) {
                    def.moveBefore(user); // no-op guard: then move the user above its operand
                    user.moveBefore(def);
                    return "use before definition: " + user;
                }
            }
        }
        return null;
    }
}
