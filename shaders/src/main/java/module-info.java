/**
 * loopsub-shaders: the GL back end's GLSL sources, resources under org/loopsub/shaders and no class.
 * Open, because the GL back end reads them through a class loader
 * ({@code ClassLoader.getResourceAsStream}), which finds a named module's resources only in packages
 * opened to everyone.
 */
open module org.loopsub.shaders {
}
