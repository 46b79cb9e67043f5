package org.nvlower.nvptx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** {@link Json}: valid JSON whatever the numbers, and every number keeps its type. */
class JsonTest {

    @Test
    void numbersKeepTheirTypeAndNanStaysValidJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("whole", 99.0);
        m.put("int", 99);
        m.put("long", 1L << 40);
        m.put("nan", Double.NaN);
        m.put("inf", Double.POSITIVE_INFINITY);
        m.put("minusInf", Double.NEGATIVE_INFINITY);
        m.put("list", List.of(1, 2.5, "s"));
        m.put("empty", Map.of());
        m.put("text", "a\"b\\c\n\u0001");
        String json = Json.write(m);
        Map<String, Object> back = JsonValues.object(json); // strict: a bare NaN token would fail here
        assertEquals(99.0, back.get("whole"));
        assertEquals(99L, back.get("int"));
        assertEquals(1L << 40, back.get("long"));
        assertEquals("NaN", back.get("nan"));
        assertEquals("Infinity", back.get("inf"));
        assertEquals("-Infinity", back.get("minusInf"));
        assertEquals(List.of(1L, 2.5, "s"), back.get("list"));
        assertEquals(Map.of(), back.get("empty"));
        assertEquals("a\"b\\c\n\u0001", back.get("text"));
        assertEquals(List.copyOf(m.keySet()), List.copyOf(back.keySet()), "insertion order");
        assertEquals("{\n  \"whole\": 99.0,\n  \"int\": 99,", String.join("\n", json.lines().limit(3).toList()));
    }
}
