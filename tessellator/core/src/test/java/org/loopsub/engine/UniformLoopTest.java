package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.RefineResult;
import org.loopsub.api.Scheme;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.reference.ReferenceLoop;
import org.loopsub.testing.SyntheticMeshes;

/**
 * Uniform refinement through the record stream equals a straightforward indexed Loop implementation
 * (the test-side reference, double precision) vertex for vertex and face for face, within 1e-6 of
 * the bounding-box diagonal (docs/design.md §6).
 */
class UniformLoopTest {

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (String name : TestMeshes.VALID) {
            // Depth 3 on every shared mesh stays well under a second each.
            all.add(Arguments.of(name, TestMeshes.load(name), 3));
        }
        all.add(Arguments.of("cone valence 24", SyntheticMeshes.highValenceCone(24), 3));
        all.add(Arguments.of("cone valence 40", SyntheticMeshes.highValenceCone(40), 2));
        all.add(Arguments.of("disk with holes", SyntheticMeshes.diskWithHoles(), 3));
        all.add(Arguments.of("open grid", SyntheticMeshes.openGrid(6), 3));
        all.add(Arguments.of("octahedron far from origin",
                SyntheticMeshes.translated(SyntheticMeshes.scaled(SyntheticMeshes.octahedron(), 5f), 100f, -100f, 100f), 3));
        all.add(Arguments.of("bunny far from origin",
                SyntheticMeshes.translated(TestMeshes.load("bunny_npm.obj"), 100f, 50f, -80f), 2));
        all.add(Arguments.of("tiny icosahedron",
                SyntheticMeshes.scaled(TestMeshes.load("icosahedron.obj"), 1e-30f), 3));
        return all.stream();
    }

    @ParameterizedTest(name = "{0} to level {2}")
    @MethodSource("cases")
    void everyLevelEqualsReference(String name, TriangleMesh mesh, int maxLevel) {
        try (Tessellator t = Tessellators.create("java")) {
            for (int level = 1; level <= maxLevel; level++) {
                check(t, name, mesh, level, Scheme.LOOP);
            }
        }
    }

    @Test
    void warrenWeights() {
        try (Tessellator t = Tessellators.create("java")) {
            check(t, "bunny", TestMeshes.load("bunny_npm.obj"), 2, Scheme.WARREN);
            check(t, "cone 24", SyntheticMeshes.highValenceCone(24), 2, Scheme.WARREN);
        }
    }

    private static void check(Tessellator t, String name, TriangleMesh mesh, int level, Scheme scheme) {
        RefineResult result = t.refine(mesh, RefineOptions.uniform(level).withScheme(scheme));
        ReferenceLoop.RefMesh ref = ReferenceLoop.subdivide(ReferenceLoop.fromTriangleMesh(mesh), level,
                scheme == Scheme.WARREN);
        double tol = 1e-6 * MeshMatcher.diagonal(ref.positions());
        MeshMatcher.assertSameMesh(result.mesh(), ref.positions(), ref.triangles(), tol,
                name + " level " + level + " " + scheme);
    }

    @Test
    void levelZeroReturnsTheInput() {
        TriangleMesh ico = TestMeshes.load("icosahedron.obj");
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult r = t.refine(ico, RefineOptions.uniform(0));
            double[] p = new double[3 * ico.vertexCount()];
            for (int i = 0; i < p.length; i++) {
                p[i] = ico.position(i / 3, i % 3);
            }
            // The round trip through the internal frame may move a coordinate by an ulp.
            MeshMatcher.assertSameMesh(r.mesh(), p, ico.triangles(), 1e-7 * MeshMatcher.diagonal(p), "level 0");
        }
    }

    @Test
    void outputDoesNotDependOnThreadsOrRun() {
        TriangleMesh mesh = TestMeshes.load("bigguyT.obj");
        try (Tessellator t = Tessellators.create("java")) {
            RefineResult one = t.refine(mesh, RefineOptions.uniform(3).withParallelism(1));
            RefineResult two = t.refine(mesh, RefineOptions.uniform(3).withParallelism(2));
            RefineResult again = t.refine(mesh, RefineOptions.uniform(3));
            assertArrayEquals(one.mesh().positions(), two.mesh().positions());
            assertArrayEquals(one.mesh().triangles(), two.mesh().triangles());
            assertArrayEquals(one.normals(), two.normals());
            assertArrayEquals(one.mesh().positions(), again.mesh().positions());
            assertArrayEquals(one.mesh().triangles(), again.mesh().triangles());
            assertEquals(2900L * 64, one.triangleCount());
        }
    }
}
