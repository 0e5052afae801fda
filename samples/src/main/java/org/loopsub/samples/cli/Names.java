package org.loopsub.samples.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.loopsub.api.Scheme;
import org.loopsub.gl.GpuScan;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The words users type for option values, and picocli's hooks that list and convert them. */
final class Names {
    /**
     * Back ends the CLI offers. {@code auto} is not a provider but a choice made at run time, so the
     * CLI opens the back ends itself rather than through {@code Tessellators.create}.
     */
    static final List<String> BACKENDS = List.of("gl", "java", "auto");

    /** {@code verify --scan} takes this besides a strategy name. */
    static final String ALL_SCANS = "all";

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

    /** Lists the GL scan strategies in the words the converter accepts. */
    static final class ScanNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        ScanNames() {
            for (GpuScan.Strategy s : GpuScan.Strategy.values()) {
                add(word(s));
            }
        }
    }

    /** Lists what {@code verify --scan} accepts: every strategy, or all of them. */
    static final class VerifyScanNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        VerifyScanNames() {
            add(ALL_SCANS);
            addAll(new ScanNames());
        }
    }

    /** Accepts {@code hillis-steele}, {@code reduce-then-scan} and {@code subgroup} in any case. */
    static final class ScanConverter implements ITypeConverter<GpuScan.Strategy> {
        @Override
        public GpuScan.Strategy convert(String value) {
            GpuScan.Strategy s = scan(value);
            if (s == null) {
                throw new TypeConversionException("'" + value + "' is not a scan strategy; expected one of "
                        + String.join(", ", new ScanNames()));
            }
            return s;
        }
    }

    /**
     * @param value what the user typed
     * @return the strategy it names, or {@code null}
     */
    static GpuScan.Strategy scan(String value) {
        for (GpuScan.Strategy s : GpuScan.Strategy.values()) {
            // the enum's underscore also accepted, so a name copied from a log works
            if (word(s).equalsIgnoreCase(value) || s.name().equalsIgnoreCase(value)) {
                return s;
            }
        }
        return null;
    }

    /** @return e.g. {@code reduce-then-scan} */
    static String word(GpuScan.Strategy strategy) {
        return strategy.name().toLowerCase(Locale.ROOT).replace('_', '-');
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
