package org.loopsub.samples.cli;

import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * Turns a file name from the command line into a path. A name the platform cannot represent (a NUL
 * character; on Linux under {@code LC_ALL=C}, any character outside ASCII) makes {@link Path#of}
 * throw {@link InvalidPathException}, which picocli would report as a conversion failure with the
 * exception's class name; said here as what it is, a usage error naming the name and the reason.
 */
final class PathArgument {
    private PathArgument() {
    }

    /**
     * @param value the name as given
     * @return it as a path
     * @throws CommandLine.TypeConversionException (a usage error) if this system cannot use the name
     */
    static Path of(String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new CommandLine.TypeConversionException("cannot use the name '" + printable(value)
                    + "' on this system: " + e.getReason() + encodingHint(value));
        }
    }

    /** Control characters (a NUL among them) as escapes: printed raw they would vanish or garble the line. */
    static String printable(String value) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                sb.append(String.format("\\x%02X", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * The JVM encodes file names in the locale's charset; under the C locale that is ASCII, and a
     * name it cannot encode arrives with replacement characters, so say how to get one that can.
     */
    private static String encodingHint(String value) {
        String name = System.getProperty("sun.jnu.encoding");
        if (name == null || !Charset.isSupported(name)) {
            return "";
        }
        CharsetEncoder encoder = Charset.forName(name).newEncoder();
        if (value.indexOf('\uFFFD') < 0 && encoder.canEncode(value)) {
            return "";
        }
        return " (file names are encoded as " + name + " here; run with a UTF-8 locale, e.g. LC_ALL=C.UTF-8, to use"
                + " this name)";
    }

    /** For an input file's positional parameter. */
    static final class Converter implements CommandLine.ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            return of(value);
        }
    }
}
