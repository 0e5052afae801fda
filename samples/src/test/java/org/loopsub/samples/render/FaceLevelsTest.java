package org.loopsub.samples.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.loopsub.api.LevelStats;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.obj.ObjReader;
import org.loopsub.samples.cli.Samples;

/** The level colouring rests on the output order; these tests notice if that order changes. */
class FaceLevelsTest {
    private static TriangleMesh bigguy() throws Exception {
        try (InputStream in = Samples.open("bigguy")) {
            return ObjReader.read(new InputStreamReader(in, StandardCharsets.UTF_8), "bigguy.obj").mesh();
        }
    }

    @Test
    void uniformFacesAreAllAtTheLastLevel() throws Exception {
        RefineResult r;
        try (Tessellator t = Tessellators.create("java")) {
            r = t.refine(bigguy(), RefineOptions.uniform(2));
        }
        FaceLevels f = FaceLevels.of(r).orElseThrow();
        for (int t = 0; t < f.levels().length; t++) {
            assertEquals(2, f.levels()[t]);
            assertTrue(!f.slivers()[t]);
        }
    }

    @Test
    void adaptiveLevelsMatchTheStatisticsAndSliversAreWhereTheyAreCounted() throws Exception {
        RefineResult r;
        try (Tessellator t = Tessellators.create("java")) {
            r = t.refine(bigguy(), RefineOptions.adaptive(4, new StopCriterion.MaxEdgeLength(1f)));
        }
        FaceLevels f = FaceLevels.of(r).orElseThrow();
        TriangleMesh m = r.mesh();
        int t = 0;
        long slivers = 0;
        for (LevelStats s : r.levels()) {
            for (long i = 0; i < s.finishedTriangles(); i++, t++) {
                assertEquals(s.level(), f.levels()[t]);
                assertTrue(!f.slivers()[t]);
                assertTrue(relativeArea(m, t) > 1e-3, "finished face " + t + " is a sliver");
            }
            for (long i = 0; i < s.slivers(); i++, t++) {
                assertEquals(s.level(), f.levels()[t]);
                assertTrue(f.slivers()[t]);
                // collinear up to the rounding of its corners, far less than any real face
                assertTrue(relativeArea(m, t) < 1e-5, "face " + t + " is counted as a sliver but has area");
                slivers++;
            }
        }
        assertEquals(r.triangleCount(), t);
        assertTrue(slivers > 0, "the test mesh should produce slivers at this length");
    }

    /** Twice the area over the squared longest edge: 0 for collinear corners, about 0.87 for an equilateral face. */
    private static double relativeArea(TriangleMesh m, int t) {
        double[][] p = new double[3][3];
        for (int k = 0; k < 3; k++) {
            for (int x = 0; x < 3; x++) {
                p[k][x] = m.position(m.vertex(t, k), x);
            }
        }
        double longest = 0;
        for (int k = 0; k < 3; k++) {
            double l = 0;
            for (int x = 0; x < 3; x++) {
                double d = p[(k + 1) % 3][x] - p[k][x];
                l += d * d;
            }
            longest = Math.max(longest, l);
        }
        double[] u = new double[3];
        double[] v = new double[3];
        for (int x = 0; x < 3; x++) {
            u[x] = p[1][x] - p[0][x];
            v[x] = p[2][x] - p[0][x];
        }
        double cx = u[1] * v[2] - u[2] * v[1];
        double cy = u[2] * v[0] - u[0] * v[2];
        double cz = u[0] * v[1] - u[1] * v[0];
        return Math.sqrt(cx * cx + cy * cy + cz * cz) / longest;
    }
}
