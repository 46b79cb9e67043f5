package org.nvlower.llvm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.nvlower.llvm.ir.Module;
import org.nvlower.llvm.analysis.IrVerifier;

import org.nvlower.verify.runtime.RuntimeChecker;
import org.nvlower.verify.runtime.RuntimeCases;
import org.nvlower.verify.runtime.TestFloatOperands;
/**
 * Each of the bodies (the seed's 55 and nvlower's extensions), run in the interpreter, equals softfloat's result bit for bit: on its
 * edge values (every pair for two operands), on 1,000 random operands, and on the operands of
 * the TestFloat vectors that apply (the subset in src/test/resources/testfloat). The long run
 * (10^7 random cases per function and the full vector set) is {@code nvlower verify runtime}.
 */
class RuntimeBodiesTest {

    static RuntimeChecker checker;

    @BeforeAll
    static void build() {
        checker = RuntimeChecker.forAllBodies();
    }

    @ParameterizedTest
    @EnumSource(RuntimeFunction.class)
    void bodyEqualsSoftfloatOnEdgeAndRandomCases(RuntimeFunction f) {
        RuntimeChecker.Report r = checker.check(f, 1000, 20261101);
        assertEquals(0, r.mismatches(), () -> r.mismatches() + " mismatches of " + r.cases() + ", e.g. " + r.first());
        assertTrue(r.cases() >= 1000 + RuntimeCases.edges(ValueType.I1).size(), r.cases() + " cases");
    }

    @Test
    void bodiesEqualSoftfloatOnTheTestFloatOperands() throws URISyntaxException {
        Path dir = Path.of(RuntimeBodiesTest.class.getResource("/testfloat").toURI());
        Map<RuntimeFunction, RuntimeChecker.Tally> tallies = new EnumMap<>(RuntimeFunction.class);
        List<Path> files = TestFloatOperands.files(dir);
        assertTrue(files.size() >= 30, files.toString());
        for (Path file : files) {
            TestFloatOperands.forEach(file, (f, ops) ->
                    tallies.computeIfAbsent(f, RuntimeChecker.Tally::new).add(checker.check(f, ops)));
        }
        // every function but the i128 divisions, powi, ldexp, the C library's cbrt, hypot, modf,
        // remquo, logb and ilogb (12 rows) and the quad math library's rows, EXP_FP128 and every row after it (exp, log, ...,
        // sinh, cosh, tanh, sin, cos, tan: no TestFloat operation) has TestFloat operands
        assertEquals(RuntimeFunction.EXP_FP128.ordinal() - 12, tallies.size(), tallies.keySet().toString());
        for (RuntimeChecker.Tally t : tallies.values()) {
            RuntimeChecker.Report r = t.report();
            assertEquals(0, r.mismatches(), () -> r.function().symbol() + ": " + r.first());
            assertTrue(r.cases() >= 300, r.function().symbol() + " " + r.cases());
        }
    }

    @Test
    void theLibraryIsValidIrInBothForms() {
        for (boolean carried : new boolean[] {false, true}) {
            Module m = RuntimeLibrary.build(List.of(RuntimeFunction.values()), carried, "nvptx64-nvidia-cuda", null);
            assertEquals(List.of(), IrVerifier.verify(m));
            for (RuntimeFunction f : RuntimeFunction.values()) {
                assertEquals(f.functionType(carried), m.function(f.symbol()).orElseThrow().functionType());
            }
        }
    }
}
