/**
 * loopsub's API: the types a program refines meshes with ({@link org.loopsub.api}) and a renderer's
 * GPU interface ({@link org.loopsub.api.gpu}), no LWJGL type in any signature. The back ends are
 * service providers (loopsub-core's Java back end, loopsub-gl's OpenGL one), found by name through
 * {@link java.util.ServiceLoader}: a program requires this module alone and puts the back ends on
 * the module path.
 */
module org.loopsub.api {
    // JOML's matrices are in the API's signatures (MatrixCamera, Camera's view and projection,
    // GpuFrame.modelMatrix): a program that reads this module reads JOML
    requires transitive org.joml;

    exports org.loopsub.api;
    exports org.loopsub.api.gpu;

    uses org.loopsub.api.TessellatorProvider;
    uses org.loopsub.api.gpu.GpuTessellatorProvider;
}
