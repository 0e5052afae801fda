package org.loopsub.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.loopsub.stream.RecordLayout.Feature;

/** A layout is configured by a set of features, which it reports with what they imply. */
class RecordLayoutFeaturesTest {
    @Test
    void featuresRoundTripWithTheirImplications() {
        assertEquals(EnumSet.noneOf(Feature.class), RecordLayout.of(4).features());
        // the limit position brings its normal; Chaikin needs creases, the smooth rule needs uvs
        assertEquals(EnumSet.of(Feature.NORMALS, Feature.LIMIT), RecordLayout.of(4, EnumSet.of(Feature.LIMIT)).features());
        assertEquals(EnumSet.noneOf(Feature.class), RecordLayout.of(4, EnumSet.of(Feature.CHAIKIN, Feature.SMOOTH_UVS)).features());
        EnumSet<Feature> all = EnumSet.allOf(Feature.class);
        RecordLayout full = RecordLayout.of(4, all);
        assertEquals(all, full.features());
        assertTrue(full.carriesNormals() && full.limit() && full.creases() && full.uvs() && full.chaikin() && full.smoothUvs());
        // birth normals need normals, and change what a split does, not what a record holds
        assertEquals(EnumSet.noneOf(Feature.class), RecordLayout.of(4, EnumSet.of(Feature.BIRTH_NORMALS)).features());
        assertEquals(RecordLayout.of(4, EnumSet.of(Feature.NORMALS)).pointFloats(),
                RecordLayout.of(4, EnumSet.of(Feature.NORMALS, Feature.BIRTH_NORMALS)).pointFloats());
        assertTrue(full.birthNormals());
        // every other feature adds floats to a record
        int plain = RecordLayout.of(4).pointFloats();
        for (Feature f : EnumSet.complementOf(EnumSet.of(Feature.BIRTH_NORMALS))) {
            EnumSet<Feature> with = EnumSet.of(f);
            if (f == Feature.CHAIKIN) {
                with.add(Feature.CREASES);
            } else if (f == Feature.SMOOTH_UVS) {
                with.add(Feature.UVS);
            }
            EnumSet<Feature> without = EnumSet.copyOf(with);
            without.remove(f);
            int base = without.isEmpty() ? plain : RecordLayout.of(4, without).pointFloats();
            assertTrue(RecordLayout.of(4, with).pointFloats() > base, f + " adds floats");
        }
        assertThrows(IllegalArgumentException.class, () -> RecordLayout.of(RecordLayout.MIN_FAN - 1));
    }
}
