/**
 * loopsub-core: the engine without GL and its Java back end, provided as the
 * {@link org.loopsub.api.TessellatorProvider} named {@code java}. It exports nothing to programs
 * (they use org.loopsub.api); the packages the GL back end builds on are exported to
 * {@code org.loopsub.gl} alone.
 */
module org.loopsub.core {
    requires org.loopsub.api;
    // the screen-space criterion's clip matrices and the view culling
    requires org.joml;

    exports org.loopsub.engine to org.loopsub.gl;
    exports org.loopsub.mesh to org.loopsub.gl;
    exports org.loopsub.parallel to org.loopsub.gl;
    exports org.loopsub.prepare to org.loopsub.gl;
    exports org.loopsub.rules to org.loopsub.gl;
    exports org.loopsub.stream to org.loopsub.gl;

    provides org.loopsub.api.TessellatorProvider with org.loopsub.engine.JavaTessellatorProvider;
}
