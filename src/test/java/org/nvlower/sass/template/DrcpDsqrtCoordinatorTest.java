package org.nvlower.sass.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.nvlower.sass.SassInstruction;
import org.nvlower.sass.SassOpcode;
import org.nvlower.sass.Operand;
import org.nvlower.sass.Path;
import org.nvlower.sass.Program;
import org.nvlower.sass.VRegDesc;
import org.nvlower.sass.template.DrcpDsqrtCoordinator.Op;
import org.nvlower.sass.template.RegisterPool.Descriptor;

/**
 * rcp.rn.f64 and sqrt.rn.f64 (and their float-seed variants) come from one coordinator: one
 * descriptor table allocated as one pool, and Part 4 (the final scaling with one rounding) the
 * same instruction sequence, on the same registers, in both slow paths. (Their results are
 * proven in verify.sass.Fp64TemplatesTest.)
 */
class DrcpDsqrtCoordinatorTest {

    private static final String[] OPS = {"rcp.rn.f64", "rcp.rn.f64:rcp", "sqrt.rn.f64", "sqrt.rn.f64:rsq"};

    @Test
    void everyVariantHasTheCoordinatorsDescriptorTable() {
        List<VRegDesc> first = Templates.require(OPS[0]).program().vregs();
        for (String op : OPS) {
            List<VRegDesc> vregs = Templates.require(op).program().vregs();
            assertEquals(DrcpDsqrtCoordinator.TABLE.size(), vregs.size(), op);
            for (int i = 0; i < vregs.size(); i++) {
                Descriptor d = DrcpDsqrtCoordinator.TABLE.get(i);
                VRegDesc v = vregs.get(i);
                assertEquals(d.name(), v.name(), op);
                assertEquals(d.cls(), v.cls(), op + " " + d.name());
                assertEquals(d.category(), v.category(), op + " " + d.name());
                assertEquals(d.category() != VRegDesc.Category.INPUT, v.templateOwned(), op + " " + d.name());
            }
            assertEquals(first, vregs, op + ": the same pool (ids included) as " + OPS[0]);
        }
    }

    @Test
    void partFourIsTheSameSequenceInBothSlowPaths() {
        List<String> drcp = normalized(DrcpDsqrtCoordinator.roundingPart(Op.DRCP), 0, -1);
        List<String> dsqrt = normalized(DrcpDsqrtCoordinator.roundingPart(Op.DSQRT), 0, -1);
        assertTrue(drcp.size() > 20, "Part 4 has " + drcp.size() + " instructions");
        assertEquals(drcp, dsqrt);
        for (String op : OPS) {
            Program p = Templates.require(op).program();
            assertTrue(containsRun(p, drcp), op + " does not contain Part 4");
        }
    }

    /** The fast paths are the PTX op's own (Part 1 seeds a reciprocal, Part 5 a root). */
    @Test
    void thePtxOpSelectsThePath() {
        assertTrue(uses(Templates.require("rcp.rn.f64").program(), "MUFU.RCP64H"));
        assertTrue(uses(Templates.require("sqrt.rn.f64").program(), "MUFU.RSQ64H"));
        assertTrue(!uses(Templates.require("sqrt.rn.f64").program(), "MUFU.RCP64H"));
        assertTrue(!uses(Templates.require("rcp.rn.f64").program(), "MUFU.RSQ64H"));
    }

    private static boolean uses(Program p, String mufu) {
        for (SassInstruction in : p.code()) {
            if (in.op() == SassOpcode.MUFU && ("MUFU." + org.nvlower.sass.Mod.mufuOf(in.mods())).equals(mufu)) {
                return true;
            }
        }
        return false;
    }

    private static boolean containsRun(Program p, List<String> run) {
        for (int start = 0; start + run.size() <= p.code().size(); start++) {
            if (p.code().get(start).path() == Path.SLOW && normalized(p, start, start + run.size()).equals(run)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Instructions [from, to) (to = -1: all but the last) as text: registers by virtual id,
     * immediates by value, branch targets relative, predicates numbered by first use in the run.
     */
    private static List<String> normalized(Program p, int from, int to) {
        int end = to < 0 ? p.code().size() - 1 : to;
        Map<Integer, Integer> preds = new HashMap<>();
        List<String> out = new ArrayList<>();
        for (int pc = from; pc < end; pc++) {
            SassInstruction in = p.code().get(pc);
            List<String> ops = new ArrayList<>(Collections.singletonList(in.op() + "." + in.mods()));
            ops.add(operand(p, pc, in.guard(), preds));
            for (int op : in.operands()) {
                ops.add(operand(p, pc, op, preds));
            }
            out.add(String.join(" ", ops));
        }
        return out;
    }

    private static String operand(Program p, int pc, int op, Map<Integer, Integer> preds) {
        int flags = Operand.tag(op) & (Operand.NEG | Operand.ABS | Operand.NOT);
        return switch (Operand.kind(op)) {
            case Operand.IMM -> flags + "#" + Long.toHexString(p.constant(Operand.index(op)));
            case Operand.TARGET -> "@" + (p.labelPc(Operand.index(op)) - pc);
            case Operand.PRED -> Operand.isZeroIndex(op) ? flags + "PT"
                    : flags + "P" + preds.computeIfAbsent(Operand.index(op), k -> preds.size());
            default -> Integer.toHexString(op);
        };
    }
}
