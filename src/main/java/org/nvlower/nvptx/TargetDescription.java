package org.nvlower.nvptx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders a TargetMachine for people (aligned text, one machine or two side by side) and for
 * programs (JSON with a fixed key order, schema {@value #SCHEMA}, documented in docs/target.md).
 */
public final class TargetDescription {

    /** The JSON schema name and version; bump the number when a key changes meaning or goes away. */
    public static final String SCHEMA = "nvlower.target/1";

    /** The element types whose VF the description lists. */
    private static final List<String> VF_TYPES = List.of("i8", "i16", "half", "i32", "float", "i64", "double");

    private TargetDescription() {
    }

    /** One labelled line of the text form. */
    public record Row(String label, String value) {
    }

    /** The text form's rows, in a fixed order. */
    public static List<Row> rows(TargetMachine tm) {
        SmProcessor sm = tm.sm();
        CompileOptions o = tm.compileOptions();
        TargetOptions t = tm.options();
        CostModel cost = tm.costModel();
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("triple", tm.triple()));
        rows.add(new Row("cpu", tm.cpu()));
        rows.add(new Row("features", tm.features()));
        rows.add(new Row("data layout", tm.dataLayout()));
        rows.add(new Row("target options", "reloc=PIC(" + t.relocationModel() + ") code-model=" + t.codeModel()
                + " opt=" + t.optLevel() + " thread-model=" + t.threadModel() + " flags=" + t.flags()));
        rows.add(new Row("created by", tm.createdBy()));
        rows.add(new Row("device-c", String.valueOf(o.deviceC())));
        rows.add(new Row("sm variant", variantName(sm.variant())));
        rows.add(new Row("ptx version code", String.valueOf(sm.ptxVersionCode())));
        rows.add(new Row("cli access", cliAccessName(sm.cliAccess())));
        rows.add(new Row("MUFU.RCP64H/RSQ64H", yesNo(sm.hasMufuRcp64h())));
        rows.add(new Row("MUFU.SQRT", yesNo(sm.hasMufuSqrt())));
        rows.add(new Row("DRSQRT hw flag", yesNo(sm.drsqrtHardwareFlag())));
        rows.add(new Row("register file", String.valueOf(sm.registerFileSize())));
        rows.add(new Row("DDIV tier", tierName(tm.ddivTier())));
        rows.add(new Row("fp32 division", tm.fp32Division().ptx()));
        rows.add(new Row("fp32 sqrt", tm.fp32Sqrt().ptx()));
        tm.reflectMap().forEach((k, v) -> rows.add(new Row(k, String.valueOf(v))));
        rows.add(new Row("register bits", cost.registerBitWidthScalar() + " scalar, " + cost.registerBitWidthVector() + " vector"));
        rows.add(new Row("scalable vectors", String.valueOf(cost.supportsScalableVectors())));
        rows.add(new Row("max interleave", cost.maxInterleaveFactor(1) + " scalar, " + cost.maxInterleaveFactor(2) + " vectorized"));
        StringBuilder vf = new StringBuilder();
        for (String type : VF_TYPES) {
            vf.append(vf.isEmpty() ? "" : " ").append(type).append('=').append(cost.vectorizationFactor(type));
        }
        rows.add(new Row("VF", vf.toString()));
        StringBuilder costs = new StringBuilder();
        for (ArithmeticOpcode op : ArithmeticOpcode.values()) {
            costs.append(costs.isEmpty() ? "" : " ").append(op.irName()).append('=').append(op.i32Cost()).append('/').append(op.i64Cost());
        }
        rows.add(new Row("cost i32/i64", costs.toString()));
        if (!o.knobs().explicitValues().isEmpty()) {
            List<String> knobs = new ArrayList<>();
            o.knobs().explicitValues().forEach((k, v) -> knobs.add(k.knobName() + "=" + v));
            rows.add(new Row("knobs", String.join(" ", knobs)));
        }
        return rows;
    }

    /** One machine as aligned {@code label  value} lines. */
    public static String render(TargetMachine tm) {
        List<Row> rows = rows(tm);
        int width = rows.stream().mapToInt(r -> r.label().length()).max().orElse(0);
        StringBuilder sb = new StringBuilder();
        for (Row r : rows) {
            sb.append(pad(r.label(), width)).append("  ").append(r.value()).append('\n');
        }
        return sb.toString();
    }

    /** Values wider than this wrap onto continuation lines in {@link #sideBySide}. */
    static final int COLUMN_WIDTH = 48;

    /**
     * Two machines side by side: label, the first machine's value, the second's; rows where they
     * differ are marked with {@code *} in the first column, long values wrap (after '-', ',' or
     * ' ') onto continuation lines with an empty label. Headings name the two columns.
     */
    public static String sideBySide(String headingA, TargetMachine a, String headingB, TargetMachine b) {
        List<Row> left = rows(a);
        Map<String, String> rightByLabel = new LinkedHashMap<>();
        rows(b).forEach(r -> rightByLabel.put(r.label(), r.value()));
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {" ", "", headingA, headingB});
        for (Row r : left) {
            String other = rightByLabel.remove(r.label());
            addWrapped(lines, other != null && other.equals(r.value()) ? " " : "*", r.label(), r.value(),
                    other == null ? "" : other);
        }
        rightByLabel.forEach((label, value) -> addWrapped(lines, "*", label, "", value));
        int labelWidth = lines.stream().mapToInt(l -> l[1].length()).max().orElse(0);
        int leftWidth = lines.stream().mapToInt(l -> l[2].length()).max().orElse(0);
        StringBuilder sb = new StringBuilder();
        for (String[] l : lines) {
            String line = l[0] + " " + pad(l[1], labelWidth) + "  " + pad(l[2], leftWidth) + "  " + l[3];
            sb.append(line.stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    private static void addWrapped(List<String[]> lines, String mark, String label, String left, String right) {
        List<String> l = wrap(left);
        List<String> r = wrap(right);
        for (int i = 0; i < Math.max(l.size(), r.size()); i++) {
            lines.add(new String[] {i == 0 ? mark : " ", i == 0 ? label : "", i < l.size() ? l.get(i) : "",
                    i < r.size() ? r.get(i) : ""});
        }
    }

    /** Splits a value into pieces of at most {@link #COLUMN_WIDTH}, breaking after '-', ',' or ' '. */
    static List<String> wrap(String value) {
        List<String> pieces = new ArrayList<>();
        String rest = value;
        while (rest.length() > COLUMN_WIDTH) {
            int cut = -1;
            for (int i = COLUMN_WIDTH; i > 0; i--) {
                char c = rest.charAt(i - 1);
                if (c == '-' || c == ',' || c == ' ') {
                    cut = i;
                    break;
                }
            }
            if (cut < 0) {
                cut = COLUMN_WIDTH;
            }
            pieces.add(rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut);
        }
        pieces.add(rest);
        return pieces;
    }

    /** Side by side with the two machines' CPU names as headings. */
    public static String sideBySide(TargetMachine a, TargetMachine b) {
        return sideBySide(a.cpu(), a, b.cpu(), b);
    }

    /** The JSON tree of {@link #json}: a map with a fixed key order. */
    public static Map<String, Object> describe(TargetMachine tm) {
        SmProcessor sm = tm.sm();
        CompileOptions o = tm.compileOptions();
        CostModel cost = tm.costModel();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", SCHEMA);

        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("triple", tm.triple());
        machine.put("cpu", tm.cpu());
        machine.put("features", tm.features());
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("flags", tm.options().flags());
        options.put("relocationModel", tm.options().relocationModel());
        options.put("codeModel", tm.options().codeModel());
        options.put("optLevel", tm.options().optLevel());
        options.put("threadModel", tm.options().threadModel());
        machine.put("options", options);
        machine.put("dataLayout", tm.dataLayout());
        machine.put("pointerWidth", tm.pointerWidth());
        machine.put("sharedMem32BitPointers", tm.sharedMem32BitPointers());
        machine.put("createdBy", tm.createdBy());
        root.put("targetMachine", machine);

        Map<String, Object> cli = new LinkedHashMap<>();
        cli.put("arch", sm.computeName());
        cli.put("opt", o.optLevel());
        cli.put("ftz", o.ftz() ? 1 : 0);
        cli.put("fma", o.fmaLevel());
        cli.put("precDiv", o.precDiv());
        cli.put("precSqrt", o.precSqrt());
        cli.put("fastMath", o.fastMath());
        cli.put("deviceC", o.deviceC());
        cli.put("pointerWidth", o.pointerWidth());
        Map<String, Object> knobs = new LinkedHashMap<>();
        o.knobs().explicitValues().forEach((k, v) -> knobs.put(k.knobName(), v));
        cli.put("knobs", knobs);
        root.put("compileOptions", cli);

        root.put("sm", smEntry(sm));

        Map<String, Object> math = new LinkedHashMap<>();
        math.put("fmaLevel", o.fmaFeatureLevel());
        math.put("precDivf32", o.precDivf32Level());
        math.put("fp32Division", tm.fp32Division().ptx());
        math.put("precSqrtf32", o.precSqrtf32Level());
        math.put("fp32Sqrt", tm.fp32Sqrt().ptx());
        math.put("ddivTier", tierName(tm.ddivTier()));
        root.put("math", math);

        root.put("reflect", new LinkedHashMap<>(tm.reflectMap()));

        Subtarget st = tm.subtarget();
        Map<String, Object> subtarget = new LinkedHashMap<>();
        subtarget.put("features", st.features().stream().map(SubtargetFeature::featureName).toList());
        Map<String, Object> legality = new LinkedHashMap<>();
        for (MachineValueType type : MachineValueType.values()) {
            Subtarget.Legality l = st.legality(type);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("action", actionName(l.action()));
            entry.put("becomes", l.becomes());
            legality.put(type.mvtName(), entry);
        }
        subtarget.put("typeLegality", legality);
        root.put("subtarget", subtarget);

        Map<String, Object> tti = new LinkedHashMap<>();
        tti.put("registerBitWidthScalar", cost.registerBitWidthScalar());
        tti.put("registerBitWidthVector", cost.registerBitWidthVector());
        tti.put("supportsScalableVectors", cost.supportsScalableVectors());
        tti.put("maxInterleaveFactorScalar", cost.maxInterleaveFactor(1));
        tti.put("maxInterleaveFactorVectorized", cost.maxInterleaveFactor(2));
        tti.put("issueWidth", CostModel.SchedulingInfo.DEFAULT.issueWidth());
        tti.put("latency", CostModel.SchedulingInfo.DEFAULT.latency());
        Map<String, Object> vf = new LinkedHashMap<>();
        VF_TYPES.forEach(type -> vf.put(type, cost.vectorizationFactor(type)));
        tti.put("vectorizationFactor", vf);
        Map<String, Object> arithmetic = new LinkedHashMap<>();
        for (ArithmeticOpcode op : ArithmeticOpcode.values()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("i32", op.i32Cost());
            c.put("i64", op.i64Cost());
            arithmetic.put(op.irName(), c);
        }
        tti.put("arithmeticCost", arithmetic);
        root.put("costModel", tti);
        return root;
    }

    /** The machine as JSON (schema {@value #SCHEMA}). */
    public static String json(TargetMachine tm) {
        return Json.write(describe(tm));
    }

    /** One SM's capabilities, as in the {@code sm} object of the JSON form. */
    public static Map<String, Object> smEntry(SmProcessor sm) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", sm.smName());
        m.put("number", sm.number());
        m.put("variant", variantName(sm.variant()));
        m.put("ptxVersionCode", sm.ptxVersionCode());
        m.put("cliAccess", cliAccessName(sm.cliAccess()));
        m.put("archValue", sm.archValue());
        m.put("hasMufuRcp64h", sm.hasMufuRcp64h());
        m.put("hasMufuRsq64h", sm.hasMufuRsq64h());
        m.put("hasMufuSqrt", sm.hasMufuSqrt());
        m.put("drsqrtHardwareFlag", sm.drsqrtHardwareFlag());
        m.put("registerFileSize", sm.registerFileSize());
        m.put("ddivTier", tierName(sm.ddivTier()));
        return m;
    }

    /** The SM processor table as aligned text, one SM a line, in table order. */
    public static String smTable() {
        String[] header = {"sm", "ptx", "variant", "cli", "__CUDA_ARCH", "RCP64H/RSQ64H", "MUFU.SQRT", "DRSQRT-hw", "regfile", "DDIV tier"};
        List<String[]> lines = new ArrayList<>();
        lines.add(header);
        for (SmProcessor sm : SmProcessor.all()) {
            lines.add(new String[] {sm.smName(), String.valueOf(sm.ptxVersionCode()), variantName(sm.variant()),
                    cliAccessName(sm.cliAccess()), String.valueOf(sm.archValue()), yesNo(sm.hasMufuRcp64h()),
                    yesNo(sm.hasMufuSqrt()), yesNo(sm.drsqrtHardwareFlag()), String.valueOf(sm.registerFileSize()),
                    tierName(sm.ddivTier())});
        }
        int[] widths = new int[header.length];
        for (String[] l : lines) {
            for (int i = 0; i < l.length; i++) {
                widths[i] = Math.max(widths[i], l[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] l : lines) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < l.length; i++) {
                line.append(pad(l[i], widths[i])).append("  ");
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    /** The SM processor table as JSON: {@code {"schema": ..., "sms": [ {sm entry}, ... ]}}. */
    public static String smTableJson() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", SCHEMA);
        root.put("sms", SmProcessor.all().stream().map(TargetDescription::smEntry).toList());
        return Json.write(root);
    }

    /** {@code base}, {@code a} or {@code f}. */
    public static String variantName(SmVariant v) {
        return v == SmVariant.BASE ? "base" : v.suffix();
    }

    /** {@code cli}, {@code cli-table-only} or {@code backend-only}. */
    public static String cliAccessName(SmProcessor.CliAccess access) {
        return access.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** {@code full-unroll}, {@code partial-spill} or {@code minimal-registers}. */
    public static String tierName(DdivTier tier) {
        return tier.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The seed's spelling: Legal, Promote, Expand, Scalarize, SplitVector. */
    public static String actionName(TypeAction action) {
        return switch (action) {
            case LEGAL -> "Legal";
            case PROMOTE -> "Promote";
            case EXPAND -> "Expand";
            case SCALARIZE -> "Scalarize";
            case SPLIT_VECTOR -> "SplitVector";
        };
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
