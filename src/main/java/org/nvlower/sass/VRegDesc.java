package org.nvlower.sass;

import org.nvlower.sass.Reg.RegClass;

/**
 * A row of a program's virtual-register descriptor table, as the templates seed's coordinators
 * allocate them: type, category (the seed's 0 = output, 1 = temporary; nvlower adds INPUT for
 * the PTX instruction's operands) and the template-owned flag (the seed's bit 0x40).
 */
public record VRegDesc(int id, RegClass cls, Category category, boolean templateOwned, String name) {

    public enum Category { OUTPUT, TEMP, INPUT }

    public Reg reg() {
        return new Reg(id, cls);
    }
}
