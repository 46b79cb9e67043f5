package org.nvlower.llvm.text;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import org.nvlower.llvm.ir.AggregateInst;
import org.nvlower.llvm.ir.Argument;
import org.nvlower.llvm.ir.ArrayType;
import org.nvlower.llvm.ir.AttributeGroup;
import org.nvlower.llvm.ir.AttributeSet;
import org.nvlower.llvm.ir.BasicBlock;
import org.nvlower.llvm.ir.BinaryInst;
import org.nvlower.llvm.ir.BlockAddress;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.CastInst;
import org.nvlower.llvm.ir.CmpInst;
import org.nvlower.llvm.ir.Constant;
import org.nvlower.llvm.ir.ConstantAggregate;
import org.nvlower.llvm.ir.ConstantExpr;
import org.nvlower.llvm.ir.ConstantFP;
import org.nvlower.llvm.ir.ConstantInt;
import org.nvlower.llvm.ir.ConstantKeyword;
import org.nvlower.llvm.ir.ConstantString;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.DebugRecord;
import org.nvlower.llvm.ir.DebugLocals;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.FunctionType;
import org.nvlower.llvm.ir.GlobalAlias;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.HeaderLine;
import org.nvlower.llvm.ir.InlineAsm;
import org.nvlower.llvm.ir.InstFlag;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.InstructionSource;
import org.nvlower.llvm.ir.Linkage;
import org.nvlower.llvm.ir.MemoryInst;
import org.nvlower.llvm.ir.MetadataAttachment;
import org.nvlower.llvm.ir.MetadataDefinition;
import org.nvlower.llvm.ir.MetadataValue;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.ModuleEntity;
import org.nvlower.llvm.ir.Names;
import org.nvlower.llvm.ir.NamedStructType;
import org.nvlower.llvm.ir.Opcode;
import org.nvlower.llvm.ir.OtherInst;
import org.nvlower.llvm.ir.PhiInst;
import org.nvlower.llvm.ir.PointerType;
import org.nvlower.llvm.ir.PrimitiveType;
import org.nvlower.llvm.ir.SourceSlice;
import org.nvlower.llvm.ir.StructType;
import org.nvlower.llvm.ir.TerminatorInst;
import org.nvlower.llvm.ir.TrackedValue;
import org.nvlower.llvm.ir.Type;
import org.nvlower.llvm.ir.TypeDefinition;
import org.nvlower.llvm.ir.UnaryInst;
import org.nvlower.llvm.ir.UnnamedAddr;
import org.nvlower.llvm.ir.Value;
import org.nvlower.llvm.ir.VectorType;
import org.nvlower.llvm.ir.VerbatimEntity;
import org.nvlower.llvm.ir.Visibility;

/**
 * Prints a module. Untouched entities and instructions are copied from the source text; an
 * edited function is printed piece by piece: unchanged instructions verbatim, instructions
 * whose operands changed with just those operands re-spelled, new instructions and
 * declarations in LLVM's canonical style. A function that lost a numbered value is renumbered,
 * and every numbered reference in it re-spelled.
 */
public final class IrPrinter {

    private final Module module;
    private final String src;
    private final Sink out;
    /** Re-reads operand positions of edited instructions; made on first use. */
    private IrParser.SpanReader spanReader;
    /** Print every entity from the model, none from the source text. */
    private boolean fromModel;

    private IrPrinter(Module module, Sink out) {
        this.module = module;
        this.src = module.source();
        this.out = out;
    }

    /**
     * The module printed entirely from the model, as if every entity had been created: what a
     * module read from text looks like to a pass (no comments, LLVM's spelling). Only entities
     * the model keeps as text ({@code uselistorder}, summaries) are copied.
     */
    public static String printFromModel(Module module) {
        StringBuilder sb = new StringBuilder(module.source().length() + 256);
        IrPrinter p = new IrPrinter(module, new BuilderSink(sb));
        p.fromModel = true;
        p.printModule(module);
        return sb.toString();
    }

    /**
     * The module as {@code llvm-dis} prints it: the {@code ; ModuleID} line, the blank lines
     * between sections, {@code ; Function Attrs:} before each function and {@code ; preds = ...}
     * after each block label, everything else from the model. {@code predecessors} gives each
     * block's predecessors in the order LLVM keeps their uses (a bitcode reader knows it); a block
     * missing from it gets its predecessors in program order.
     */
    public static String printDisassembly(Module module, java.util.Map<BasicBlock, List<BasicBlock>> predecessors) {
        StringBuilder sb = new StringBuilder(1 << 16);
        String id = module.fileName();
        if (!id.isEmpty() && id.indexOf('\n') < 0) {
            sb.append("; ModuleID = '").append(id).append("'\n");
        }
        List<ModuleEntity> entities = module.entities();
        for (HeaderLine.Kind kind : List.of(HeaderLine.Kind.SOURCE_FILENAME, HeaderLine.Kind.DATALAYOUT,
                HeaderLine.Kind.TRIPLE)) {
            for (ModuleEntity e : entities) {
                if (e instanceof HeaderLine h && h.kind() == kind) {
                    sb.append(canonicalEntity(h)).append('\n');
                }
            }
        }
        boolean asm = false;
        for (ModuleEntity e : entities) {
            if (e instanceof HeaderLine h && h.kind() == HeaderLine.Kind.MODULE_ASM) {
                sb.append(asm ? "" : "\n").append(canonicalEntity(h)).append('\n');
                asm = true;
            }
        }
        section(sb, entities, TypeDefinition.class);
        for (ModuleEntity e : entities) {
            if (e instanceof HeaderLine h && h.kind() == HeaderLine.Kind.COMDAT) {
                sb.append('\n').append(canonicalEntity(h)).append('\n'); // llvm-dis: a blank line before each
            }
        }
        section(sb, entities, GlobalVariable.class);
        for (boolean ifuncs : new boolean[] {false, true}) { // llvm-dis: the aliases, then the ifuncs
            boolean first = true;
            for (ModuleEntity e : entities) {
                if (e instanceof GlobalAlias a && a.isIfunc() == ifuncs) {
                    sb.append(first ? "\n" : "").append(canonicalEntity(e)).append('\n');
                    first = false;
                }
            }
        }
        for (ModuleEntity e : entities) {
            if (e instanceof Function f) {
                sb.append('\n');
                String attrs = functionAttributeComment(f);
                if (!attrs.isEmpty()) {
                    sb.append("; Function Attrs: ").append(attrs).append('\n');
                }
                if (!f.isDeclaration()) {
                    f.renumber();
                }
                sb.append(header(f, !f.isDeclaration()));
                if (f.isDeclaration()) {
                    sb.append('\n');
                } else {
                    sb.append(" {");
                    disassembleBlocks(sb, f, predecessors);
                    sb.append("}\n");
                }
            }
        }
        section(sb, entities, AttributeGroup.class);
        boolean named = false;
        boolean numbered = false;
        for (ModuleEntity e : entities) {
            if (e instanceof MetadataDefinition m && m.isNamed()) {
                sb.append(named ? "" : "\n").append(canonicalEntity(m)).append('\n');
                named = true;
            }
        }
        for (ModuleEntity e : entities) {
            if (e instanceof MetadataDefinition m && !m.isNamed()) {
                sb.append(numbered ? "" : "\n").append(canonicalEntity(m)).append('\n');
                numbered = true;
            }
        }
        return sb.toString();
    }

    private static void section(StringBuilder sb, List<ModuleEntity> entities, Class<?> kind) {
        boolean first = true;
        for (ModuleEntity e : entities) {
            if (kind.isInstance(e)) {
                sb.append(first ? "\n" : "").append(canonicalEntity(e)).append('\n');
                first = false;
            }
        }
    }

    /** The function's attributes other than strings, as LLVM's comment lists them. */
    private static String functionAttributeComment(Function f) {
        StringBuilder sb = new StringBuilder();
        for (org.nvlower.llvm.ir.Attribute a : f.attributes().attributes()) {
            if (!(a instanceof org.nvlower.llvm.ir.Attribute.Str)) {
                sb.append(sb.isEmpty() ? "" : " ").append(a.print(true));
            }
        }
        return sb.toString();
    }

    private static void disassembleBlocks(StringBuilder sb, Function f,
            java.util.Map<BasicBlock, List<BasicBlock>> predecessors) {
        f.renumber();
        boolean entry = true;
        for (BasicBlock b : f.blocks()) {
            int lineStart = sb.length();
            if (b.hasName()) {
                sb.append('\n');
                lineStart = sb.length();
                sb.append(Names.quoteIfNeeded(b.name())).append(':');
            } else if (!entry) {
                sb.append('\n');
                lineStart = sb.length();
                sb.append(b.slot()).append(':');
            }
            if (!entry) {
                int column = sb.length() - lineStart;
                sb.append(" ".repeat(Math.max(50 - column, 1))).append(';');
                List<BasicBlock> preds = predecessors == null ? null : predecessors.get(b);
                if (preds == null) {
                    preds = b.predecessors();
                }
                if (preds.isEmpty()) {
                    sb.append(" No predecessors!");
                } else {
                    sb.append(" preds = ");
                    for (int i = 0; i < preds.size(); i++) {
                        sb.append(i == 0 ? "" : ", ").append(reference(preds.get(i)));
                    }
                }
            }
            sb.append('\n');
            entry = false;
            for (Instruction inst : b.instructions()) {
                for (DebugRecord r : inst.debugRecords()) {
                    sb.append("    ").append(r.spelled(IrPrinter::reference)).append('\n');
                }
                sb.append("  ").append(canonical(inst)).append('\n');
            }
        }
    }

    /** The module as text. */
    public static String print(Module module) {
        StringBuilder sb = new StringBuilder(module.source().length() + 256);
        print(module, sb);
        return sb.toString();
    }

    /** Writes the module to {@code out}; an {@link IOException} becomes {@link UncheckedIOException}. */
    public static void print(Module module, Appendable out) {
        Sink sink = out instanceof StringBuilder sb ? new BuilderSink(sb)
                : out instanceof Writer w ? new WriterSink(w) : new AppendableSink(out);
        new IrPrinter(module, sink).printModule(module);
    }

    /**
     * Writes the module as bytes: ISO-8859-1 (one byte per char, so any input bytes read that way
     * come back), or UTF-8. Faster than a {@link Writer} for big modules: source ranges are copied
     * without going through a char encoder when the text allows it.
     */
    public static void print(Module module, OutputStream out, Charset charset) throws IOException {
        boolean oneBytePerChar = charset.equals(StandardCharsets.ISO_8859_1);
        if (!oneBytePerChar) {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, charset), 1 << 16);
            print(module, w);
            w.flush();
            return;
        }
        ByteSink sink = new ByteSink(out);
        try {
            new IrPrinter(module, sink).printModule(module);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        sink.flush();
    }

    // ------------------------------------------------------------------ output

    /** Where text goes; copies ranges of the source without making substrings. */
    private abstract static class Sink {
        char last = '\n';

        abstract void range(String s, int from, int to) throws IOException;

        final void copy(String s, int from, int to) {
            if (to > from) {
                try {
                    range(s, from, to);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                last = s.charAt(to - 1);
            }
        }

        final void write(String s) {
            copy(s, 0, s.length());
        }

        /** The decimal digits of {@code n}. */
        void number(int n) {
            write(Integer.toString(n));
        }
    }

    /** Chars below 256 as single bytes, through a 64 KB buffer. */
    private static final class ByteSink extends Sink {
        private final OutputStream out;
        private final byte[] buffer = new byte[1 << 16];
        private int used;

        ByteSink(OutputStream out) {
            this.out = out;
        }

        @Override
        @SuppressWarnings("deprecation")
        void range(String s, int from, int to) throws IOException {
            while (from < to) {
                if (used == buffer.length) {
                    flush();
                }
                int n = Math.min(to - from, buffer.length - used);
                s.getBytes(from, from + n, buffer, used);
                used += n;
                from += n;
            }
        }

        @Override
        void number(int n) {
            if (n < 0 || buffer.length - used < 10) {
                super.number(n);
                return;
            }
            int digits = 1;
            for (int m = n; m >= 10; m /= 10) {
                digits++;
            }
            for (int i = used + digits - 1; i >= used; i--) {
                buffer[i] = (byte) ('0' + n % 10);
                n /= 10;
            }
            used += digits;
            last = (char) buffer[used - 1];
        }

        void flush() throws IOException {
            out.write(buffer, 0, used);
            used = 0;
            out.flush();
        }
    }

    private static final class BuilderSink extends Sink {
        private final StringBuilder sb;

        BuilderSink(StringBuilder sb) {
            this.sb = sb;
        }

        @Override
        void range(String s, int from, int to) {
            sb.append(s, from, to);
        }
    }

    private static final class WriterSink extends Sink {
        private final Writer w;

        WriterSink(Writer w) {
            this.w = w;
        }

        @Override
        void range(String s, int from, int to) throws IOException {
            w.write(s, from, to - from);
        }
    }

    private static final class AppendableSink extends Sink {
        private final Appendable a;

        AppendableSink(Appendable a) {
            this.a = a;
        }

        @Override
        void range(String s, int from, int to) throws IOException {
            a.append(s, from, to);
        }
    }

    // ------------------------------------------------------------------ module

    /**
     * The ownership rule: an entity prints its source text only while it is unedited and the
     * module it belongs to is the one that text was read into; everything else prints from the
     * model.
     */
    private void printModule(Module module) {
        for (Function f : module.functions()) {
            if (f.needsRenumber()) {
                f.renumber(); // first: a global's blockaddress before the function prints the new numbers
            }
        }
        for (ModuleEntity e : module.entities()) {
            SourceSlice s = e.slice();
            if (fromModel && !(e instanceof VerbatimEntity)) {
                printCanonical(e);
            } else if (s == null) {
                printCanonical(e);
            } else if (e instanceof Function f && (f.isEdited() || f.isHeaderEdited())) {
                printEditedFunction(f);
            } else if (e instanceof GlobalValue g && (g.isHeaderEdited()
                    || g instanceof GlobalVariable v && v.initializer() != null && staleBlockAddress(v.initializer()))) {
                out.copy(src, s.start(), leadingTriviaEnd(s));
                out.write(canonicalEntity(g));
                out.write("\n");
            } else {
                out.copy(src, s.start(), s.end());
            }
        }
        if (!fromModel) {
            out.copy(src, module.trailingStart(), src.length());
        }
    }

    private void printCanonical(ModuleEntity e) {
        if (out.last != '\n') {
            out.write("\n");
        }
        if (e instanceof Function f) {
            out.write("\n");
            if (f.isDeclaration()) {
                out.write(header(f, false));
                out.write("\n");
            } else {
                printCanonicalFunction(f);
            }
        } else {
            out.write(canonicalEntity(e));
            out.write("\n");
        }
    }

    /** Where the comments and blank lines at the start of a slice end (the entity's first token). */
    private int leadingTriviaEnd(SourceSlice s) {
        int i = s.start();
        while (i < s.end()) {
            int lineEnd = src.indexOf('\n', i);
            lineEnd = lineEnd < 0 || lineEnd >= s.end() ? s.end() : lineEnd + 1;
            int j = i;
            while (j < lineEnd && (src.charAt(j) == ' ' || src.charAt(j) == '\t' || src.charAt(j) == '\r')) {
                j++;
            }
            if (j < lineEnd && src.charAt(j) != '\n' && src.charAt(j) != ';') {
                return i;
            }
            i = lineEnd;
        }
        return s.start();
    }

    /** A created (or edited) entity other than a function body, in LLVM's spelling, without newline. */
    static String canonicalEntity(ModuleEntity e) {
        return switch (e) {
            case Function f -> header(f, !f.isDeclaration());
            case GlobalVariable v -> globalVariable(v);
            case GlobalAlias a -> alias(a);
            case AttributeGroup g -> "attributes #" + g.id() + " = { " + g.attributeSet().print(true) + " }";
            case MetadataDefinition m -> "!" + m.id() + " = " + m.body();
            case TypeDefinition t -> t.type() + " = type " + t.type().bodyString();
            case HeaderLine h -> switch (h.kind()) {
                case SOURCE_FILENAME -> "source_filename = " + Names.quote(h.value());
                case DATALAYOUT -> "target datalayout = " + Names.quote(h.value());
                case TRIPLE -> "target triple = " + Names.quote(h.value());
                case MODULE_ASM -> "module asm " + Names.quote(h.value());
                case COMDAT -> "$" + Names.quoteIfNeeded(h.key()) + " = comdat " + h.value();
            };
            case VerbatimEntity v -> throw new IllegalStateException("a created " + v.keyword() + " has no text");
        };
    }

    /** {@code define|declare ... @name(params) ...} up to (not including) the {@code {}. */
    static String header(Function f, boolean definition) {
        StringBuilder sb = new StringBuilder(definition ? "define " : "declare ");
        if (!definition) {
            // a declaration's attachments come first, as LLVM prints them (declare !dbg !5 void @f())
            for (MetadataAttachment m : f.metadata()) {
                sb.append('!').append(m.name()).append(' ').append(m.node()).append(' ');
            }
        }
        Linkage linkage = f.linkage();
        if (linkage != Linkage.EXTERNAL && !(linkage == Linkage.EXTERN_WEAK && !definition && false)) {
            sb.append(linkage.keyword()).append(' ');
        }
        globalPrefix(sb, f);
        word(sb, f.callingConvention());
        word(sb, f.returnAttributes().print(false));
        sb.append(f.returnType()).append(' ').append(reference(f)).append('(');
        List<Type> params = f.functionType().params();
        for (int i = 0; i < params.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(params.get(i));
            Argument a = f.arguments().size() > i ? f.arguments().get(i) : null;
            if (a != null && !a.attributes().isEmpty()) {
                sb.append(' ').append(a.attributes().print(false));
            }
            if (definition && a != null) {
                sb.append(' ').append(reference(a));
            }
        }
        if (f.functionType().varArgs()) {
            sb.append(params.isEmpty() ? "..." : ", ...");
        }
        sb.append(')');
        if (f.unnamedAddr() != UnnamedAddr.NONE) {
            sb.append(' ').append(f.unnamedAddr().keyword());
        }
        if (f.addressSpace() != 0) {
            sb.append(" addrspace(").append(f.addressSpace()).append(')');
        }
        if (!f.inlineAttributes().isEmpty()) {
            sb.append(' ').append(f.inlineAttributes().print(false));
        }
        for (int g : f.attributeGroups()) {
            sb.append(" #").append(g);
        }
        globalTail(sb, f, false);
        if (f.gc() != null) {
            sb.append(" gc ").append(Names.quote(f.gc()));
        }
        if (f.prefixData() != null) {
            sb.append(" prefix ").append(f.prefixData());
        }
        if (f.prologueData() != null) {
            sb.append(" prologue ").append(f.prologueData());
        }
        if (f.personality() != null) {
            sb.append(" personality ").append(f.personality());
        }
        if (definition) {
            for (MetadataAttachment m : f.metadata()) {
                sb.append(" !").append(m.name()).append(' ').append(m.node());
            }
        }
        return sb.toString();
    }

    /** Preemption, visibility, DLL storage (and for variables, thread_local and unnamed_addr). */
    private static void globalPrefix(StringBuilder sb, GlobalValue g) {
        if (g.isDsoLocal() && !g.linkage().isLocal()) { // local linkage implies it; LLVM does not print it
            sb.append("dso_local ");
        }
        if (g.visibility() != Visibility.DEFAULT) {
            sb.append(g.visibility().keyword()).append(' ');
        }
        word(sb, g.dllStorage());
    }

    /** {@code section}, {@code partition}, {@code comdat}, {@code align}: after a comma for variables. */
    private static void globalTail(StringBuilder sb, GlobalValue g, boolean commas) {
        String sep = commas ? ", " : " ";
        if (g.section() != null) {
            sb.append(sep).append("section ").append(Names.quote(g.section()));
        }
        if (g.partition() != null) {
            sb.append(sep).append("partition ").append(Names.quote(g.partition()));
        }
        if (g instanceof GlobalVariable v) {
            for (String w : v.otherWords()) {
                sb.append(sep).append(w);
            }
        }
        if (g.comdat() != null) {
            sb.append(sep).append("comdat");
            if (!g.comdat().isEmpty()) {
                sb.append("($").append(Names.quoteIfNeeded(g.comdat())).append(')');
            }
        }
        if (g.alignment() != 0) {
            sb.append(sep).append("align ").append(g.alignment());
        }
    }

    private static String globalVariable(GlobalVariable v) {
        StringBuilder sb = new StringBuilder(reference(v)).append(" = ");
        if (v.linkage() != Linkage.EXTERNAL || v.initializer() == null) {
            sb.append(v.linkage().keyword()).append(' ');
        }
        globalPrefix(sb, v);
        word(sb, v.threadLocal());
        word(sb, v.unnamedAddr().keyword());
        if (v.addressSpace() != 0) {
            sb.append("addrspace(").append(v.addressSpace()).append(") ");
        }
        if (v.isExternallyInitialized()) {
            sb.append("externally_initialized ");
        }
        sb.append(v.isConstant() ? "constant " : "global ").append(v.valueType());
        if (v.initializer() != null) {
            sb.append(' ').append(constant(v.initializer()));
        }
        globalTail(sb, v, true);
        if (v.codeModel() != null) {
            sb.append(", code_model ").append(Names.quote(v.codeModel()));
        }
        for (MetadataAttachment m : v.metadata()) {
            sb.append(", !").append(m.name()).append(' ').append(m.node());
        }
        for (int g : v.attributeGroups()) {
            sb.append(" #").append(g);
        }
        if (!v.inlineAttributes().isEmpty()) {
            sb.append(' ').append(v.inlineAttributes().print(false));
        }
        return sb.toString();
    }

    private static String alias(GlobalAlias a) {
        StringBuilder sb = new StringBuilder(reference(a)).append(" = ");
        if (a.linkage() != Linkage.EXTERNAL) {
            sb.append(a.linkage().keyword()).append(' ');
        }
        globalPrefix(sb, a);
        word(sb, a.threadLocal());
        word(sb, a.unnamedAddr().keyword());
        sb.append(a.isIfunc() ? "ifunc " : "alias ").append(a.valueType()).append(", ")
                // LLVM writes a constant-expression aliasee or resolver without its type
                .append(a.target() instanceof ConstantExpr ? reference(a.target()) : typed(a.target()));
        if (a.partition() != null) {
            sb.append(", partition ").append(Names.quote(a.partition()));
        }
        return sb.toString();
    }

    private static void word(StringBuilder sb, String w) {
        if (!w.isEmpty()) {
            sb.append(w).append(' ');
        }
    }

    // ------------------------------------------------------------------ functions

    /** A function read from this module's text, with its header or body edited. */
    private void printEditedFunction(Function f) {
        SourceSlice slice = f.slice();
        if (f.isDeclaration()) {
            out.copy(src, slice.start(), leadingTriviaEnd(slice));
            out.write(header(f, false));
            out.write("\n");
            return;
        }
        boolean parsedBody = f.bodyStart() >= 0;
        if (f.isHeaderEdited() || !parsedBody) {
            if (f.needsRenumber() || !parsedBody) {
                f.renumber();
            }
            out.copy(src, slice.start(), leadingTriviaEnd(slice));
            out.write(header(f, true));
            out.write(" {\n");
        } else {
            out.copy(src, slice.start(), f.bodyStart());
        }
        if (!parsedBody) {
            printBlocks(f);
            out.write("}\n");
            return;
        }
        if (f.isEdited()) {
            printBody(f);
        } else {
            out.copy(src, f.bodyStart(), f.closeStart());
        }
        out.copy(src, f.closeStart(), slice.end());
    }

    private void printCanonicalFunction(Function f) {
        f.renumber();
        out.write(header(f, true));
        out.write(" {\n");
        printBlocks(f);
        out.write("}\n");
    }

    /** Every block and instruction from the model (a created or cloned function). */
    private void printBlocks(Function f) {
        f.renumber();
        boolean first = true;
        for (BasicBlock b : f.blocks()) {
            if (!first) {
                out.write("\n");
            }
            if (!first || b.hasName()) {
                out.write(label(b));
                out.write("\n");
            }
            first = false;
            for (Instruction inst : b.instructions()) {
                printCanonicalInstruction(inst);
            }
        }
    }

    private static String label(BasicBlock b) {
        return (b.hasName() ? Names.quoteIfNeeded(b.name()) : String.valueOf(b.slot())) + ":";
    }

    private void printCanonicalInstruction(Instruction inst) {
        for (DebugRecord r : inst.debugRecords()) {
            out.write("    ");
            out.write(r.spelled(IrPrinter::reference));
            out.write("\n");
        }
        if (out.last != '\n') {
            out.write("\n");
        }
        out.write("  ");
        out.write(canonical(inst));
        out.write("\n");
    }

    /** Whether the function being printed has debug info naming locals ({@link DebugLocals}). */
    private boolean debugLocals;

    /** A function read from this module's text with an edited body: unchanged pieces are copied. */
    private void printBody(Function f) {
        debugLocals = f.hasDebugLocals();
        boolean renumber = f.needsRenumber(); // printModule has renumbered it
        bySourceSlot = renumber ? valuesBySourceSlot(f) : null;
        boolean first = true;
        for (BasicBlock b : f.blocks()) {
            SourceSlice label = b.labelSlice();
            if (label != null) {
                if (renumber && b.labelStart() >= 0) {
                    out.copy(src, label.start(), b.labelStart());
                    out.write(b.hasName() ? Names.quoteIfNeeded(b.name()) : String.valueOf(b.slot()));
                    out.copy(src, b.labelEnd(), label.end());
                } else {
                    out.copy(src, label.start(), label.end());
                }
            } else if (!first || b.hasName()) {
                // a created block, a former implicit entry block no longer first, or one given a name
                if (out.last != '\n') {
                    out.write("\n");
                }
                if (!first) {
                    out.write("\n");
                }
                out.write(label(b));
                out.write("\n");
            }
            first = false;
            for (Instruction inst : b.instructions()) {
                if (!inst.hasSource()) {
                    printCanonicalInstruction(inst);
                    continue;
                }
                for (DebugRecord r : inst.debugRecords()) {
                    int at = r.slice() == null || r.locals().isEmpty() || !renumber && !DebugLocals.anyDeleted(r.locals()) ? -1
                            : src.indexOf(r.text(), r.slice().start());
                    if (r.slice() != null && at < 0) {
                        out.copy(src, r.slice().start(), r.slice().end());
                    } else if (r.slice() != null) {
                        // numbers may have changed: the record's locals are spelled again
                        out.copy(src, r.slice().start(), at);
                        out.write(r.spelled(IrPrinter::reference));
                        out.copy(src, at + r.text().length(), r.slice().end());
                    } else {
                        out.write("    " + r.spelled(IrPrinter::reference) + "\n");
                    }
                }
                printInstruction(inst, renumber);
            }
        }
    }

    private void printInstruction(Instruction inst, boolean renumber) {
        InstructionSource s = inst.source();
        boolean debugStale = debugLocals && DebugLocals.namesDeleted(inst);
        if (!inst.isEdited() && !renumber && !debugStale) {
            out.copy(src, s.start(), s.end());
            return;
        }
        if (bySourceSlot != null && !debugStale && printRenumbered(inst, s)) {
            return;
        }
        if (spanReader == null) {
            spanReader = IrParser.spanReader(module);
        }
        int[] spans = spanReader.applyAsSpans(inst);
        int pos = s.start();
        int defStart = spans[0];
        if (defStart >= 0 && (renumber && !inst.hasName() || inst.hasName()
                && !src.startsWith(reference(inst), defStart))) {
            out.copy(src, pos, defStart);
            writeReference(inst);
            pos = spans[1];
        }
        for (int i = 0; i < inst.operandCount(); i++) {
            Value now = inst.operand(i);
            boolean respell = now != inst.originalOperand(i) || (renumber || debugStale) && mayBeRespelled(now);
            if (respell) {
                int from = spans[2 + 2 * i];
                int to = spans[3 + 2 * i];
                if (isNumbered(now) ? isNumberAt(((TrackedValue) now).slot(), from, to)
                        : spelledAt(reference(now), from, to)) {
                    continue;
                }
                out.copy(src, pos, from);
                writeReference(now);
                pos = to;
            }
        }
        out.copy(src, pos, s.end());
    }

    /** A local spelled by its number: {@link #reference} is "%" and the number. */
    private static boolean isNumbered(Value v) {
        return v instanceof TrackedValue t && !(v instanceof GlobalValue) && !t.hasName();
    }

    /** Whether {@code src[from, to)} is {@code %N} with N {@code slot}, as {@link #reference} spells it. */
    private boolean isNumberAt(int slot, int from, int to) {
        if (to - from < 2 || src.charAt(from) != '%' || src.charAt(from + 1) == '0' && to - from > 2) {
            return false;
        }
        long n = 0;
        for (int p = from + 1; p < to; p++) {
            char c = src.charAt(p);
            if (!isDigit(c)) {
                return false;
            }
            n = n * 10 + c - '0';
            if (n > Integer.MAX_VALUE) {
                return false;
            }
        }
        return n == slot;
    }

    private boolean spelledAt(String text, int from, int to) {
        return to - from == text.length() && src.startsWith(text, from);
    }

    /** Writes {@link #reference}{@code (v)}; a numbered local's without making a string. */
    private void writeReference(Value v) {
        if (isNumbered(v)) {
            out.write("%");
            out.number(((TrackedValue) v).slot());
        } else {
            out.write(reference(v));
        }
    }

    /**
     * The values of a renumbered function by the number they had in the text ({@code %7} read is
     * {@code [7]}), when the text's numbers are all the printer must re-spell: no local and no
     * global renamed since the read, the header as read, no debug info naming locals, no numbered
     * types (their {@code %N} is not a local). Otherwise null: each instruction is re-read.
     */
    private TrackedValue[] bySourceSlot;

    private TrackedValue[] valuesBySourceSlot(Function f) {
        if (f.hasRenamedLocals() || f.isHeaderEdited() || debugLocals || hasNumberedTypes()) {
            return null;
        }
        List<TrackedValue> values = new ArrayList<>();
        for (Argument a : f.arguments()) {
            if (!a.hasName()) {
                values.add(a); // unnamed arguments are %0, %1, ... in the header as read
            }
        }
        for (BasicBlock b : f.blocks()) {
            if (!b.hasName() && b.sourceSlot() >= 0 && !put(values, b.sourceSlot(), b)) {
                return null;
            }
            for (Instruction i : b.instructions()) {
                if (i.hasResult() && !i.hasName() && i.hasSource()) {
                    int slot = numberAt(i.source().tokenStart());
                    if (slot < 0 || !put(values, slot, i)) {
                        return null;
                    }
                }
            }
        }
        return values.toArray(new TrackedValue[0]);
    }

    private static boolean put(List<TrackedValue> values, int slot, TrackedValue v) {
        while (values.size() <= slot) {
            values.add(null);
        }
        return values.set(slot, v) == null;
    }

    private Boolean numberedTypes;

    private boolean hasNumberedTypes() {
        if (numberedTypes == null) {
            numberedTypes = module.namedTypes().keySet().stream()
                    .anyMatch(n -> !n.isEmpty() && n.chars().allMatch(Character::isDigit));
        }
        return numberedTypes;
    }

    /** The number N of a {@code %N} at {@code at} (N not followed by a name character), else -1. */
    private int numberAt(int at) {
        if (at + 1 >= src.length() || src.charAt(at) != '%' || !isDigit(src.charAt(at + 1))) {
            return -1;
        }
        long n = 0;
        int p = at + 1;
        for (; p < src.length() && isDigit(src.charAt(p)); p++) {
            n = n * 10 + src.charAt(p) - '0';
            if (n > Integer.MAX_VALUE) {
                return -1;
            }
        }
        return p < src.length() && isNameChar(src.charAt(p)) ? -1 : (int) n;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isNameChar(char c) {
        return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '$' || c == '.'
                || c == '_';
    }

    /**
     * An instruction of a renumbered function printed by re-spelling each {@code %N} of its text
     * as the value numbered N in the text is spelled now: no re-read of the instruction. An operand
     * replaced since the read is written where its original, a local of this body, was spelled:
     * every spelling of that original in the text must be an operand position that now holds the
     * same new value. Strings are copied as they are (no reference is spelled in one). False
     * (nothing printed) when the text has what this cannot judge: a comment, a numbered global, a
     * number the function had no value for, metadata operands, a replaced operand that was not a
     * local of this body or is also spelled elsewhere in the text.
     */
    private boolean printRenumbered(Instruction inst, InstructionSource s) {
        edits = 0;
        namedEdits = 0;
        for (int i = 0; i < inst.operandCount(); i++) {
            Value v = inst.operand(i);
            Value was = inst.originalOperand(i);
            if (v instanceof MetadataValue || was instanceof MetadataValue) {
                return false;
            }
            if (v != was && !addEdit(inst, was, v)) {
                return false;
            }
        }
        int from = s.tokenStart();
        int end = s.end();
        for (int p = from; p < end; p++) {
            char c = src.charAt(p);
            if (c == '"') {
                p = src.indexOf('"', p + 1);
                if (p < 0 || p >= end) {
                    return false;
                }
            } else if (c == ';' || c == '@' && p + 1 < end && isDigit(src.charAt(p + 1))) {
                return false;
            } else if (c == '%' && p + 1 < end) {
                int q = localEnd(p, end);
                int k = editAt(p, q);
                if (k >= 0) {
                    editSeen[k]++;
                } else if (isDigit(src.charAt(p + 1))) {
                    int n = numberAt(p);
                    if (n < 0 || n >= bySourceSlot.length || bySourceSlot[n] == null) {
                        return false;
                    }
                }
                p = q - 1;
            }
        }
        for (int k = 0; k < edits; k++) {
            if (editSeen[k] != editUses[k]) {
                return false; // the original is spelled where no replaced operand is
            }
        }
        int pos = s.start();
        for (int p = from; p < end; p++) {
            char c = src.charAt(p);
            if (c == '"') {
                p = src.indexOf('"', p + 1);
            } else if (c == '%' && p + 1 < end) {
                int q = localEnd(p, end);
                int k = editAt(p, q);
                if (k >= 0) {
                    out.copy(src, pos, p);
                    writeReference(editValue[k]);
                    pos = q;
                } else if (isDigit(src.charAt(p + 1))) {
                    TrackedValue v = bySourceSlot[numberAt(p)];
                    if (v.hasName()) {
                        String now = reference(v);
                        if (now.length() != q - p || !src.startsWith(now, p)) {
                            out.copy(src, pos, p);
                            out.write(now);
                            pos = q;
                        }
                    } else if (v.slot() != numberAt(p) || src.charAt(p + 1) == '0' && q - p > 2) {
                        // "%" + its number now, written without a string (a leading zero is re-spelled)
                        out.copy(src, pos, p + 1);
                        out.number(v.slot());
                        pos = q;
                    }
                }
                p = q - 1;
            }
        }
        out.copy(src, pos, end);
        return true;
    }

    /** The end of the unquoted local {@code %name} or {@code %N} at {@code p} (p + 1 when quoted). */
    private int localEnd(int p, int end) {
        int q = p + 1;
        while (q < end && isNameChar(src.charAt(q))) {
            q++;
        }
        return q;
    }

    /**
     * The replaced operands of the instruction {@link #printRenumbered} prints: how the original
     * was spelled in the text (its number, or its {@code %name} when named), the value now, how
     * many operand positions held it, how many spellings the text has.
     */
    private int edits;
    private int namedEdits;
    private int[] editNumber = new int[4];
    private String[] editName = new String[4];
    private Value[] editValue = new Value[4];
    private int[] editUses = new int[4];
    private int[] editSeen = new int[4];

    /**
     * Notes that operand {@code was}, read as a local of this body, is now {@code now}; false when
     * {@code was} was not spelled as a local of this body or was replaced by two values.
     */
    private boolean addEdit(Instruction inst, Value was, Value now) {
        int n = -1;
        String name = null;
        if (was instanceof TrackedValue t && !(was instanceof GlobalValue) && t.hasName()) {
            name = reference(t);
            if (name.indexOf('"') >= 0 || module.namedTypes().containsKey(t.name())) {
                return false; // quoted, or spelled as a type is
            }
        } else {
            n = sourceNumber(inst, was);
            if (n < 0) {
                return false;
            }
        }
        for (int k = 0; k < edits; k++) {
            if (editNumber[k] == n && (name == null || name.equals(editName[k]))) {
                editUses[k]++;
                return editValue[k] == now;
            }
        }
        if (edits == editNumber.length) {
            editNumber = java.util.Arrays.copyOf(editNumber, 2 * edits);
            editName = java.util.Arrays.copyOf(editName, 2 * edits);
            editValue = java.util.Arrays.copyOf(editValue, 2 * edits);
            editUses = java.util.Arrays.copyOf(editUses, 2 * edits);
            editSeen = java.util.Arrays.copyOf(editSeen, 2 * edits);
        }
        editNumber[edits] = n;
        editName[edits] = name;
        editValue[edits] = now;
        editUses[edits] = 1;
        editSeen[edits] = 0;
        edits++;
        if (name != null) {
            namedEdits++;
        }
        return true;
    }

    /** The edit whose original is spelled {@code src[p, q)} (a {@code %} and name characters), or -1. */
    private int editAt(int p, int q) {
        if (edits == 0 || q == p + 1) {
            return -1;
        }
        if (isDigit(src.charAt(p + 1))) {
            int n = numberAt(p);
            for (int k = 0; k < edits; k++) {
                if (editNumber[k] == n && n >= 0) {
                    return k;
                }
            }
        } else if (namedEdits > 0) {
            for (int k = 0; k < edits; k++) {
                String name = editName[k];
                if (name != null && name.length() == q - p && src.startsWith(name, p)) {
                    return k;
                }
            }
        }
        return -1;
    }

    /**
     * The N of the {@code %N} that spelled the unnamed {@code v} in the text of the body
     * {@code inst} was read from: a block by its number as read, an instruction by its
     * definition's text (in that body); else -1. A value still unnamed was unnamed when read: a
     * rename disables {@link #bySourceSlot}.
     */
    private int sourceNumber(Instruction inst, Value v) {
        if (v instanceof BasicBlock b) {
            return b.hasName() ? -1 : b.sourceSlot();
        }
        if (v instanceof Instruction i && i.hasSource() && !i.hasName()) {
            Function f = inst.function();
            InstructionSource s = i.source();
            if (f == null || s.start() < f.bodyStart() || s.end() > f.closeStart()) {
                return -1;
            }
            return numberAt(s.tokenStart());
        }
        return -1;
    }

    /** Operands whose spelling may have changed without an edit of the instruction: names and numbers. */
    private static boolean mayBeRespelled(Value v) {
        return v instanceof TrackedValue || v instanceof Constant c && !Constants.globals(c).isEmpty()
                || v instanceof MetadataValue m && m.hasLocals();
    }

    // ------------------------------------------------------------------ canonical text

    /** The reference to a value as an operand, without its type: {@code %x}, {@code @f}, {@code 42}. */
    public static String reference(Value v) {
        if (v instanceof GlobalValue g) {
            return "@" + (g.hasName() ? Names.quoteIfNeeded(g.name()) : String.valueOf(g.slot()));
        }
        if (v instanceof TrackedValue t) {
            return "%" + (t.hasName() ? Names.quoteIfNeeded(t.name()) : String.valueOf(t.slot()));
        }
        if (v instanceof Constant c) {
            return constant(c);
        }
        if (v instanceof MetadataValue m) {
            return m.spelled(IrPrinter::reference);
        }
        if (v instanceof InlineAsm a) {
            return a.text();
        }
        throw new IllegalStateException("unknown value " + v);
    }

    private static String typed(Value v) {
        return v.type() + " " + reference(v);
    }

    /** A constant in LLVM's canonical spelling (without its type). */
    public static String constant(Constant c) {
        return switch (c) {
            case ConstantInt i -> i.type().bits() == 1 ? (i.value().signum() == 0 ? "false" : "true")
                    : i.value().toString();
            case ConstantFP f -> IrFloatLiterals.print(f);
            case ConstantKeyword k -> k.keyword().text();
            case ConstantString s -> "c\"" + s.escaped() + "\"";
            case ConstantAggregate a -> aggregate(a);
            case ConstantExpr e -> expression(e);
            case BlockAddress b -> b.kind() == BlockAddress.Kind.BLOCKADDRESS
                    ? "blockaddress(" + reference(b.global()) + ", " + blockReference(b) + ")"
                    : b.kind().keyword() + " " + reference(b.global());
            case GlobalValue g -> reference(g);
        };
    }

    /**
     * The block of a blockaddress as it is numbered now: {@code %19} read from the text names the
     * block that was number 19 then, which renumbering after an edit may have made {@code %18}.
     */
    private static String blockReference(BlockAddress b) {
        String text = b.block();
        if (b.global() instanceof Function f && text.length() > 1 && Character.isDigit(text.charAt(1))
                && text.chars().skip(1).allMatch(Character::isDigit) && text.length() < 11) {
            BasicBlock now = f.blockBySourceSlot(Integer.parseInt(text.substring(1)));
            if (now != null && !now.hasName()) {
                return reference(now);
            }
        }
        return text;
    }

    /** Whether {@code c} holds a blockaddress whose block's number changed since it was read. */
    private static boolean staleBlockAddress(Constant c) {
        boolean[] stale = new boolean[1];
        Constants.walk(c, k -> stale[0] |= k instanceof BlockAddress b && b.kind() == BlockAddress.Kind.BLOCKADDRESS
                && !blockReference(b).equals(b.block()));
        return stale[0];
    }

    private static String aggregate(ConstantAggregate a) {
        Type t = a.type();
        boolean packed = t instanceof StructType s && s.packed() || t instanceof NamedStructType n && n.isPacked();
        String open;
        String close;
        if (t instanceof ArrayType) {
            open = "[";
            close = "]";
        } else if (t instanceof VectorType) {
            open = "<";
            close = ">";
        } else {
            open = packed ? "<{ " : "{ ";
            close = packed ? " }>" : " }";
        }
        if (a.elements().isEmpty()) {
            return t instanceof ArrayType ? "[]" : packed ? "<{}>" : "{}";
        }
        StringBuilder sb = new StringBuilder(open);
        for (int i = 0; i < a.elements().size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(typed(a.elements().get(i)));
        }
        return sb.append(close).toString();
    }

    private static String expression(ConstantExpr e) {
        StringBuilder sb = new StringBuilder(e.opcode().keyword());
        for (String f : e.flags()) {
            sb.append(' ').append(f);
        }
        sb.append(" (");
        if (e.opcode() == Opcode.GETELEMENTPTR) {
            sb.append(e.sourceType()).append(", ");
        }
        for (int i = 0; i < e.operands().size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(i == e.inrangeOperand() ? "inrange " : "")
                    .append(typed(e.operands().get(i)));
        }
        if (e.opcode().kind() == Opcode.Kind.CAST) {
            sb.append(" to ").append(e.type());
        }
        for (long index : e.indices()) {
            sb.append(", ").append(index);
        }
        return sb.append(')').toString();
    }

    /** An instruction in LLVM's style (as if created), without indentation or newline. */
    public static String canonical(Instruction inst) {
        StringBuilder sb = new StringBuilder();
        if (inst.hasResult()) {
            sb.append(reference(inst)).append(" = ");
        }
        Opcode op = inst.opcode();
        switch (inst) {
            case CallInst call -> call(sb, call);
            case BinaryInst bin -> {
                opAndFlags(sb, inst);
                sb.append(' ').append(typed(bin.lhs())).append(", ").append(reference(bin.rhs()));
            }
            case CmpInst cmp -> {
                opAndFlags(sb, inst);
                sb.append(' ').append(cmp.predicate()).append(' ').append(typed(cmp.lhs())).append(", ")
                        .append(reference(cmp.rhs()));
            }
            case CastInst cast -> {
                opAndFlags(sb, inst);
                sb.append(' ').append(typed(cast.value())).append(" to ").append(cast.destType());
            }
            case UnaryInst un -> {
                opAndFlags(sb, inst);
                sb.append(' ').append(typed(un.operand(0)));
            }
            case PhiInst phi -> {
                opAndFlags(sb, inst);
                sb.append(' ').append(phi.type());
                for (int i = 0; i < phi.incomingCount(); i++) {
                    sb.append(i == 0 ? " [ " : ", [ ").append(reference(phi.incomingValue(i))).append(", ")
                            .append(reference(phi.incomingBlock(i))).append(" ]");
                }
            }
            case MemoryInst mem -> memory(sb, mem);
            case AggregateInst agg -> {
                sb.append(op.keyword());
                for (int i = 0; i < agg.operandCount(); i++) {
                    sb.append(i == 0 ? " " : ", ").append(typed(agg.operand(i)));
                }
                for (long index : agg.indices()) {
                    sb.append(", ").append(index);
                }
            }
            case TerminatorInst term -> terminator(sb, term);
            case OtherInst other -> other(sb, other);
        }
        for (MetadataAttachment m : inst.metadata()) {
            sb.append(", !").append(m.name()).append(' ').append(m.node());
        }
        return sb.toString();
    }

    private static void opAndFlags(StringBuilder sb, Instruction inst) {
        sb.append(inst.opcode().keyword());
        for (String f : inst.flags()) {
            sb.append(' ').append(f);
        }
    }

    private static void call(StringBuilder sb, CallInst call) {
        CallInst.Detail d = call.detail();
        if (!d.tailKind().isEmpty()) {
            sb.append(d.tailKind()).append(' ');
        }
        opAndFlags(sb, call);
        sb.append(' ');
        word(sb, d.callingConvention());
        word(sb, d.returnAttributes().print(false));
        FunctionType ft = call.calleeType();
        sb.append(ft.varArgs() ? ft : ft.returnType()).append(' ').append(reference(call.callee())).append('(');
        List<Value> args = call.arguments();
        for (int i = 0; i < args.size(); i++) {
            Value a = args.get(i);
            sb.append(i == 0 ? "" : ", ");
            Type declared = i < ft.params().size() ? ft.params().get(i) : a.type();
            if (declared == PrimitiveType.METADATA && !(a instanceof MetadataValue)) {
                // a local wrapped as metadata
                sb.append("metadata ").append(typed(a));
                continue;
            }
            sb.append(a.type());
            AttributeSet attrs = d.paramAttributes(i);
            if (!attrs.isEmpty()) {
                sb.append(' ').append(attrs.print(false));
            }
            sb.append(' ').append(reference(a));
        }
        sb.append(')');
        if (!d.fnAttributes().isEmpty()) {
            sb.append(' ').append(d.fnAttributes().print(false));
        }
        for (int g : d.attributeGroups()) {
            sb.append(" #").append(g);
        }
        if (!d.bundles().isEmpty()) {
            List<Value> inputs = call.bundleInputs();
            int next = 0;
            sb.append(" [ ");
            for (int b = 0; b < d.bundles().size(); b++) {
                CallInst.Bundle bundle = d.bundles().get(b);
                sb.append(b == 0 ? "" : ", ").append(Names.quote(bundle.tag())).append('(');
                for (int i = 0; i < bundle.inputCount(); i++) {
                    sb.append(i == 0 ? "" : ", ").append(typed(inputs.get(next++)));
                }
                sb.append(')');
            }
            sb.append(" ]");
        }
        List<BasicBlock> dests = call.destinations();
        if (call.opcode() == Opcode.INVOKE) {
            sb.append("\n          to label ").append(reference(dests.get(0))).append(" unwind label ")
                    .append(reference(dests.get(1)));
        } else if (call.opcode() == Opcode.CALLBR) {
            sb.append("\n          to label ").append(reference(dests.get(0))).append(" [");
            for (int i = 1; i < dests.size(); i++) {
                sb.append(i == 1 ? "label " : ", label ").append(reference(dests.get(i)));
            }
            sb.append(']');
        }
    }

    private static void memory(StringBuilder sb, MemoryInst mem) {
        MemoryInst.Access a = mem.access();
        opAndFlags(sb, mem);
        switch (mem.opcode()) {
            case ALLOCA -> {
                sb.append(' ').append(a.elementType());
                if (mem.operandCount() > 0) {
                    sb.append(", ").append(typed(mem.operand(0)));
                }
                align(sb, a);
                int as = ((PointerType) mem.type()).addressSpace();
                if (as != 0) {
                    sb.append(", addrspace(").append(as).append(')');
                }
            }
            case LOAD -> {
                sb.append(' ').append(a.elementType()).append(", ").append(typed(mem.operand(0)));
                atomic(sb, a);
                align(sb, a);
            }
            case STORE -> {
                sb.append(' ').append(typed(mem.operand(0))).append(", ").append(typed(mem.operand(1)));
                atomic(sb, a);
                align(sb, a);
            }
            case GETELEMENTPTR -> {
                if (a.inrange() != null) {
                    sb.append(' ').append(a.inrange());
                }
                sb.append(' ').append(a.elementType());
                for (Value v : mem.operands()) {
                    sb.append(", ").append(typed(v));
                }
            }
            case FENCE -> atomic(sb, a);
            case CMPXCHG -> {
                sb.append(' ').append(typed(mem.operand(0))).append(", ").append(typed(mem.operand(1))).append(", ")
                        .append(typed(mem.operand(2)));
                atomic(sb, a);
                align(sb, a);
            }
            case ATOMICRMW -> {
                sb.append(' ').append(a.operation()).append(' ').append(typed(mem.operand(0))).append(", ")
                        .append(typed(mem.operand(1)));
                atomic(sb, a);
                align(sb, a);
            }
            default -> throw new IllegalStateException("memory opcode " + mem.opcode());
        }
    }

    private static void atomic(StringBuilder sb, MemoryInst.Access a) {
        if (a.syncScope() != null) {
            sb.append(" syncscope(").append(Names.quote(a.syncScope())).append(')');
        }
        if (a.ordering() != null) {
            sb.append(' ').append(a.ordering());
        }
        if (a.failureOrdering() != null) {
            sb.append(' ').append(a.failureOrdering());
        }
    }

    private static void align(StringBuilder sb, MemoryInst.Access a) {
        if (a.align() != 0) {
            sb.append(", align ").append(a.align());
        }
    }

    private static void terminator(StringBuilder sb, TerminatorInst t) {
        Opcode op = t.opcode();
        sb.append(op.keyword());
        switch (op) {
            case RET -> sb.append(t.operandCount() == 0 ? " void" : " " + typed(t.operand(0)));
            case BR, RESUME -> {
                for (int i = 0; i < t.operandCount(); i++) {
                    sb.append(i == 0 ? " " : ", ").append(typed(t.operand(i)));
                }
            }
            case SWITCH -> {
                sb.append(' ').append(typed(t.operand(0))).append(", ").append(typed(t.operand(1))).append(" [");
                for (int i = 0; i < t.caseCount(); i++) {
                    sb.append("\n    ").append(typed(t.caseValue(i))).append(", ").append(typed(t.caseDest(i)));
                }
                sb.append("\n  ]");
            }
            case INDIRECTBR -> {
                sb.append(' ').append(typed(t.operand(0))).append(", [");
                for (int i = 1; i < t.operandCount(); i++) {
                    sb.append(i == 1 ? "" : ", ").append(typed(t.operand(i)));
                }
                sb.append(']');
            }
            case UNREACHABLE -> {
            }
            case CLEANUPRET -> {
                sb.append(" from ").append(reference(t.operand(0))).append(" unwind ");
                sb.append(t.operandCount() > 1 ? typed(t.operand(1)) : "to caller");
            }
            case CATCHRET -> sb.append(" from ").append(reference(t.operand(0))).append(" to ").append(typed(t.operand(1)));
            case CATCHSWITCH -> {
                int handlers = t.handlers().count();
                sb.append(" within ").append(reference(t.operand(0))).append(" [");
                for (int i = 1; i <= handlers; i++) {
                    sb.append(i == 1 ? "" : ", ").append(typed(t.operand(i)));
                }
                sb.append("] unwind ").append(t.operandCount() > handlers + 1 ? typed(t.operand(handlers + 1)) : "to caller");
            }
            default -> throw new IllegalStateException("terminator " + op);
        }
    }

    private static void other(StringBuilder sb, OtherInst o) {
        if (o.opcode() == Opcode.LANDINGPAD) {
            sb.append("landingpad");
        } else {
            opAndFlags(sb, o);
        }
        switch (o.opcode()) {
            case SELECT, FREEZE -> {
                for (int i = 0; i < o.operandCount(); i++) {
                    sb.append(i == 0 ? " " : ", ").append(typed(o.operand(i)));
                }
            }
            case VA_ARG -> sb.append(' ').append(typed(o.operand(0))).append(", ").append(o.type());
            case LANDINGPAD -> {
                sb.append(' ').append(o.type());
                if (o.hasFlag(InstFlag.CLEANUP)) {
                    sb.append("\n          cleanup");
                }
                for (int i = 0; i < o.operandCount(); i++) {
                    sb.append("\n          ").append(o.clauses().kinds().get(i) == OtherInst.Clauses.Kind.CATCH
                            ? "catch " : "filter ").append(typed(o.operand(i)));
                }
            }
            case CATCHPAD, CLEANUPPAD -> {
                sb.append(" within ").append(reference(o.operand(0))).append(" [");
                for (int i = 1; i < o.operandCount(); i++) {
                    sb.append(i == 1 ? "" : ", ").append(typed(o.operand(i)));
                }
                sb.append(']');
            }
            default -> throw new IllegalStateException("opcode " + o.opcode());
        }
    }

    /** The hexadecimal spelling of an encoding (used in tests and by stats). */
    static String hex(BigInteger bits) {
        return bits.toString(16);
    }
}
