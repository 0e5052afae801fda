package org.loopsub.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The value types refuse what cannot be computed and stay immutable. */
class RefineOptionsTest {
    @Test
    void uniformAndAdaptiveAreValuesWithCopies() {
        RefineOptions u = RefineOptions.uniform(3);
        assertFalse(u.isAdaptive());
        assertEquals(Scheme.LOOP, u.scheme());
        RefineOptions w = u.withScheme(Scheme.WARREN).withParallelism(2);
        assertEquals(Scheme.LOOP, u.scheme(), "the original is unchanged");
        assertEquals(Scheme.WARREN, w.scheme());
        assertEquals(2, w.parallelism());
        assertNotEquals(u, w);
        assertEquals(RefineOptions.uniform(3), u);

        StopCriterion edge = new StopCriterion.MaxEdgeLength(0.5f);
        RefineOptions a = RefineOptions.adaptive(6, edge);
        assertTrue(a.isAdaptive());
        assertEquals(List.of(edge), a.criteria());
        assertEquals(6, a.levels());
        assertThrows(UnsupportedOperationException.class, () -> a.criteria().add(edge));
    }

    @Test
    void weldingIsExactUnlessAskedAndKeptByEveryCopy() {
        RefineOptions u = RefineOptions.uniform(2);
        assertEquals(Welding.EXACT, u.welding());
        RefineOptions n = u.withWelding(Welding.NONE);
        assertEquals(Welding.EXACT, u.welding(), "the original is unchanged");
        assertNotEquals(u, n);
        assertEquals(Welding.NONE, n.withLevels(3).withScheme(Scheme.WARREN).withTriangleBudget(100).welding());
        assertTrue(n.toString().contains("welding=NONE"), n::toString);
        assertThrows(NullPointerException.class, () -> u.withWelding(null));
    }

    @Test
    void refusesWhatCannotBeComputed() {
        assertThrows(IllegalArgumentException.class, () -> RefineOptions.uniform(-1));
        assertThrows(IllegalArgumentException.class, () -> RefineOptions.uniform(RefineOptions.MAX_LEVELS + 1));
        assertThrows(IllegalArgumentException.class, () -> RefineOptions.adaptive(4));
        assertThrows(IllegalArgumentException.class, () -> RefineOptions.uniform(1).withParallelism(-1));
        assertThrows(IllegalArgumentException.class, () -> new StopCriterion.MaxEdgeLength(0f));
        assertThrows(IllegalArgumentException.class, () -> new StopCriterion.Flatness(Float.NaN));
        assertThrows(IllegalArgumentException.class, () -> new StopCriterion.Flatness(Float.POSITIVE_INFINITY));
        Point3 o = new Point3(0, 0, 0);
        Point3 z = new Point3(0, 0, 1);
        assertThrows(IllegalArgumentException.class, () -> new Camera(o, o, z, 45, 10, 10), "eye == target");
        assertThrows(IllegalArgumentException.class, () -> new Camera(o, z, z, 45, 10, 10), "up parallel to view");
        assertThrows(IllegalArgumentException.class, () -> new Camera(o, z, new Point3(0, 1, 0), 180, 10, 10));
        assertThrows(IllegalArgumentException.class, () -> new Camera(o, z, new Point3(0, 1, 0), 45, 0, 10));
        assertThrows(IllegalArgumentException.class, () -> new Point3(Float.NaN, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new Crease(-1, 2, 1f));
    }

    @Test
    void meshCopiesItsInputAndChecksShapes() {
        float[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        int[] t = {0, 1, 2};
        TriangleMesh m = TriangleMesh.of(p, t);
        p[0] = 42;
        t[0] = 2;
        assertEquals(0f, m.position(0, 0), "the mesh holds a copy");
        assertEquals(0, m.vertex(0, 0));
        m.positions()[1] = 7;
        assertEquals(0f, m.position(0, 1), "accessors hand out copies");
        assertEquals(3, m.vertexCount());
        assertEquals(1, m.triangleCount());
        assertThrows(IllegalArgumentException.class, () -> TriangleMesh.of(new float[4], new int[3]));
        assertThrows(IllegalArgumentException.class, () -> TriangleMesh.of(new float[9], new int[4]));
    }

    @Test
    void invalidMeshExceptionNamesTheFirstProblemAndCountsTheRest() {
        InvalidMeshException e = new InvalidMeshException(List.of(
                new MeshProblem(MeshProblem.Kind.NON_MANIFOLD_EDGE, "edge 3-4 is shared by 3 faces"),
                new MeshProblem(MeshProblem.Kind.DUPLICATE_FACE, "face 9 repeats face 2"),
                new MeshProblem(MeshProblem.Kind.NON_FINITE, "vertex 1 has a NaN coordinate")));
        assertEquals("edge 3-4 is shared by 3 faces (and 2 more problems)", e.getMessage());
        assertEquals(MeshProblem.Kind.NON_MANIFOLD_EDGE, e.firstProblem().kind());
        assertEquals(3, e.problems().size());
    }
}
