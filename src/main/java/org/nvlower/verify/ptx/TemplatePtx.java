package org.nvlower.verify.ptx;

import java.util.HashMap;
import java.util.Map;

import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.PtxReader;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.template.PtxEmitter;
import org.nvlower.verify.sass.SassOp;
import org.nvlower.verify.sass.TemplateVerifier;

/**
 * A template's PTX ({@code nvlower expand OP --emit ptx}) run in the PTX interpreter, as a GPU
 * would run it: the harness kernel {@code <name>_kernel(buf)} loads the operands from a global
 * buffer, runs the {@code .func}'s body spliced in (or, for {@code PtxEmitter.emitCalling}'s text,
 * calls the .func) and stores the result after them. As a {@link TemplateVerifier}
 * subject ({@code nvlower verify OP --impl ptx}) each result is judged against the reference and
 * compared with the emulator's under the same MUFU model. The text is read back with the PTX
 * reader, so what runs is what {@code --emit ptx} prints.
 */
public final class TemplatePtx implements TemplateVerifier.Subjects {

    /** The SM the text is emitted for (the templates' PTX is the same for every SM but the .target line). */
    private static final String SM = "sm_90";
    private static final long BUFFER = 0x100000;

    private final SassOp op;
    private final String text;
    private final PtxFunction kernel;
    private final Map<String, PtxFunction> functions = new HashMap<>();

    private TemplatePtx(SassOp op, String text) {
        this.op = op;
        this.text = text;
        String name = "nvlower_" + op.name().replaceAll("[^A-Za-z0-9]", "_") + "_kernel";
        PtxFunction k = null;
        for (PtxFunction f : PtxReader.read(op.name() + ".ptx", text).functions()) {
            functions.put(f.name(), f);
            if (f.name().equals(name)) {
                k = f;
            }
        }
        if (k == null) {
            throw new IllegalStateException(op.name() + ": the emitted PTX has no kernel " + name);
        }
        this.kernel = k;
    }

    public static TemplatePtx of(SassOp op) {
        return new TemplatePtx(op, PtxEmitter.emit(op.template(), SM));
    }

    /** Other PTX text for op's harness (the tests' mutants). */
    static TemplatePtx of(SassOp op, String text) {
        return new TemplatePtx(op, text);
    }

    /** The PTX text that runs. */
    public String text() {
        return text;
    }

    @Override
    public TemplateVerifier.Subject make(MufuModel mufu) {
        return (a, b) -> run(a, b, mufu);
    }

    /** The kernel's result for operands a (and b), as the emulator's words (32-bit ops: the low word). */
    public long run(long a, long b, MufuModel mufu) {
        int inputs = op.operands().inputs;
        int bytes = op.operands().bits == 64 ? 8 : 4; // the harness's words (16-bit ops: the low half of 32 bits)
        PtxMemory global = new PtxMemory();
        global.map(BUFFER, (inputs + 1L) * bytes);
        long[] words = {a, b};
        for (int i = 0; i < inputs; i++) {
            global.store(BUFFER + (long) i * bytes, words[i], bytes);
        }
        PtxThread t = new PtxThread(kernel, Map.of("buf", BUFFER), new PtxThread.Memories(global, new PtxMemory(), Map.of(),
                functions), name -> null, (in, src) -> {
                    throw new UnsupportedOperationException(op.name() + ": " + in.opcode() + " inside a template's PTX");
                }, mufu);
        if (!t.run()) {
            throw new IllegalStateException(op.name() + ": the harness kernel reached a bar.sync");
        }
        long r = global.load(BUFFER + (long) inputs * bytes, bytes);
        return op.operands().bits == 16 ? r & 0xFFFF : r;
    }
}
