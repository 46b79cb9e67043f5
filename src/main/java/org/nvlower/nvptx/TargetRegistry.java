package org.nvlower.nvptx;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.nvlower.diag.InputException;

/**
 * The registered targets (LLVM's TargetRegistry): {@code nvptx} and {@code nvptx64}, each with an
 * optional extension hook. Both TargetMachine construction paths end in {@link #lookupTarget}.
 * Immutable; {@link #withExtension} returns a new registry.
 */
public final class TargetRegistry {

    /** The error of a failed lookup, as cicc prints it. */
    public static final String NOT_FOUND = "Failed to locate nvptx target";

    /** A registered target: its architecture name and its extension hook, if any. */
    public record Target(String arch, Optional<ExtendedTargetMachineFactory> extension) {
    }

    private static final TargetRegistry STANDARD = new TargetRegistry(Map.of())
            .with(new Target("nvptx", Optional.empty()))
            .with(new Target("nvptx64", Optional.empty()));

    private final Map<String, Target> targets;

    private TargetRegistry(Map<String, Target> targets) {
        this.targets = targets;
    }

    /** nvptx and nvptx64, no extensions. */
    public static TargetRegistry standard() {
        return STANDARD;
    }

    /** A registry with no targets (for the lookup's error path). */
    public static TargetRegistry empty() {
        return new TargetRegistry(Map.of());
    }

    /** This registry with an extension hook on the target {@code arch} (which must be registered). */
    public TargetRegistry withExtension(String arch, ExtendedTargetMachineFactory factory) {
        if (!targets.containsKey(arch)) {
            throw new IllegalArgumentException("no target '" + arch + "' to extend");
        }
        return with(new Target(arch, Optional.of(factory)));
    }

    private TargetRegistry with(Target target) {
        Map<String, Target> copy = new LinkedHashMap<>(targets);
        copy.put(target.arch(), target);
        return new TargetRegistry(Map.copyOf(copy));
    }

    /**
     * The target for a triple (its architecture part, before the first '-') and CPU; an unknown
     * architecture or a CPU missing from the SM processor table is cicc's "Failed to locate nvptx target".
     */
    public Target lookupTarget(String triple, String cpu) {
        String arch = triple.contains("-") ? triple.substring(0, triple.indexOf('-')) : triple;
        Target target = targets.get(arch);
        if (target == null) {
            throw new InputException(NOT_FOUND + ": no target registered for triple '" + triple + "'");
        }
        if (SmProcessor.byName(cpu).isEmpty()) {
            throw new InputException(NOT_FOUND + ": CPU '" + cpu + "' is not in the SM processor table");
        }
        return target;
    }
}
