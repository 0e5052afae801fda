package org.loopsub.samples.cli;

import java.util.Locale;

/** Number formatting for messages, independent of the user's locale so output is stable. */
final class Units {
    private Units() {
    }

    /** @return e.g. {@code 4.0 GiB} */
    static String bytes(long bytes) {
        if (bytes == Long.MAX_VALUE) {
            return "unlimited";
        }
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    /** @return e.g. {@code 47.5M}, or the plain number below ten thousand */
    static String count(long n) {
        if (n < 10_000) {
            return Long.toString(n);
        }
        if (n < 1_000_000) {
            return String.format(Locale.ROOT, "%.1fk", n / 1e3);
        }
        if (n < 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.1fM", n / 1e6);
        }
        return String.format(Locale.ROOT, "%.1fG", n / 1e9);
    }

    /** @return seconds with one decimal, e.g. {@code 1.4 s} */
    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    /** @return milliseconds with one decimal */
    static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
    }
}
