package org.loopsub.samples.meshes;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.loopsub.api.Camera;
import org.loopsub.api.Culling;
import org.loopsub.api.Point3;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.Tessellator;
import org.loopsub.api.Tessellators;
import org.loopsub.api.TriangleMesh;
import org.loopsub.obj.ObjReader;

/**
 * View culling does not change the picture (docs/design.md §4): the same camera's refinement with
 * and without culling, each drawn with a depth buffer by {@link ViewCoverage}'s rasteriser, the
 * pictures compared pixel by pixel, while the culled output has far fewer triangles.
 */
@Tag("slow")
class CullingPictureTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                // the whole figure: what faces away goes
                Arguments.of("bigguyT.obj", new float[] {0.5f, 1, 42}, new float[] {0.5f, 1, 0}, Culling.ALL, 0.3, 0.12),
                // a close-up: most of it outside the view
                Arguments.of("bigguyT.obj", new float[] {6, 4, 14}, new float[] {0.5f, 1, 0}, Culling.ALL, 0.5, 0.5),
                Arguments.of("monsterfrogT.obj", new float[] {30, 15, 45}, new float[] {5, 3, 0}, Culling.ALL, 0.3, 0.15),
                // open: seen from both sides, so the frustum only
                Arguments.of("mesh_with_border.obj", new float[] {90, 88, -8}, new float[] {87, 86, 7}, Culling.FRUSTUM,
                        0.2, 0.2));
    }

    /** On the limit surface the picture is the same to the pixel, but for rounding at a pixel or two. */
    @ParameterizedTest(name = "{0} from {1}, {3}")
    @MethodSource("cases")
    void limitSurfacePictureIsUnchanged(String name, float[] eye, float[] target, Culling culling, double fewer,
                                        double fewerOnControlPoints) {
        compare(name, eye, target, culling, true, fewer, 1e-4);
    }

    /**
     * On the control points a vertex beside a culled edge keeps its level's position, as along any
     * seam between levels, so pixels along the silhouette may move: a small share of them. The back
     * faces keep a wider margin there (ViewCulling.BACKFACE_DEGREES), so less of them goes.
     */
    @ParameterizedTest(name = "{0} from {1}, {3}")
    @MethodSource("cases")
    void controlPointPictureChangesOnlyAlongSilhouettes(String name, float[] eye, float[] target, Culling culling,
                                                        double fewerOnLimit, double fewer) {
        compare(name, eye, target, culling, false, fewer, 0.01);
    }

    private static void compare(String name, float[] eye, float[] target, Culling culling, boolean limit, double fewer,
                                double tolerance) {
        TriangleMesh mesh = load(name);
        int w = 480;
        int h = 270;
        Camera camera = new Camera(new Point3(eye[0], eye[1], eye[2]), new Point3(target[0], target[1], target[2]),
                new Point3(0, 1, 0), 45, w, h);
        RefineOptions o = RefineOptions.adaptive(6, new StopCriterion.ScreenEdgeLength(camera, 1f))
                .withLimitSurface(limit);
        ViewCoverage.Frame[] frames = new ViewCoverage.Frame[2];
        long[] triangles = new long[2];
        try (Tessellator t = Tessellators.create("java")) {
            for (int i = 0; i < 2; i++) {
                TriangleMesh out = t.refine(mesh, o.withCulling(i == 0 ? Culling.NONE : culling)).mesh();
                ViewCoverage.Options view = ViewCoverage.Options.parse(new String[] {"unused.obj",
                    "--eye", eye[0] + "," + eye[1] + "," + eye[2], "--target", target[0] + "," + target[1] + ","
                    + target[2], "--viewport", w + "x" + h});
                frames[i] = new ViewCoverage.Frame(w, h);
                ViewCoverage.draw(out.positions(), out.triangles(),
                        new ViewCoverage.Camera(view, ViewCoverage.boundingRadius(mesh.positions())), frames[i]);
                triangles[i] = out.triangleCount();
            }
        }
        long[] diff = frames[1].differences(frames[0]);
        String what = String.format(Locale.ROOT, "%s %s%s: %d of %d covered pixels differ; %d triangles culled, %d not",
                name, culling, limit ? " limit" : "", diff[0], diff[1], triangles[1], triangles[0]);
        assertTrue(diff[1] > 0.05 * w * h, what + ": the mesh is hardly in the picture");
        assertTrue(diff[0] <= Math.max(2, tolerance * diff[1]), what);
        assertTrue(triangles[1] <= (1 - fewer) * triangles[0], what);
    }

    private static TriangleMesh load(String name) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("testdata/meshes"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("testdata/meshes not found above " + Path.of("").toAbsolutePath());
        }
        try {
            return ObjReader.read(dir.resolve("testdata/meshes").resolve(name)).mesh();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
