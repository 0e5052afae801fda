package org.loopsub.glengine;

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

    /**
     * Cheap: loads the EGL library but makes no context (a context costs up to hundreds of
     * milliseconds, which {@code loopsub --version} paid). A back end that passes this check can still
     * fail in {@link #create()}, with the reason of every route tried.
     */
    @Override
    public String unavailableReason() {
        return GlContext.headlessUnavailableReason();
    }

    /** @throws org.loopsub.gl.GlUnavailableException (an IllegalStateException) if no context can be made */
    @Override
    public Tessellator create() {
        GlContext ctx = GlContext.createHeadless();
        return new GlTessellator(ctx, true, GpuScan.defaultStrategy(ctx), GlTessellator.DEFAULT_BUDGET);
    }
}
