package org.nvlower.sass.template;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.nvlower.ptx.Operand;
import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxModule;
import org.nvlower.ptx.PtxOpcodes;
import org.nvlower.ptx.PtxPrinter;
import org.nvlower.ptx.Statement.Instruction;
import org.nvlower.sass.Printer;
import org.nvlower.sass.Program;
import org.nvlower.sass.Reg;
import org.nvlower.sass.RegisterAllocation;

/**
 * A PTX module's math instructions matched with their templates: each site (function,
 * instruction, template op, the template or none yet), the module printed with every expanded
 * site replaced by its template's listing (inline mode: the sequence at each site), and the
 * counts per template. Sites without a template are printed as PTX and counted as not expanded.
 */
public final class KernelExpansion {

    /** A math instruction of a function: its template op ({@code .ftz} added under -ftz) and the template, or null. */
    public record Site(PtxFunction function, Instruction instruction, String op, Template template) {
        public boolean expanded() {
            return template != null;
        }

        /** The divisor is an immediate (division by a constant). */
        public boolean constantDivisor() {
            return instruction.base().matches("div|rem") && instruction.operands().size() == 3
                    && instruction.operands().get(2) instanceof Operand.Immediate;
        }
    }

    /** The counts of one template op over a module: sites, and the template's own figures (null: not expanded). */
    public record Row(String op, int sites, Template template) {}

    private final PtxModule module;
    private final List<Site> sites = new ArrayList<>();

    private KernelExpansion(PtxModule module, boolean ftz) {
        this.module = module;
        for (PtxFunction f : module.functions()) {
            for (Instruction in : f.instructions()) {
                String op = PtxOpcodes.mathOp(in, ftz);
                if (op != null) {
                    sites.add(new Site(f, in, op, Templates.get(op).orElse(null)));
                }
            }
        }
    }

    /** The math instructions of {@code module}, with {@code .ftz} added to the FP32 ones when {@code ftz}. */
    public static KernelExpansion of(PtxModule module, boolean ftz) {
        return new KernelExpansion(module, ftz);
    }

    public PtxModule module() {
        return module;
    }

    public List<Site> sites() {
        return sites;
    }

    /** One row per template op, in order of first appearance. */
    public List<Row> rows() {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (Site s : sites) {
            rows.merge(s.op(), new Row(s.op(), 1, s.template()), (a, b) -> new Row(a.op(), a.sites() + 1, a.template()));
        }
        return List.copyOf(rows.values());
    }

    /** Instructions the expansion puts in the function bodies: each expanded site's whole template. */
    public int inlineInstructions() {
        return sites.stream().filter(Site::expanded).mapToInt(s -> s.template().program().code().size()).sum();
    }

    /** The module printed with each expanded site replaced by a comment naming it and its template's listing. */
    public String listing() {
        Map<Instruction, Site> bySite = new IdentityHashMap<>();
        for (Site s : sites) {
            bySite.put(s.instruction(), s);
        }
        // a template's listing and allocation are the same at every site: made once
        Map<Program, String> listings = new IdentityHashMap<>();
        Map<Program, RegisterAllocation> allocations = new IdentityHashMap<>();
        Function<Instruction, String> replace = in -> {
            Site s = bySite.get(in);
            if (s == null || !s.expanded()) {
                return null;
            }
            Program p = s.template().program();
            return siteComment(s, allocations.computeIfAbsent(p, RegisterAllocation::of))
                    + listings.computeIfAbsent(p, Printer::listing);
        };
        return PtxPrinter.print(module, replace);
    }

    /** The comment before a site's listing: the PTX instruction, its template, the operands' registers. */
    private static String siteComment(Site s, RegisterAllocation alloc) {
        Program p = s.template().program();
        List<Operand> ops = s.instruction().operands();
        StringBuilder bind = new StringBuilder();
        for (int k = 0; k < p.inputs().size() && k + 1 < ops.size(); k++) {
            bind.append(k == 0 ? "" : ", ").append(reg(alloc, p.inputs().get(k))).append(" = ")
                    .append(PtxPrinter.operand(ops.get(k + 1)));
        }
        String result = p.outputs().isEmpty() ? "" : "; " + PtxPrinter.operand(ops.get(0)) + " = "
                + reg(alloc, p.outputs().get(0));
        return "\t// " + PtxPrinter.instruction(s.instruction()).replace('\t', ' ') + "  ->  " + s.op() + " template, "
                + p.code().size() + " instructions (" + bind + result + ")\n";
    }

    private static String reg(RegisterAllocation alloc, Reg r) {
        int n = alloc.register(r.id());
        return r.cls() == Reg.RegClass.R64 ? "R" + n + ":R" + (n + 1) : "R" + n;
    }
}
