package org.loopsub.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.testing.ClosedChecks;

/** A closed Java tessellator refuses every call; closing again is harmless. */
class JavaTessellatorLifecycleTest {
    private final TriangleMesh ico = TestMeshes.load("icosahedron.obj");

    @Test
    void everyEntryPointThrowsAfterClose() {
        JavaTessellator t = new JavaTessellator();
        assertEquals(320, t.refine(ico, RefineOptions.uniform(2)).triangleCount());
        t.close();
        assertEquals(List.of("backend/0", "refine/2", "refine/3"), ClosedChecks.assertEveryEntryPointThrows(t, ico));
        ClosedChecks.assertCloseIsIdempotent(t);
        assertThrows(IllegalStateException.class, () -> t.refine(ico, RefineOptions.uniform(1)));
    }

    @Test
    void theServiceLoadersJavaBackEndToo() {
        Tessellator t = Tessellators.create("java");
        t.close();
        assertEquals(List.of("backend/0", "refine/2", "refine/3"), ClosedChecks.assertEveryEntryPointThrows(t, ico));
    }
}
