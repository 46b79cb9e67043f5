package org.nvlower.nvptx;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * nvlower's JSON output, written by Jackson: maps keep their insertion order, one member a line
 * with two-space indentation, {@code "key": value}. Numbers keep their Java type: an Integer or
 * Long is written as an integer, a Double always with a fraction or exponent ({@code 99.0}, not
 * {@code 99}). JSON has no NaN or infinity: those are written as the strings {@code "NaN"},
 * {@code "Infinity"} and {@code "-Infinity"} (what JavaScript's and Python's readers name them),
 * so the output stays valid JSON.
 */
public final class Json {

    private static final ObjectWriter WRITER = JsonMapper.builder()
            .enable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .build()
            .writer(new DefaultPrettyPrinter().withSeparators(
                    Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER)));

    private Json() {
    }

    /** {@code value} (maps, lists, strings, numbers, booleans, null) as JSON text ending in a newline. */
    public static String write(Object value) {
        try {
            return WRITER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a JSON value: " + e.getOriginalMessage(), e);
        }
    }
}
