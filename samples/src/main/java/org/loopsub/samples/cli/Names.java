package org.loopsub.samples.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.loopsub.api.Scheme;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The words users type for option values, and picocli's hooks that list and convert them. */
final class Names {
    /**
     * Back ends the CLI offers. Only the Java one for now; {@code gl} and {@code auto} come with the
     * GPU back end, and need more than a name lookup ({@code auto} falls back).
     */
    static final List<String> BACKENDS = List.of("java");

    private Names() {
    }

    /** Lists the sample names for {@code ${COMPLETION-CANDIDATES}} in help. */
    static final class SampleNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        SampleNames() {
            super(Samples.all().keySet());
        }
    }

    /** Lists the schemes in the words the converter accepts. */
    static final class SchemeNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        SchemeNames() {
            for (Scheme s : Scheme.values()) {
                add(word(s));
            }
        }
    }

    /** Lists the back ends. */
    static final class BackendNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        BackendNames() {
            super(BACKENDS);
        }
    }

    /** Accepts {@code loop} and {@code warren} in any case. */
    static final class SchemeConverter implements ITypeConverter<Scheme> {
        @Override
        public Scheme convert(String value) {
            for (Scheme s : Scheme.values()) {
                if (word(s).equalsIgnoreCase(value)) {
                    return s;
                }
            }
            throw new TypeConversionException("'" + value + "' is not a scheme; expected one of "
                    + String.join(", ", new SchemeNames()));
        }
    }

    static String word(Scheme scheme) {
        return scheme.name().toLowerCase(Locale.ROOT);
    }
}
