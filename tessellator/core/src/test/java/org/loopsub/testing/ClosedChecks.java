package org.loopsub.testing;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.Tessellator;
import org.loopsub.api.TriangleMesh;

/** Calls every public method of a closed tessellator, found by reflection, so that none is forgotten. */
public final class ClosedChecks {
    private ClosedChecks() {
    }

    /**
     * @param closed a closed tessellator
     * @param mesh a valid mesh, passed where a method takes one
     * @return the names of the methods called (each threw an {@link IllegalStateException} saying
     *     the tessellator is closed)
     */
    public static List<String> assertEveryEntryPointThrows(Tessellator closed, TriangleMesh mesh) {
        List<String> called = new ArrayList<>();
        for (Method m : closed.getClass().getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class
                    || m.getName().equals("close")) {
                continue;
            }
            Class<?>[] types = m.getParameterTypes();
            Object[] args = new Object[types.length];
            for (int i = 0; i < types.length; i++) {
                args[i] = types[i] == TriangleMesh.class ? mesh
                        : types[i] == RefineOptions.class ? RefineOptions.uniform(1)
                        : types[i] == ProgressListener.class ? ProgressListener.NONE
                        : types[i] == boolean.class ? Boolean.FALSE
                        : fail("no argument for " + types[i] + " of " + m);
            }
            try {
                Object returned = m.invoke(closed, args);
                if (returned instanceof AutoCloseable c) {
                    c.close();
                }
                fail(m + " ran on a closed tessellator and returned " + returned);
            } catch (InvocationTargetException e) {
                assertInstanceOf(IllegalStateException.class, e.getCause(), m.toString());
                // The tessellator's own check, not a later failure half-way through the work.
                assertTrue(e.getCause().getMessage().contains("tessellator is closed"),
                        m + ": " + e.getCause().getMessage());
            } catch (Exception e) {
                fail(m + ": " + e);
            }
            called.add(m.getName() + "/" + types.length);
        }
        called.sort(null);
        return called;
    }

    /** Checks that close is harmless a second and third time. */
    public static void assertCloseIsIdempotent(Tessellator closed) {
        assertDoesNotThrow(closed::close);
        assertDoesNotThrow(closed::close);
    }
}
