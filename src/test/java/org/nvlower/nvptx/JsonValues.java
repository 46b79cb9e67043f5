package org.nvlower.nvptx;

import java.util.Map;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * JSON read back in tests, by Jackson, strictly (no duplicate keys, no trailing text, no NaN
 * token): objects as ordered maps, integers as Long, other numbers as Double.
 */
public final class JsonValues {

    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .build();

    private JsonValues() {
    }

    public static Object parse(String text) {
        try {
            return STRICT.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("invalid JSON: " + e.getOriginalMessage(), e);
        }
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> object(String text) {
        return (Map<String, Object>) parse(text);
    }

    /** Follows a path of keys through nested objects. */
    public static Object at(Object root, String... keys) {
        Object v = root;
        for (String k : keys) {
            if (!(v instanceof Map<?, ?> m) || !m.containsKey(k)) {
                throw new AssertionError("no key '" + k + "' in " + v);
            }
            v = m.get(k);
        }
        return v;
    }
}
