package org.nvlower.sass.template;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.nvlower.sass.ProgramBuilder;
import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;
import org.nvlower.sass.VRegDesc.Category;

/**
 * A coordinator's virtual registers, allocated in one loop from its descriptor table before any
 * instruction is emitted (seed 3, "Virtual Register Allocation"); the parts then take them by
 * name, so parts that run on both of a coordinator's paths use the same registers on both.
 */
final class RegisterPool implements Temps {

    /** A row of a descriptor table: the register's name, type and category. */
    record Descriptor(String name, RegClass cls, Category category) {

        static Descriptor input(String name) {
            return new Descriptor(name, RegClass.R64, Category.INPUT);
        }

        static Descriptor output(String name) {
            return new Descriptor(name, RegClass.R64, Category.OUTPUT);
        }

        static Descriptor temp(String name, RegClass cls) {
            return new Descriptor(name, cls, Category.TEMP);
        }
    }

    private final Map<String, Reg> regs = new LinkedHashMap<>();

    private RegisterPool() {}

    static RegisterPool allocate(ProgramBuilder b, List<Descriptor> table) {
        RegisterPool pool = new RegisterPool();
        for (Descriptor d : table) {
            Reg r = switch (d.category()) {
                case INPUT -> b.input(d.name(), d.cls());
                case OUTPUT -> b.output(d.name(), d.cls());
                case TEMP -> b.temp(d.name(), d.cls());
            };
            if (pool.regs.put(d.name(), r) != null) {
                throw new IllegalArgumentException("descriptor table names '" + d.name() + "' twice");
            }
        }
        return pool;
    }

    Reg get(String name) {
        Reg r = regs.get(name);
        if (r == null) {
            throw new IllegalArgumentException("no register '" + name + "' in the descriptor table");
        }
        return r;
    }

    /** The pool's register of that name, which must have that type (a part asking for scratch). */
    @Override
    public Reg temp(String name, RegClass cls) {
        Reg r = get(name);
        if (r.cls() != cls) {
            throw new IllegalArgumentException("'" + name + "' is " + r.cls() + ", not " + cls);
        }
        return r;
    }
}
