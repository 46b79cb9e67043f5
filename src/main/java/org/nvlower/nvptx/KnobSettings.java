package org.nvlower.nvptx;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

import org.nvlower.diag.InputException;

/**
 * The knob values the user set (the others keep their {@link Knob#defaultValue()}). Immutable;
 * {@link #with} returns a copy, and setting one knob twice to different values is an error.
 */
public final class KnobSettings {

    public static final KnobSettings NONE = new KnobSettings(new EnumMap<>(Knob.class));

    private final EnumMap<Knob, Object> values;

    private KnobSettings(EnumMap<Knob, Object> values) {
        this.values = values;
    }

    /** Parses {@code name=value} (or a bare {@code name} for a BOOL knob) and adds it. */
    public KnobSettings with(String assignment) {
        int eq = assignment.indexOf('=');
        String name = eq < 0 ? assignment : assignment.substring(0, eq);
        Knob knob = Knob.lookup(name);
        return with(knob, knob.parse(eq < 0 ? null : assignment.substring(eq + 1)));
    }

    /** Adds one already-parsed value; a different value for a knob already set is an error. */
    public KnobSettings with(Knob knob, Object value) {
        Object previous = values.get(knob);
        if (previous != null && !previous.equals(value)) {
            throw new InputException("-" + knob.knobName() + " given twice with different values ("
                    + previous + " and " + value + ")");
        }
        EnumMap<Knob, Object> copy = new EnumMap<>(values);
        copy.put(knob, value);
        return new KnobSettings(copy);
    }

    /** The value the user set, if any. */
    public Optional<Object> explicit(Knob knob) {
        return Optional.ofNullable(values.get(knob));
    }

    /** The effective value: the user's, else the default (null for an unset knob without default). */
    public Object value(Knob knob) {
        return values.getOrDefault(knob, knob.defaultValue());
    }

    public boolean bool(Knob knob) {
        return (Boolean) value(knob);
    }

    /** The user's INT value, if set. */
    public Optional<Integer> intValue(Knob knob) {
        return Optional.ofNullable((Integer) value(knob));
    }

    /** The knobs the user set, in registry order. */
    public Map<Knob, Object> explicitValues() {
        return Collections.unmodifiableMap(values);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KnobSettings other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
