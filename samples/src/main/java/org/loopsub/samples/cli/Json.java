package org.loopsub.samples.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * The JSON the commands write ({@code bench --json}), through Jackson's tree model: objects keep
 * their keys in insertion order, so a report's layout is fixed by the code that builds it.
 */
final class Json {
    // exact, plain BigDecimals: a rounded measurement is written with the digits it was rounded
    // to, and 10 as 10, not 1E+1
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private Json() {
    }

    /** @return a new, empty object */
    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /**
     * @param value a number
     * @param digits significant digits
     * @return it rounded to that many digits, or {@code null} (JSON null) if it is not finite
     */
    static BigDecimal decimal(double value, int digits) {
        if (!Double.isFinite(value)) {
            return null;
        }
        return new BigDecimal(value).round(new MathContext(digits)).stripTrailingZeros();
    }

    /**
     * @param root the document
     * @return it as text, two-space indented, ending with a newline
     */
    static String write(ObjectNode root) {
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            // a tree of plain nodes always serialises; this would be a bug in Jackson or here
            throw new UncheckedIOException(e);
        }
    }
}
