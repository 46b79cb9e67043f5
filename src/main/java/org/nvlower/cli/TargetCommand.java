package org.nvlower.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.diag.InputException;
import org.nvlower.nvptx.CostModel;
import org.nvlower.nvptx.DataLayout;
import org.nvlower.nvptx.DataLayoutVerifier;
import org.nvlower.nvptx.Json;
import org.nvlower.nvptx.Knob;
import org.nvlower.nvptx.TargetDescription;
import org.nvlower.nvptx.TargetMachine;
import org.nvlower.nvptx.Triples;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code nvlower target [cicc options] [--knob name=value]... [--json]}: the TargetMachine the
 * options build, or one of the table queries. cicc's single-dash options are not picocli options:
 * they are collected unparsed and handed to {@code org.nvlower.nvptx.CompileOptions}.
 */
@Command(name = "target",
        mixinStandardHelpOptions = true,
        description = {"Show the TargetMachine cicc's options build: triple, CPU, features, options, data layout, "
                + "the SM's capabilities, the __nvvm_reflect map and the cost model's answers. "
                + "Or answer one query: --list-sm, --validate-triple, --validate-datalayout, --cost or --vf.",
                "cicc options: -arch=compute_XX|sm_XX -opt=N -ftz=N -fma=N -prec-div=N -prec-sqrt=N -fast-math "
                + "--device-c -m64|-m32 -nvptx-short-ptr -nvptx-32-bit-smem -KNOB[=VALUE]"},
        footer = "See docs/target.md for every option's effect and the JSON schema.")
public final class TargetCommand extends CiccCommand {

    @Option(names = "--json", description = "Print JSON (schema nvlower.target/1) instead of text.")
    boolean json;

    @Option(names = "--list-sm", description = "List the 45-entry SM processor table.")
    boolean listSm;

    @Option(names = "--validate-triple", paramLabel = "T", description = "Check a target triple.")
    String triple;

    @Option(names = "--unified-nvvm-ir",
            description = "With --validate-triple: UnifiedNVVMIR mode (only the 8 triples).")
    boolean unified;

    @Option(names = "--validate-datalayout", paramLabel = "D",
            description = "Check a data layout as the NVVM verifier does.")
    String dataLayout;

    @Option(names = "--link-with", paramLabel = "D2",
            description = "With --validate-datalayout: the IR linker's check of D against D2.")
    String linkWith;

    @Option(names = "--cost", arity = "2", paramLabel = "OPCODE TYPE", hideParamSyntax = true,
            description = "Arithmetic cost of an integer opcode, e.g. --cost mul i64.")
    List<String> cost;

    @Option(names = "--vf", paramLabel = "ELEMENT_TYPE",
            description = "Vectorization factor for an element type (i8 i16 half bfloat i32 float i64 double).")
    String vf;

    @Option(names = "--knob", paramLabel = "NAME=VALUE", description = "Set a knob (same as -NAME=VALUE).")
    List<String> knobs = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        checkCombination();
        if (listSm) {
            out.print(json ? TargetDescription.smTableJson() : TargetDescription.smTable());
            return Main.OK;
        }
        if (triple != null) {
            Triples.validate(triple, unified);
            String mode = unified ? "unified-nvvm-ir" : "loose";
            print(out, Map.of(), "triple", triple, "mode", mode, "valid", true);
            return Main.OK;
        }
        if (dataLayout != null) {
            return validateDataLayout(out);
        }
        List<String> args = new ArrayList<>(cicc);
        for (String knob : knobs) {
            int eq = knob.indexOf('=');
            Knob.lookup(eq < 0 ? knob : knob.substring(0, eq));
            args.add("-" + knob);
        }
        TargetMachine tm = TargetMachine.fromCommandLine(args);
        if (cost != null) {
            int c = tm.costModel().arithmeticCost(cost.get(0), cost.get(1));
            print(out, Map.of(), "cpu", tm.cpu(), "opcode", cost.get(0), "type", cost.get(1), "cost", c);
            return Main.OK;
        }
        if (vf != null) {
            CostModel model = tm.costModel();
            print(out, Map.of(), "cpu", tm.cpu(), "elementType", vf, "elementBits", CostModel.elementBits(vf),
                    "registerBitWidth", model.registerBitWidthVector(), "vf", model.vectorizationFactor(vf));
            return Main.OK;
        }
        out.print(json ? TargetDescription.json(tm) : TargetDescription.render(tm));
        return Main.OK;
    }

    /** One query at a time, each modifier with its query, and cicc options only where a machine is built. */
    private void checkCombination() {
        List<String> queries = new ArrayList<>();
        if (listSm) {
            queries.add("--list-sm");
        }
        if (triple != null) {
            queries.add("--validate-triple");
        }
        if (dataLayout != null) {
            queries.add("--validate-datalayout");
        }
        if (cost != null) {
            queries.add("--cost");
        }
        if (vf != null) {
            queries.add("--vf");
        }
        if (queries.size() > 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), String.join(" and ", queries) + " cannot be combined: give one query at a time");
        }
        if (cost != null && cost.size() > 2) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--cost given more than once: give one OPCODE TYPE at a time");
        }
        if (unified && triple == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--unified-nvvm-ir applies only with --validate-triple");
        }
        if (linkWith != null && dataLayout == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--link-with applies only with --validate-datalayout");
        }
        if ((listSm || triple != null || dataLayout != null) && !(cicc.isEmpty() && knobs.isEmpty())) {
            String first = cicc.isEmpty() ? "--knob" : cicc.get(0);
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), queries.get(0)
                    + " does not build a TargetMachine; '" + first + "' has no effect there");
        }
    }

    private int validateDataLayout(PrintWriter out) {
        DataLayout layout = DataLayoutVerifier.verify(dataLayout);
        int width = layout.pointerSizeInBits(0);
        boolean shared = width == 64 && layout.pointerSizeInBits(3) == 32;
        String canonical = DataLayout.nvptx(width, shared);
        if (linkWith != null) {
            DataLayoutVerifier.checkLinkable(dataLayout, linkWith);
        }
        Map<String, Object> extra = new LinkedHashMap<>();
        if (linkWith != null) {
            extra.put("linkWith", linkWith);
            extra.put("linkable", true);
        }
        print(out, extra, "dataLayout", dataLayout, "valid", true, "pointerWidth", width,
                "sharedMem32BitPointers", shared, "nvlowerLayout", canonical,
                "isNvlowerLayout", canonical.equals(dataLayout));
        return Main.OK;
    }

    /** Prints key/value pairs (then {@code extra}) as JSON or as aligned text. */
    private void print(PrintWriter out, Map<String, Object> extra, Object... pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schema", TargetDescription.SCHEMA);
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        m.putAll(extra);
        if (json) {
            out.print(Json.write(m));
            return;
        }
        m.remove("schema");
        int width = m.keySet().stream().mapToInt(String::length).max().orElse(0);
        m.forEach((k, v) -> out.println(k + " ".repeat(width - k.length()) + "  " + v));
    }
}
