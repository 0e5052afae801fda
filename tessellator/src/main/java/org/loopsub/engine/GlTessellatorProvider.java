package org.loopsub.engine;

import org.loopsub.api.Tessellator;
import org.loopsub.api.TessellatorProvider;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GpuScan;

/**
 * Registers the GL back end. {@link #create} makes a headless context (EGL device platform, then
 * surfaceless); to use a renderer's own context, construct {@link GlTessellator} directly with
 * {@link GlContext#wrapCurrent()}.
 */
public final class GlTessellatorProvider implements TessellatorProvider {
    @Override
    public String name() {
        return "gl";
    }

    @Override
    public String unavailableReason() {
        try (GlContext ctx = GlContext.createHeadless()) {
            return null;
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }

    @Override
    public Tessellator create() {
        GlContext ctx = GlContext.createHeadless();
        return new GlTessellator(ctx, true, GpuScan.defaultStrategy(ctx), GlTessellator.DEFAULT_BUDGET);
    }
}
