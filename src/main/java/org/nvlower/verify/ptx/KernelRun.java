package org.nvlower.verify.ptx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import org.nvlower.ptx.PtxFunction;
import org.nvlower.ptx.Statement.Instruction;
import org.nvlower.ptx.Statement.Variable;
import org.nvlower.sass.Emulator;
import org.nvlower.sass.MufuModel;
import org.nvlower.sass.Program;
import org.nvlower.sass.Reg;
import org.nvlower.pipeline.KernelExpansion;
import org.nvlower.pipeline.KernelExpansion.Site;
import org.nvlower.verify.sass.SassOp;

/**
 * Runs a kernel end to end, twice, on the same seeded global memory: once with every math
 * instruction computed by its expansion (the template program in the emulator, its inputs bound
 * to the PTX operands as the listing shows), once by the oracle ({@link SassOp}), as one block
 * ({@code %tid.x} 0..threads-1; each thread runs to its next {@code bar.sync} in turn, shared
 * memory zeroed). Equal global memory afterwards is the check. Pointer parameters ({@code .u64}) get a buffer each, filled with a mix of zeros, small
 * integers, float edge values and random words; other parameters get {@code n}; the module's
 * {@code .global} and {@code .const} variables are loaded with their initial values after the
 * buffers ({@link PtxGlobals}) and compared with them; {@code .shared} variables (the kernel's
 * and the module's, where nvcc puts a kernel's {@code __shared__} arrays; an {@code extern} one
 * gets 16 KiB) start zeroed. Anything the run does not model ({@code %clock}, an address outside
 * these memories, an instruction it does not run) ends it with an
 * {@link UnsupportedOperationException} that says what.
 */
public final class KernelRun {

    /**
     * What a run did: threads, math instructions run (per side, in all and by op), bytes compared
     * and changed, differing bytes and the first of them.
     */
    public record Result(String kernel, int threads, int mathRuns, Map<String, Integer> runsByOp, int bytes, int changed,
            int differing, String firstDifference) {
        public boolean passed() {
            return differing == 0;
        }
    }

    private static final int BUFFER = 256 * 1024;
    /** The bytes of dynamic shared memory a run gives an {@code extern .shared} array. */
    private static final long DYNAMIC_SHARED = 16384;
    private static final long BASE = 0x100000;
    private static final int[] EDGE_WORDS = {0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000,
        0x7FC00000, 0x00000001, 0x807FFFFF, 0x00800000, 0x7F7FFFFF, 0x40400000, 0x3EAAAAAB, 0xFFFFFFFF, 0x7FFFFFFF};

    private KernelRun() {}

    public static Result run(KernelExpansion x, PtxFunction kernel, int threads, long n, String mufu, long seed) {
        PtxMemory initial = new PtxMemory();
        Map<String, Long> params = new HashMap<>();
        SplittableRandom random = new SplittableRandom(seed);
        long base = BASE;
        for (Variable p : kernel.params()) {
            if (p.type().equals(".u64") || p.type().equals(".b64")) {
                params.put(p.name(), base);
                initial.map(base, BUFFER);
                SplittableRandom words = random.split(); // a buffer's words do not depend on the others' sizes
                for (int i = 0; i < BUFFER; i += 4) {
                    initial.store(base + i, word(words), 4);
                }
                base += BASE;
            } else {
                params.put(p.name(), n);
            }
        }
        Map<String, Long> symbols = PtxGlobals.load(x.module(), initial, base); // the module's .global/.const data
        Map<Instruction, Site> sites = new IdentityHashMap<>();
        for (Site s : x.sites()) {
            sites.put(s.instruction(), s);
        }
        Map<Program, Emulator> emulators = new IdentityHashMap<>();
        Map<String, Integer> runsByOp = new TreeMap<>();
        PtxThread.MathUnit expanded = (in, src) -> {
            Site s = sites.get(in);
            runsByOp.merge(in.opcode(), 1, Integer::sum);
            if (s == null || !s.expanded()) {
                throw new UnsupportedOperationException(in.opcode() + " has no template");
            }
            Program p = s.template().program();
            Emulator em = emulators.computeIfAbsent(p, q -> new Emulator(q, MufuModel.byName(mufu, seed)));
            int word = 0;
            for (int k = 0; k < p.inputs().size(); k++) {
                em.setInput(word++, (int) src[k]);
                if (p.inputs().get(k).cls() == Reg.RegClass.R64) {
                    em.setInput(word++, (int) (src[k] >>> 32));
                }
            }
            em.execute();
            long lo = em.output(0) & 0xFFFFFFFFL;
            return p.outputs().get(0).cls() == Reg.RegClass.R64 ? lo | (long) em.output(1) << 32 : lo;
        };
        PtxThread.MathUnit oracle = (in, src) -> DispatchedRun.oracle(sites.get(in), src);
        PtxMemory shared = new PtxMemory();
        long sharedTop = 0;
        // the module's (where nvcc declares a kernel's __shared__ arrays) and the kernel's own
        List<Object> declarations = new ArrayList<>(x.module().items());
        declarations.addAll(kernel.body());
        for (Object declaration : declarations) {
            if (declaration instanceof Variable v && v.space().equals(".shared")) {
                long at = sharedTop + 0x100; // apart, so that an overrun is caught
                symbols.put(v.name(), at);
                if (!v.type().matches("\\.[bsuf](8|16|32|64)")) {
                    throw new UnsupportedOperationException(v.name() + ": a " + v.type() + " shared variable is not modelled");
                }
                long size = (long) Integer.parseInt(v.type().substring(2)) / 8;
                for (long d : v.dims()) {
                    size *= d < 0 ? DYNAMIC_SHARED / size : d; // extern .shared x[]: the launch's dynamic shared memory
                }
                shared.map(at, size);
                sharedTop = at + size;
            }
        }
        Map<String, PtxFunction> functions = new HashMap<>();
        for (PtxFunction f : x.module().functions()) {
            functions.put(f.name(), f);
        }
        PtxMemory viaTemplates = initial.copy();
        PtxMemory viaOracle = initial.copy();
        MufuModel model = MufuModel.byName(mufu, seed);
        int mathRuns = block(kernel, params, new PtxThread.Memories(viaTemplates, shared.copy(), symbols,
                functions), threads, expanded, model);
        block(kernel, params, new PtxThread.Memories(viaOracle, shared.copy(), symbols, functions), threads,
                oracle, model);
        int bytes = 0;
        int changed = 0;
        int differing = 0;
        String first = null;
        for (var region : initial.regions().entrySet()) {
            byte[] before = region.getValue();
            byte[] t = viaTemplates.regions().get(region.getKey());
            byte[] o = viaOracle.regions().get(region.getKey());
            bytes += before.length;
            for (int i = 0; i < before.length; i++) {
                if (t[i] != before[i] || o[i] != before[i]) {
                    changed++;
                }
                if (t[i] != o[i]) {
                    if (first == null) {
                        first = String.format("0x%x: 0x%02x via the templates, 0x%02x via the oracle", region.getKey() + i,
                                t[i], o[i]);
                    }
                    differing++;
                }
            }
        }
        return new Result(kernel.name(), threads, mathRuns, runsByOp, bytes, changed, differing, first);
    }

    /**
     * Runs one block of {@code threads} threads: each runs to its next bar.sync, warp instruction
     * or end in turn; the lanes of a warp instruction's membermask, once all wait at it, take it
     * together ({@link WarpOps}) and run on; all go on past a barrier together. Returns the math
     * instructions run.
     */
    static int block(PtxFunction kernel, Map<String, Long> params, PtxThread.Memories mem, int threads,
            PtxThread.MathUnit math, MufuModel mufu) {
        List<PtxThread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long tid = t;
            running.add(new PtxThread(kernel, params, mem, name -> switch (name) {
                case "%tid.x" -> tid;
                case "%laneid" -> tid & 31;
                case "%warpid" -> tid >> 5;
                case "%ntid.x" -> (long) threads;
                case "%ctaid.x", "%tid.y", "%tid.z", "%ctaid.y", "%ctaid.z" -> 0L;
                case "%nctaid.x", "%nctaid.y", "%nctaid.z", "%ntid.y", "%ntid.z" -> 1L;
                case "%lanemask_eq" -> 1L << (tid & 31);
                case "%lanemask_le" -> (2L << (tid & 31)) - 1;
                case "%lanemask_lt" -> (1L << (tid & 31)) - 1;
                case "%lanemask_ge" -> 0xFFFFFFFFL & -(1L << (tid & 31));
                case "%lanemask_gt" -> 0xFFFFFFFFL & -(2L << (tid & 31));
                case "WARP_SZ" -> 32L; // PTX's predefined constant
                default -> null;
            }, math, mufu));
        }
        int runs = 0;
        int done = 0;
        List<PtxThread> toRun = running;
        List<PtxThread> atBarrier = new ArrayList<>();
        while (true) {
            for (PtxThread t : toRun) {
                if (t.run()) {
                    runs += t.mathRuns;
                    done++;
                } else if (t.atWarpOp() == null) {
                    atBarrier.add(t);
                }
            }
            List<PtxThread> resumed = new ArrayList<>(); // the warp instructions whose lanes all wait, taken
            for (int w = 0; w < threads; w += 32) {
                resumed.addAll(WarpOps.takeReady(running.subList(w, Math.min(threads, w + 32))));
            }
            if (!resumed.isEmpty()) {
                toRun = resumed;
                continue;
            }
            if (running.stream().anyMatch(t -> t.atWarpOp() != null)) {
                throw new UnsupportedOperationException(kernel.name() + ": a warp instruction that not every lane of its "
                        + "membermask reaches");
            }
            if (atBarrier.isEmpty()) {
                break;
            }
            if (done > 0) {
                throw new UnsupportedOperationException(kernel.name() + ": a bar.sync that not every thread reaches");
            }
            toRun = atBarrier;
            atBarrier = new ArrayList<>();
        }
        return runs;
    }

    /** A word of the initial memory: a zero, a small integer, a float edge value, or random bits. */
    private static int word(SplittableRandom r) {
        return switch (r.nextInt(8)) {
            case 0, 1 -> 0;
            case 2 -> r.nextInt(1, 20) * (r.nextBoolean() ? 1 : -1);
            case 3, 4 -> EDGE_WORDS[r.nextInt(EDGE_WORDS.length)];
            default -> r.nextInt();
        };
    }

    /** The entries of a module that take no call and no block (the kernels a run can take). */
    public static List<PtxFunction> kernels(KernelExpansion x) {
        return x.module().functions().stream().filter(f -> f.entry() && !f.isDeclaration()).toList();
    }
}
