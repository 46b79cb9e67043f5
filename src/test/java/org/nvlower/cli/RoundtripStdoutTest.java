package org.nvlower.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** `roundtrip` to stdout keeps non-ASCII text (UTF-8 in comments, names and strings) intact. */
class RoundtripStdoutTest {

    @Test
    void utf8SurvivesTheStdoutRoundTrip() {
        String ir = "; caf\u00e9 \u20ac\n@\"\u00e9t\u00e9\" = global [6 x i8] c\"h\u00e9llo\"\n";
        CliRunner r = CliRunner.run(ir, "roundtrip", "-");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(ir, r.out());
    }
}
