package org.loopsub.samples.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.loopsub.api.TessellatorProvider;
import org.loopsub.api.Tessellators;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code --version}: the project version from the Maven descriptor that every jar carries (the
 * shaded jar keeps it), the JVM, and the back ends found on the class path.
 */
final class VersionProvider implements IVersionProvider {
    private static final String POM_PROPERTIES = "/META-INF/maven/org.loopsub/loopsub-samples/pom.properties";

    @Override
    public String[] getVersion() {
        List<String> lines = new ArrayList<>();
        lines.add("loopsub " + projectVersion());
        lines.add("Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ", "
                + System.getProperty("java.vendor") + ")");
        List<String> backends = new ArrayList<>();
        for (TessellatorProvider p : Tessellators.providers()) {
            String why = p.unavailableReason();
            backends.add(why == null ? p.name() : p.name() + " (unavailable: " + why + ")");
        }
        lines.add("back ends: " + (backends.isEmpty() ? "none" : String.join(", ", backends)));
        return lines.toArray(String[]::new);
    }

    /** Classes run from a build folder (tests, IDEs) have no descriptor yet. */
    static String projectVersion() {
        try (InputStream in = VersionProvider.class.getResourceAsStream(POM_PROPERTIES)) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                return p.getProperty("version", "(unknown version)");
            }
        } catch (IOException e) {
            // fall through: a version is not worth failing for
        }
        return "(development build)";
    }
}
