package org.nvlower.nvptx;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import org.nvlower.diag.InputException;

/**
 * cicc's command-line options, parsed as cicc's CLI parser does (seed 2, "Path 1"). Options are
 * single-dash: {@code -arch=compute_80} (or {@code -arch compute_80}, {@code sm_80}), {@code -opt=N},
 * {@code -ftz=N}, {@code -fma=N}, {@code -prec-div=N}, {@code -prec-sqrt=N}, {@code --device-c},
 * {@code -m64}/{@code -m32}, and any knob as {@code -name[=value]} (so {@code -nvptx-short-ptr} and
 * {@code -nvptx-32-bit-smem} are knobs). The spellings nvcc 13.0 passes to cicc are accepted too:
 * {@code -prec_div}, {@code -prec_sqrt}, {@code -fmad}, {@code -fast-math}. An option given twice
 * with different values is an error; defaults are nvcc 13.0's (docs/target.md).
 *
 * @param sm         the SM of {@code -arch}; default sm_75, nvcc 13.0's default architecture
 * @param optLevel   {@code -opt}, 0..3, default 3
 * @param ftz        {@code -ftz}, default false
 * @param fmaLevel   {@code -fma}, 0 off, 1 on, 2 aggressive; default 1
 * @param precDiv    {@code -prec-div}, 0 or 1, default 1
 * @param precSqrt   {@code -prec-sqrt}, 0 or 1, default 1
 * @param fastMath   {@code -fast-math}: with {@code -prec-div=0}, FP32 division is div.approx
 * @param deviceC    {@code --device-c}: relocatable device code
 * @param pointerWidth 64 ({@code -m64}, default) or 32 ({@code -m32})
 * @param knobs      the knobs set on the command line
 */
public record CompileOptions(SmProcessor sm, int optLevel, boolean ftz, int fmaLevel, int precDiv,
        int precSqrt, boolean fastMath, boolean deviceC, int pointerWidth, KnobSettings knobs) {

    /** nvcc 13.0's defaults: what {@code nvcc -dryrun} passes to cicc with no options. */
    public static final CompileOptions DEFAULTS =
            new CompileOptions(SmProcessor.SM_75, 3, false, 1, 1, 1, false, false, 64, KnobSettings.NONE);

    /** The option names this parser knows, for "did you mean" (knob names are added). */
    private static final List<String> OPTION_NAMES = List.of("-arch", "-opt", "-ftz", "-fma", "-fmad",
            "-prec-div", "-prec_div", "-prec-sqrt", "-prec_sqrt", "-fast-math", "--device-c", "-m64", "-m32");

    public CompileOptions {
        Objects.requireNonNull(sm, "sm");
        Objects.requireNonNull(knobs, "knobs");
        if (pointerWidth != 32 && pointerWidth != 64) {
            throw new IllegalArgumentException("pointer width must be 32 or 64: " + pointerWidth);
        }
        if (optLevel < 0 || optLevel > 3 || fmaLevel < 0 || fmaLevel > 2 || precDiv < 0 || precDiv > 1
                || precSqrt < 0 || precSqrt > 1) {
            throw new IllegalArgumentException("option out of range: opt=" + optLevel + " fma=" + fmaLevel
                    + " prec-div=" + precDiv + " prec-sqrt=" + precSqrt);
        }
    }

    /** Parses cicc's options; unknown or bad values and conflicting repeats are InputExceptions. */
    public static CompileOptions parse(List<String> args) {
        return new Parser().parse(args);
    }

    public static CompileOptions parse(String... args) {
        return parse(List.of(args));
    }

    /** A copy with another SM. */
    public CompileOptions withSm(SmProcessor newSm) {
        return new CompileOptions(newSm, optLevel, ftz, fmaLevel, precDiv, precSqrt, fastMath, deviceC,
                pointerWidth, knobs);
    }

    /** A copy with another pointer width (the pipeline path takes it from the module's layout). */
    public CompileOptions withPointerWidth(int newPointerWidth) {
        return new CompileOptions(sm, optLevel, ftz, fmaLevel, precDiv, precSqrt, fastMath, deviceC,
                newPointerWidth, knobs);
    }

    /** Shared memory (address space 3) uses 32-bit pointers: {@code -nvptx-short-ptr} or {@code -nvptx-32-bit-smem}. */
    public boolean sharedMem32BitPointers() {
        return knobs.bool(Knob.NVPTX_SHORT_PTR) || knobs.bool(Knob.NVPTX_32_BIT_SMEM);
    }

    /** The {@code +fma-level} value: the {@code nvptx-fma-level} knob if set, else {@code -fma}. */
    public int fmaFeatureLevel() {
        return knobs.intValue(Knob.NVPTX_FMA_LEVEL).orElse(fmaLevel);
    }

    /** The {@code +prec-divf32} level: the {@code nvptx-prec-divf32} knob if set, else derived from the options. */
    public int precDivf32Level() {
        return knobs.intValue(Knob.NVPTX_PREC_DIVF32).orElse(PrecDivF32.levelFor(precDiv, ftz, fastMath));
    }

    /** The {@code +prec-sqrtf32} level: the {@code nvptx-prec-sqrtf32} knob if set, else {@code -prec-sqrt}. */
    public int precSqrtf32Level() {
        return knobs.intValue(Knob.NVPTX_PREC_SQRTF32).orElse(precSqrt);
    }

    /** The FP32 division variant these options select. */
    public PrecDivF32 fp32Division() {
        return PrecDivF32.select(precDivf32Level(), ftz);
    }

    /** The FP32 square root variant these options select. */
    public PrecSqrtF32 fp32Sqrt() {
        return PrecSqrtF32.select(precSqrtf32Level(), ftz);
    }

    /** The architectures {@code -arch} accepts, as {@code compute_XX} names. */
    public static List<SmProcessor> cliArchitectures() {
        return SmProcessor.all().stream().filter(SmProcessor::acceptedByCli).toList();
    }

    /** One pass over the arguments; each option is recorded once, a conflicting repeat is an error. */
    private static final class Parser {
        private SmProcessor sm;
        private Integer opt;
        private Integer ftz;
        private Integer fma;
        private Integer precDiv;
        private Integer precSqrt;
        private boolean fastMath;
        private boolean deviceC;
        private Integer pointerWidth;
        private String pointerFlag;
        private KnobSettings knobs = KnobSettings.NONE;

        CompileOptions parse(List<String> args) {
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                if (arg.equals("-arch")) {
                    if (i + 1 >= args.size()) {
                        throw new InputException("-arch needs a value; allowed: " + allowedArchs());
                    }
                    arch(args.get(++i));
                } else {
                    option(arg);
                }
            }
            CompileOptions d = DEFAULTS;
            return new CompileOptions(sm == null ? d.sm() : sm, opt == null ? d.optLevel() : opt,
                    ftz == null ? d.ftz() : ftz == 1, fma == null ? d.fmaLevel() : fma,
                    precDiv == null ? d.precDiv() : precDiv, precSqrt == null ? d.precSqrt() : precSqrt,
                    fastMath, deviceC, pointerWidth == null ? d.pointerWidth() : pointerWidth, knobs);
        }

        private void option(String arg) {
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            String value = eq < 0 ? null : arg.substring(eq + 1);
            switch (name) {
                case "-arch" -> arch(value);
                case "-opt" -> opt = level(arg, "-opt", value, 3, opt, true);
                case "-ftz" -> ftz = level(arg, "-ftz", value, 1, ftz, false);
                case "-fma" -> fma = level(arg, "-fma", value, 2, fma, false);
                case "-fmad" -> fma = level(arg, "-fmad", value, 1, fma, false);
                case "-prec-div", "-prec_div" -> precDiv = level(arg, name, value, 1, precDiv, false);
                case "-prec-sqrt", "-prec_sqrt" -> precSqrt = level(arg, name, value, 1, precSqrt, false);
                case "-fast-math" -> fastMath = flag(arg, value);
                case "--device-c" -> deviceC = flag(arg, value);
                case "-m64", "-m32" -> pointerWidth(arg, value);
                default -> knob(arg, name, value);
            }
        }

        private void arch(String value) {
            if (value == null || value.isEmpty()) {
                throw new InputException("-arch needs a value; allowed: " + allowedArchs());
            }
            String smName = value.startsWith("compute_") ? "sm_" + value.substring("compute_".length()) : value;
            SmProcessor found = SmProcessor.byName(smName).orElse(null);
            if (found == null || !value.matches("(sm|compute)_.*")) {
                throw new InputException("-arch=" + value + ": unknown architecture; allowed: " + allowedArchs());
            }
            if (!found.acceptedByCli()) {
                throw new InputException("-arch=" + value + ": " + found.smName()
                        + " is only in the backend's processor table, not accepted on the command line; allowed: "
                        + allowedArchs());
            }
            if (sm != null && sm != found) {
                throw new InputException("-arch given twice with different values (" + sm.computeName()
                        + " and " + found.computeName() + ")");
            }
            sm = found;
        }

        private static String allowedArchs() {
            return String.join(" ", cliArchitectures().stream().map(SmProcessor::computeName).toList())
                    + " (or the same names with sm_)";
        }

        /** A numeric option {@code name=N} with N in 0..max. */
        private static Integer level(String arg, String name, String value, int max, Integer previous, boolean isOpt) {
            String allowed = String.join(", ", Stream.iterate(0, n -> n <= max, n -> n + 1).map(String::valueOf).toList());
            if (value == null || value.isEmpty()) {
                throw new InputException(name + " needs a value: " + name + "=N with N one of " + allowed);
            }
            int n;
            try {
                n = Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new InputException(arg + ": '" + value + "' is not a number; allowed values: " + allowed);
            }
            if (n < 0 || n > max) {
                throw new InputException(arg + ": " + value + " is out of range; allowed values: " + allowed);
            }
            if (previous != null && previous != n) {
                if (isOpt) {
                    // cicc's own message for two optimization levels (the -opt value becomes -llcO#).
                    throw new InputException("Cannot specify multiple -llcO# (-opt=" + previous + " and -opt=" + n + ")");
                }
                throw new InputException(name + " given twice with different values (" + previous + " and " + n + ")");
            }
            return n;
        }

        private static boolean flag(String arg, String value) {
            if (value != null) {
                throw new InputException(arg + ": " + arg.substring(0, arg.indexOf('=')) + " takes no value");
            }
            return true;
        }

        private void pointerWidth(String arg, String value) {
            flag(arg, value);
            int width = arg.equals("-m32") ? 32 : 64;
            if (pointerWidth != null && pointerWidth != width) {
                throw new InputException(arg + " conflicts with " + pointerFlag + ": choose one pointer width (-m64 or -m32)");
            }
            pointerWidth = width;
            pointerFlag = arg;
        }

        private void knob(String arg, String name, String value) {
            if (!name.startsWith("-") || name.startsWith("--") || name.length() < 2) {
                throw unknown(arg, name);
            }
            Knob knob = Knob.byName(name.substring(1)).orElseThrow(() -> unknown(arg, name));
            knobs = knobs.with(knob, knob.parse(value));
        }

        private static InputException unknown(String arg, String name) {
            List<String> candidates = new ArrayList<>(OPTION_NAMES);
            Knob.all().forEach(k -> candidates.add("-" + k.knobName()));
            return new InputException("unknown option '" + arg + "'" + Spelling.didYouMean(name, candidates)
                    + " (options: -arch=compute_XX -opt=N -ftz=N -fma=N -prec-div=N -prec-sqrt=N -fast-math"
                    + " --device-c -m64 -m32, or a knob as -name=value)");
        }
    }
}
