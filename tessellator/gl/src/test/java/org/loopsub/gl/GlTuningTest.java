package org.loopsub.gl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.loopsub.testing.EngineSources;

/** The GL back end's tuning is read in one place, from its system properties, and checked. */
class GlTuningTest {
    private static final Pattern READS_A_PROPERTY = Pattern.compile(
            "(System\\.getProperty|Boolean\\.getBoolean|Integer\\.getInteger|Long\\.getLong)\\(\\s*\"loopsub\\.");

    @Test
    void onlyTheTuningReadsTheEnginesProperties() throws IOException {
        List<String> readers = new ArrayList<>();
        for (Path root : EngineSources.all()) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    if (READS_A_PROPERTY.matcher(Files.readString(f)).find()) {
                        readers.add(root.relativize(f).toString());
                    }
                }
            }
        }
        assertEquals(List.of("org/loopsub/gl/GlTuning.java"), readers.stream().map(s -> s.replace('\\', '/')).toList());
    }

    @Test
    void propertiesOverrideTheDefaults() {
        String[] names = {"loopsub.gl.fuse", "loopsub.gl.splitGroup", "loopsub.gl.resident", "loopsub.gl.programCache",
            "loopsub.gl.wakeClocks", "loopsub.gl.listGeneral", "loopsub.gl.timeHalves", "loopsub.gl.generalLanes",
            "loopsub.gl.lanesUpTo", "loopsub.gl.splitGroupLinearUvs"};
        String[] was = new String[names.length];
        for (int i = 0; i < names.length; i++) {
            was[i] = System.getProperty(names[i]);
        }
        try {
            assertEquals(GlTuning.DEFAULTS, withoutProperties(names));
            System.setProperty("loopsub.gl.fuse", "false");
            System.setProperty("loopsub.gl.splitGroup", "128");
            System.setProperty("loopsub.gl.resident", "false");
            System.setProperty("loopsub.gl.programCache", "off");
            System.setProperty("loopsub.gl.wakeClocks", "false");
            System.setProperty("loopsub.gl.listGeneral", "false");
            System.setProperty("loopsub.gl.timeHalves", "true");
            System.setProperty("loopsub.gl.generalLanes", "1");
            System.setProperty("loopsub.gl.lanesUpTo", "1000");
            System.setProperty("loopsub.gl.splitGroupLinearUvs", "32");
            GlTuning t = GlTuning.fromSystemProperties();
            assertEquals(new GlTuning(false, false, 128, 256, 32, GlTuning.Listing.NEVER, false, false, false, null, true, 1, 1000, 32), t);
            System.setProperty("loopsub.gl.programCache", "/some/folder");
            assertEquals(java.nio.file.Path.of("/some/folder"), GlTuning.fromSystemProperties().programCache());
            assertTrue(GlTuning.DEFAULTS.programCache().endsWith(java.nio.file.Path.of("loopsub", "programs")));
            System.setProperty("loopsub.gl.listGeneral", "sometimes");
            IllegalArgumentException listing = assertThrows(IllegalArgumentException.class, GlTuning::fromSystemProperties);
            assertTrue(listing.getMessage().contains("loopsub.gl.listGeneral"), listing.getMessage());
            System.setProperty("loopsub.gl.listGeneral", "auto");
            assertEquals(GlTuning.Listing.BY_LAYOUT, GlTuning.fromSystemProperties().listGeneral());
            System.setProperty("loopsub.gl.generalLanes", "2");
            IllegalArgumentException lanes = assertThrows(IllegalArgumentException.class, GlTuning::fromSystemProperties);
            assertTrue(lanes.getMessage().contains("loopsub.gl.generalLanes"), lanes.getMessage());
            System.setProperty("loopsub.gl.generalLanes", "4");
            System.setProperty("loopsub.gl.splitGroupLinearUvs", "48");
            IllegalArgumentException uvGroup = assertThrows(IllegalArgumentException.class, GlTuning::fromSystemProperties);
            assertTrue(uvGroup.getMessage().contains("loopsub.gl.splitGroupLinearUvs"), uvGroup.getMessage());
            System.setProperty("loopsub.gl.splitGroupLinearUvs", "64");
            System.setProperty("loopsub.gl.splitGroup", "96");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, GlTuning::fromSystemProperties);
            assertTrue(e.getMessage().contains("loopsub.gl.splitGroup") && e.getMessage().contains("96"), e.getMessage());
        } finally {
            for (int i = 0; i < names.length; i++) {
                if (was[i] == null) {
                    System.clearProperty(names[i]);
                } else {
                    System.setProperty(names[i], was[i]);
                }
            }
        }
    }

    private static GlTuning withoutProperties(String[] names) {
        for (String n : names) {
            System.clearProperty(n);
        }
        return GlTuning.fromSystemProperties();
    }
}
