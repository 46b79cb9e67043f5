package org.nvlower.llvm.pass;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.Set;

import org.nvlower.diag.InputException;
import org.nvlower.diag.SourcePosition;
import org.nvlower.llvm.ir.CallInst;
import org.nvlower.llvm.ir.ConstantString;
import org.nvlower.llvm.ir.Constants;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.GlobalValue;
import org.nvlower.llvm.ir.GlobalVariable;
import org.nvlower.llvm.ir.Instruction;
import org.nvlower.llvm.ir.IntegerType;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.ir.ModuleFlag;
import org.nvlower.llvm.ir.Value;
import org.nvlower.nvptx.TargetMachine;

/**
 * NVVMReflect: every call of {@code __nvvm_reflect("KEY")} (also {@code __nvvm_reflect_ocl} and
 * the {@code llvm.nvvm.reflect} intrinsic) becomes the integer the reflect map gives KEY; a key the
 * map does not hold folds to 0. The argument is found through typed-pointer GEP constant
 * expressions ({@code getelementptr ([11 x i8], [11 x i8]* @.str, i32 0, i32 0)}), opaque
 * {@code ptr @.str}, address-space and bit casts (constant or instruction) and a one-argument
 * conversion call around the string, as LLVM's pass strips them. The now-constant compares and
 * branches are {@link ReflectBranchFold}'s.
 */
public final class NvvmReflect {

    /** The callee names the pass folds. */
    public static final Set<String> FUNCTION_NAMES = Set.of("__nvvm_reflect", "__nvvm_reflect_ocl", "llvm.nvvm.reflect");

    /** The module flag clang and MLIR write for {@code -ftz}; it gives {@code __CUDA_FTZ} (see {@link #values}). */
    public static final String FTZ_MODULE_FLAG = "nvvm-reflect-ftz";

    /**
     * What a run did.
     *
     * @param folded    how many calls became constants
     * @param keys      each key met, with how many calls asked for it, in the order first met
     * @param functions the functions that had a reflect call (the ones {@link ReflectBranchFold} should visit)
     */
    public record Result(int folded, SequencedMap<String, Integer> keys, List<Function> functions) {
    }

    private NvvmReflect() {
    }

    /**
     * The reflect map for a run, lowest priority first: the TargetMachine's map (the cicc
     * options), then the module's {@code nvvm-reflect-ftz} flag for {@code __CUDA_FTZ} when
     * {@code ftzFromModule} (the options did not say {@code -ftz}), then the {@code -R KEY=VALUE}
     * overrides.
     */
    public static SequencedMap<String, Integer> values(TargetMachine target, Module module, boolean ftzFromModule,
            Map<String, Integer> overrides) {
        SequencedMap<String, Integer> map = new LinkedHashMap<>(target.reflectMap());
        ModuleFlag flag = module.moduleFlag(FTZ_MODULE_FLAG);
        if (ftzFromModule && flag != null && flag.intValue() != null) {
            map.put("__CUDA_FTZ", flag.intValue().intValue());
        }
        map.putAll(overrides);
        return Collections.unmodifiableSequencedMap(map);
    }

    /** Parses {@code -R KEY=VALUE} arguments (VALUE a 32-bit integer); a bad one is an InputException. */
    public static SequencedMap<String, Integer> parseOverrides(List<String> args) {
        SequencedMap<String, Integer> map = new LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                throw new InputException("-R " + a + ": expected KEY=VALUE, e.g. -R __CUDA_FTZ=1");
            }
            String key = a.substring(0, eq);
            int value;
            try {
                value = Integer.decode(a.substring(eq + 1));
            } catch (NumberFormatException e) {
                throw new InputException("-R " + a + ": '" + a.substring(eq + 1) + "' is not a 32-bit integer");
            }
            Integer old = map.put(key, value);
            if (old != null && old != value) {
                throw new InputException("-R " + key + " given twice with different values (" + old + " and " + value + ")");
            }
        }
        return map;
    }

    /** Folds every reflect call of {@code module} to {@code values} (unknown keys: 0). */
    public static Result run(Module module, Map<String, Integer> values) {
        List<CallInst> calls = new ArrayList<>();
        for (String name : FUNCTION_NAMES) {
            module.function(name).ifPresent(f -> calls.addAll(f.callSites()));
        }
        // collect first (every key is checked before anything changes), then mutate
        List<String> keys = new ArrayList<>(calls.size());
        for (CallInst c : calls) {
            keys.add(key(c));
        }
        SequencedMap<String, Integer> seen = new LinkedHashMap<>();
        Set<Function> functions = new LinkedHashSet<>();
        for (int i = 0; i < calls.size(); i++) {
            CallInst c = calls.get(i);
            String key = keys.get(i);
            seen.merge(key, 1, Integer::sum);
            functions.add(c.function());
            c.replaceAndErase(Constants.integer((IntegerType) c.type(), values.getOrDefault(key, 0)));
        }
        return new Result(calls.size(), seen, List.copyOf(functions));
    }

    /** The key a reflect call asks for; an InputException at the call when its argument is not a constant string. */
    static String key(CallInst call) {
        if (!(call.type() instanceof IntegerType)) {
            throw new InputException(position(call), "@" + call.calledFunction().name()
                    + " must return an integer, not " + call.type());
        }
        if (call.arguments().size() != 1) {
            throw new InputException(position(call), "@" + call.calledFunction().name()
                    + " takes one argument (a constant string), not " + call.arguments().size());
        }
        String key = stringOf(call.argument(0));
        if (key == null) {
            throw new InputException(position(call), "the argument of @" + call.calledFunction().name()
                    + " is not a constant string (a global with a c\"...\" initializer, possibly through casts "
                    + "and a zero getelementptr)");
        }
        return key;
    }

    /**
     * The C string a reflect argument points at (up to its first NUL); null if it is not one. As
     * LLVM's pass, through pointer casts and a one-argument conversion call
     * ({@code llvm.nvvm.ptr.constant.to.gen}).
     */
    static String stringOf(Value arg) {
        Value v = arg.stripPointerCasts();
        for (int depth = 0; depth < 16 && v instanceof CallInst c && c.arguments().size() == 1; depth++) {
            v = c.argument(0).stripPointerCasts();
        }
        return v instanceof GlobalVariable g && g.initializer() instanceof ConstantString s ? s.cString() : null;
    }

    /** Where an instruction was read, or its function's header for a created one; null if neither is known. */
    static SourcePosition position(Instruction inst) {
        Function f = inst.function();
        Module m = f.module();
        if (inst.hasSource()) {
            return m.positionOf(inst.source().tokenStart());
        }
        return m.positionOf((GlobalValue) f);
    }
}
