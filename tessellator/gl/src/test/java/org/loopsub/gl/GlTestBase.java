package org.loopsub.gl;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;

/**
 * One headless GL context per test class, created and closed on the JUnit thread (contexts are bound
 * to one thread, hence PER_CLASS and no parallel execution). Without any context the class fails in CI
 * (where Mesa's llvmpipe is promised) and is skipped elsewhere. Tagged {@code gl}, inherited by every
 * subclass: {@code mvn -Pquick test} leaves them out.
 */
@Tag("gl")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class GlTestBase {
    protected GlContext gl;

    /**
     * @param context a context
     * @return the scan strategies it can run (SUBGROUP only with GL_KHR_shader_subgroup)
     */
    public static java.util.List<GpuScan.Strategy> strategies(GlContext context) {
        java.util.List<GpuScan.Strategy> all = new java.util.ArrayList<>();
        for (GpuScan.Strategy s : GpuScan.Strategy.values()) {
            if (s != GpuScan.Strategy.SUBGROUP || context.hasSubgroups()) {
                all.add(s);
            }
        }
        return all;
    }

    @BeforeAll
    protected void createContext() {
        try {
            gl = GlContext.createHeadless();
        } catch (GlUnavailableException e) {
            if (System.getenv("CI") != null) {
                throw e;
            }
            Assumptions.abort("skipped, no OpenGL 4.3 context on this machine: " + e.getMessage());
        }
    }

    @AfterAll
    protected void closeContext() {
        if (gl != null) {
            gl.close();
            gl = null;
        }
    }
}
