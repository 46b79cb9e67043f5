package org.nvlower.sass.template;

import org.nvlower.sass.Reg;
import org.nvlower.sass.Reg.RegClass;

/**
 * Where a shared emitter gets its scratch registers: fresh ones from the builder
 * ({@code ProgramBuilder::temp}) or a coordinator's pool ({@link RegisterPool}).
 */
@FunctionalInterface
interface Temps {

    Reg temp(String name, RegClass cls);
}
