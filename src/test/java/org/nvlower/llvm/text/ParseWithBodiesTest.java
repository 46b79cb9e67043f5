package org.nvlower.llvm.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nvlower.llvm.ir.Function;
import org.nvlower.llvm.ir.Module;

/** {@link IrParser#parseWithBodies}: the same module as {@link IrParser#parse}, every body already read. */
class ParseWithBodiesTest {

    @ParameterizedTest
    @ValueSource(strings = {"MODERN", "TYPED"})
    void sameModuleAsLazyParse(String which) {
        String text = which.equals("MODERN") ? Fixtures.MODERN : Fixtures.TYPED;
        Module lazy = IrParser.parse("f.ll", text);
        Module eager = IrParser.parseWithBodies("f.ll", text);
        List<Function> defined = eager.functions().stream().filter(f -> !f.isDeclaration()).toList();
        assertFalse(defined.isEmpty());
        for (Function f : defined) {
            assertTrue(f.isMaterialized(), f.name());
        }
        assertEquals(text, IrPrinter.print(eager));
        assertEquals(IrPrinter.printFromModel(lazy), IrPrinter.printFromModel(eager));
        for (Function f : lazy.functions()) {
            Function g = eager.function(f.name()).orElseThrow();
            assertEquals(f.widestSourceScalarBits(), g.widestSourceScalarBits(), f.name());
        }
    }
}
