package org.nvlower.llvm.exec;

import java.util.HashMap;
import java.util.Map;

import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Module;

/**
 * Runs the integer and control-flow subset of the LLVM IR model, as lli's interpreter does, but
 * translated once per function into a compact form ({@link CompiledFunction}): integers up to 128
 * bits, their arithmetic, comparisons, casts, {@code select}, {@code phi}, branches, {@code switch},
 * calls of defined functions, aggregates of those, bitcasts of float/double/fp128 bit patterns,
 * the bit-manipulation intrinsics ({@code llvm.ctlz}, {@code llvm.umul.with.overflow} ...) and
 * loads by index from constant global arrays of integers (coefficient tables). Undefined
 * behaviour is an {@link ExecutionException}, never a silent value; other memory, vectors and
 * floating-point arithmetic are rejected when translated.
 *
 * <p>Not thread-safe: each thread runs its own interpreter (frames are reused between calls).
 */
public final class Interpreter {

    private final Module module;
    private final Map<Function, CompiledFunction> compiled = new HashMap<>();

    public Interpreter(Module module) {
        this.module = module;
    }

    public Module module() {
        return module;
    }

    /** The translated form of {@code @name}. */
    public CompiledFunction function(String name) {
        Function f = module.function(name).orElseThrow(() -> new ExecutionException("no function @" + name));
        return compiled(f);
    }

    /** The translated form of {@code f} (translated on first use; callees on their first call). */
    public CompiledFunction compiled(Function f) {
        CompiledFunction c = compiled.get(f);
        if (c == null) {
            if (f.isDeclaration()) {
                throw new ExecutionException("@" + f.name() + " is only declared: the interpreter runs defined "
                        + "functions and the integer intrinsics");
            }
            c = translate(f);
        }
        return c;
    }

    /**
     * {@code f}'s translated form if a caller may copy it in: defined, translatable, not being
     * translated (a recursive call stays a call) and at most {@code limit} ints of code. A callee
     * that does not translate stays a call, whose error comes when it is called, as before.
     */
    CompiledFunction inlinable(Function f, int limit) {
        if (f.isDeclaration()) {
            return null;
        }
        CompiledFunction c = compiled.get(f);
        if (c == null) {
            try {
                c = translate(f);
            } catch (ExecutionException e) {
                return null;
            }
        }
        return c.isTranslated() && c.codeLength() <= limit ? c : null;
    }

    private CompiledFunction translate(Function f) {
        CompiledFunction c = new CompiledFunction(this, f);
        compiled.put(f, c); // a recursive call finds it while it is translated
        try {
            c.translate();
        } catch (RuntimeException e) {
            compiled.remove(f);
            throw e;
        }
        return c;
    }
}
