package org.nvlower.llvm.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** The attributes of one position (function, return value, a parameter), in the order written. */
public record AttributeSet(List<Attribute> attributes) {

    public static final AttributeSet EMPTY = new AttributeSet(List.of());

    public AttributeSet {
        attributes = List.copyOf(attributes);
    }

    public static AttributeSet of(Attribute... attributes) {
        return attributes.length == 0 ? EMPTY : new AttributeSet(List.of(attributes));
    }

    /** Word attributes by name, e.g. {@code words("nounwind", "readnone")}. */
    public static AttributeSet words(String... names) {
        List<Attribute> list = new ArrayList<>();
        for (String n : names) {
            list.add(Attribute.word(n));
        }
        return new AttributeSet(list);
    }

    public boolean isEmpty() {
        return attributes.isEmpty();
    }

    public boolean has(String name) {
        return get(name) != null;
    }

    /** The attribute named {@code name} (for a string attribute, its key), or null. */
    public Attribute get(String name) {
        for (Attribute a : attributes) {
            if (a.name().equals(name)) {
                return a;
            }
        }
        return null;
    }

    /** This set with {@code a} added, replacing an attribute of the same name. */
    public AttributeSet with(Attribute a) {
        List<Attribute> list = new ArrayList<>(attributes.size() + 1);
        boolean replaced = false;
        for (Attribute old : attributes) {
            if (old.name().equals(a.name())) {
                if (!replaced) {
                    list.add(a);
                    replaced = true;
                }
            } else {
                list.add(old);
            }
        }
        if (!replaced) {
            list.add(a);
        }
        return new AttributeSet(list);
    }

    public AttributeSet without(String name) {
        List<Attribute> list = new ArrayList<>(attributes);
        list.removeIf(a -> a.name().equals(name));
        return list.size() == attributes.size() ? this : new AttributeSet(list);
    }

    /** This set followed by the attributes of {@code other} not named here. */
    public AttributeSet union(AttributeSet other) {
        AttributeSet result = this;
        for (Attribute a : other.attributes) {
            if (!has(a.name())) {
                result = result.with(a);
            }
        }
        return result;
    }

    /** The types inside type attributes replaced by {@code map} (moving a set between modules). */
    public AttributeSet mapTypes(UnaryOperator<Type> map) {
        boolean any = false;
        List<Attribute> list = new ArrayList<>(attributes.size());
        for (Attribute a : attributes) {
            if (a instanceof Attribute.WithType t) {
                Type mapped = map.apply(t.type());
                any |= mapped != t.type();
                list.add(mapped == t.type() ? a : new Attribute.WithType(t.name(), mapped));
            } else {
                list.add(a);
            }
        }
        return any ? new AttributeSet(list) : this;
    }

    /** The attributes separated by spaces ({@code ""} when empty). */
    public String print(boolean inGroup) {
        StringBuilder sb = new StringBuilder();
        for (Attribute a : attributes) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append(a.print(inGroup));
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return print(false);
    }
}
