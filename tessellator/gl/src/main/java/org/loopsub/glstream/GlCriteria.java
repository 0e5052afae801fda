package org.loopsub.glstream;

import static org.lwjgl.opengl.GL43C.glProgramUniform1f;
import static org.lwjgl.opengl.GL43C.glProgramUniform1fv;
import static org.lwjgl.opengl.GL43C.glProgramUniform1i;
import static org.lwjgl.opengl.GL43C.glProgramUniform3f;
import static org.lwjgl.opengl.GL43C.glProgramUniform4f;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.loopsub.api.Culling;
import org.loopsub.api.StopCriterion;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.stream.EdgeCriteria;
import org.loopsub.stream.ViewCulling;

/**
 * The stop criteria as the edge-test shader takes them: which ones are on ({@code #define}s) and
 * their constants (uniforms), computed on the CPU exactly as {@link EdgeCriteria} computes them for
 * the Java back end. Two criteria of the same length kind merge into the stricter one, which is the
 * same test to the bit ({@code s <= a && s <= b} is {@code s <= min(a, b)}).
 */
public final class GlCriteria {
    final boolean any;
    final Map<String, String> defines = new LinkedHashMap<>();
    float maxEdge2 = Float.POSITIVE_INFINITY;
    float flat2 = Float.POSITIVE_INFINITY;
    float[] rows = new float[12];
    float pix2;
    float near;
    /** The user's GLSL function, pasted in place of the shader's CUSTOM_SOURCE line; or null. */
    String customGlsl;
    /** The screen criterion's view culling (its constants go to the edge test as they are). */
    final ViewCulling culling;
    /** Which criteria are on: the edge test's build has their uniforms, and only those. */
    final boolean maxEdge;
    final boolean flatness;
    final boolean screen;
    final boolean custom;
    /** Its planes and eye, as the uniforms take them. */
    final float[] cullPlanes = new float[16];
    final float[] cullEye = new float[4];

    public GlCriteria(List<StopCriterion> criteria, Culling culling, boolean limitSurface, float[] centre,
                      int scaleExponent, double radius) {
        this(criteria, culling, limitSurface, centre, scaleExponent, radius, 0.0);
    }

    /**
     * @param reach how far a displaced output may lie off the limit surface, in the mesh's units (0 for
     *     none): view culling's regions grow by it, as {@link EdgeCriteria#culling} grows them
     */
    public GlCriteria(List<StopCriterion> criteria, Culling culling, boolean limitSurface, float[] centre,
                      int scaleExponent, double radius, double reach) {
        this.culling = EdgeCriteria.culling(criteria, culling, limitSurface, centre, scaleExponent, reach);
        this.culling.planes(cullPlanes);
        this.culling.eye(cullEye);
        any = !criteria.isEmpty();
        double scale = Math.scalb(1.0, scaleExponent);
        boolean maxEdge = false;
        boolean flatness = false;
        boolean screen = false;
        String glsl = null;
        for (StopCriterion c : criteria) {
            if (c instanceof StopCriterion.MaxEdgeLength m) {
                maxEdge2 = Math.min(maxEdge2, EdgeCriteria.squared(m.maxLength() * scale));
                maxEdge = true;
            } else if (c instanceof StopCriterion.Flatness f) {
                flat2 = Math.min(flat2, EdgeCriteria.squared(f.tolerance() * scale));
                flatness = true;
            } else if (c instanceof StopCriterion.ScreenEdgeLength s) {
                if (screen) {
                    throw new UnsupportedOperationException("the GL back end takes one screen-space criterion");
                }
                screen = true;
                rows = EdgeCriteria.screenRows(s.camera(), centre, scaleExponent);
                pix2 = s.maxPixels() * s.maxPixels();
                near = (float) (EdgeCriteria.NEAR_FRACTION * radius);
            } else if (c instanceof StopCriterion.Custom u) {
                if (u.glsl() == null) {
                    throw new UnsupportedOperationException("a custom criterion needs GLSL source to run on the GL back end");
                }
                if (glsl != null) {
                    throw new UnsupportedOperationException("the GL back end takes one custom criterion");
                }
                glsl = u.glsl();
            } else {
                // as EdgeCriteria does: a criterion the edge test cannot evaluate is an error, not a no-op
                throw new IllegalArgumentException("unknown criterion " + c);
            }
        }
        customGlsl = glsl;
        this.maxEdge = maxEdge;
        this.flatness = flatness;
        this.screen = screen;
        custom = glsl != null;
        defines.putAll(ShaderHeader.criteria(this.culling.frustum(), this.culling.backface(), maxEdge, flatness,
                screen, custom));
    }

    /** Scratch of {@link #update}, made at its first call. */
    private org.joml.Matrix4d screenMatrix;
    private org.joml.Matrix4d screenView;

    /**
     * Refills the screen criterion's constants in place for another camera, pixel size or bounding
     * radius: a renderer's camera moves every frame, and these are uniforms, so the compiled edge
     * test (its defines) stays. Only for criteria made with a screen criterion.
     */
    public void update(StopCriterion.ScreenEdgeLength s, float[] centre, int scaleExponent, double radius) {
        if (screenMatrix == null) {
            screenMatrix = new org.joml.Matrix4d();
            screenView = new org.joml.Matrix4d();
        }
        EdgeCriteria.screenRows(s.camera(), centre, scaleExponent, rows, screenMatrix, screenView);
        if (culling.any()) {
            culling.refill(s.camera(), centre, scaleExponent);
            culling.planes(cullPlanes);
            culling.eye(cullEye);
        }
        pix2 = s.maxPixels() * s.maxPixels();
        near = (float) (EdgeCriteria.NEAR_FRACTION * radius);
    }

    /**
     * The criteria's constants as the edge test's uniforms, in the internal frame: each criterion's
     * and each culling test's only when it is on, since a build without it has none of its uniforms.
     */
    void setUniforms(ComputeProgram p, int level, float[] centre, float inverseScale) {
        int id = p.id();
        if (maxEdge) {
            glProgramUniform1f(id, p.uniform("uMaxEdge2"), maxEdge2);
        }
        if (flatness) {
            glProgramUniform1f(id, p.uniform("uFlat2"), flat2);
        }
        if (screen) {
            glProgramUniform1fv(id, p.uniform("uRows"), rows);
            glProgramUniform1f(id, p.uniform("uPix2"), pix2);
            glProgramUniform1f(id, p.uniform("uNear"), near);
        }
        if (custom) {
            // The level and the mesh frame reach only the user's function, which may ignore either
            // (a criterion by length alone, or by level alone): the compiler then drops them.
            glProgramUniform1i(id, p.uniformIfPresent("uLevel"), level);
            glProgramUniform3f(id, p.uniformIfPresent("uCentre"), centre[0], centre[1], centre[2]);
            glProgramUniform1f(id, p.uniformIfPresent("uInvScale"), inverseScale);
        }
        if (culling.frustum()) {
            glProgramUniform1fv(id, p.uniform("uCullPlanes"), cullPlanes);
            glProgramUniform1f(id, p.uniform("uCullFrustum2"), culling.frustumMargin2());
        }
        if (culling.backface()) {
            float[] eye = cullEye;
            glProgramUniform4f(id, p.uniform("uCullEye"), eye[0], eye[1], eye[2], eye[3]);
            glProgramUniform1f(id, p.uniform("uCullBackface2"), culling.backfaceMargin2());
            glProgramUniform1f(id, p.uniform("uCullAngle2"), culling.backfaceAngle2());
            glProgramUniform1f(id, p.uniform("uCullBend2"), culling.bendCos2());
        }
    }
}
