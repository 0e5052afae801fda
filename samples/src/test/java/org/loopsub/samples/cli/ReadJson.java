package org.loopsub.samples.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads the reports back as plain Java values, with a reader that shares nothing with the writing
 * side but the library: objects as {@code LinkedHashMap} (key order kept), arrays as lists, integers
 * as {@code Long}, other numbers as {@code Double}, null as {@code null}.
 */
final class ReadJson {
    private static final ObjectMapper READER = new ObjectMapper()
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private ReadJson() {
    }

    /**
     * @param text one JSON document
     * @return its value
     * @throws IllegalArgumentException if the text is not exactly one JSON document
     */
    static Object parse(String text) {
        try {
            return READER.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage() + "\n" + text, e);
        }
    }
}
