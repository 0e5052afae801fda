package org.loopsub.mesh;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.TriangleMesh;

/**
 * The coordinate frame the back ends compute in: positions minus the bounding-box centre, scaled by a
 * power of two so that the mesh fits in [-1, 1]. Recentring keeps float precision for meshes far from
 * the origin; the power-of-two scale is exact and keeps tiny meshes away from subnormal numbers,
 * which GLSL may flush to zero while Java does not. Subnormal coordinates left after the transform
 * are flushed to zero here, for both back ends alike (docs/design.md §5).
 *
 * @param centre bounding-box centre, x, y, z
 * @param scaleExponent internal = (p - centre) * 2^scaleExponent
 */
public record InternalFrame(float[] centre, int scaleExponent) {

    /**
     * @param mesh a mesh with finite positions and at least one vertex
     * @return its frame
     */
    public static InternalFrame of(TriangleMesh mesh) {
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int v = 0; v < mesh.vertexCount(); v++) {
            for (int x = 0; x < 3; x++) {
                double p = mesh.position(v, x);
                lo[x] = Math.min(lo[x], p);
                hi[x] = Math.max(hi[x], p);
            }
        }
        float[] centre = new float[3];
        double half = 0;
        for (int x = 0; x < 3; x++) {
            centre[x] = (float) (0.5 * (lo[x] + hi[x]));
            half = Math.max(half, Math.max(hi[x] - centre[x], centre[x] - lo[x]));
        }
        int exponent = half > 0 ? -(Math.getExponent(half) + 1) : 0;
        return new InternalFrame(centre, exponent);
    }

    /** @return the factor that maps internal coordinates back: {@code 2^-scaleExponent} */
    public double inverseScale() {
        return Math.scalb(1.0, -scaleExponent);
    }

    /**
     * @param internal positions in this frame
     * @return the largest distance of a vertex from the origin (the bounding radius), in this frame
     */
    public double radius(float[] internal) {
        double r2 = 0;
        for (int i = 0; i < internal.length; i += 3) {
            double x = internal[i];
            double y = internal[i + 1];
            double z = internal[i + 2];
            r2 = Math.max(r2, x * x + y * y + z * z);
        }
        return Math.sqrt(r2);
    }

    /**
     * @param p a coordinate in the user's frame
     * @param axis 0, 1, 2
     * @return it in the internal frame, subnormals flushed to +0
     */
    public float toInternal(float p, int axis) {
        float q = (float) Math.scalb((double) p - centre[axis], scaleExponent);
        return Math.abs(q) < Float.MIN_NORMAL ? 0f : q;
    }

    /**
     * Transforms all positions, refusing the mesh if two vertices at different positions land on one
     * internal position (their distance is below float precision at the mesh's extent). Vertices at
     * the same position, which only a mesh refined without the input weld keeps apart, pass.
     *
     * @param mesh the welded, valid mesh
     * @return internal positions, x, y, z per vertex
     */
    public float[] transform(TriangleMesh mesh) {
        float[] out = new float[3 * mesh.vertexCount()];
        MeshProblem problem = transformInto(mesh, out, ElementNames.OWN);
        if (problem != null) {
            throw new InvalidMeshException(List.of(problem));
        }
        return out;
    }

    /**
     * What {@link #transform} refuses in the mesh's own frame, for a report that lists problems
     * rather than stopping at one ({@link MeshInfo}).
     *
     * @param mesh the welded, valid mesh
     * @return the {@link MeshProblem.Kind#BELOW_PRECISION} problem, or null
     */
    public static MeshProblem precisionProblem(TriangleMesh mesh) {
        return precisionProblem(mesh, ElementNames.OWN);
    }

    /**
     * As {@link #precisionProblem(TriangleMesh)}, naming vertices as {@code names} says.
     *
     * @param mesh the welded, valid mesh
     * @param names how the message names the mesh's vertices
     * @return the {@link MeshProblem.Kind#BELOW_PRECISION} problem, or null
     */
    public static MeshProblem precisionProblem(TriangleMesh mesh, ElementNames names) {
        return of(mesh).transformInto(mesh, new float[3 * mesh.vertexCount()], names);
    }

    private MeshProblem transformInto(TriangleMesh mesh, float[] out, ElementNames names) {
        int n = mesh.vertexCount();
        Map<Key, Integer> seen = new HashMap<>(2 * n);
        for (int v = 0; v < n; v++) {
            for (int x = 0; x < 3; x++) {
                out[3 * v + x] = toInternal(mesh.position(v, x), x);
            }
            Integer other = seen.putIfAbsent(new Key(out[3 * v], out[3 * v + 1], out[3 * v + 2]), v);
            // Copies at one user position are distinct only by the mesh's indices (Welding.NONE): meant,
            // not lost to precision.
            if (other != null && !samePosition(mesh, other, v)) {
                return new MeshProblem(MeshProblem.Kind.BELOW_PRECISION,
                        "vertices " + names.vertexNumber(other) + " and " + names.vertexNumber(v)
                                + " are closer than float precision allows at this mesh's extent; they cannot be"
                                + " told apart");
            }
        }
        return null;
    }

    /** Whether vertices a and b have equal coordinates ({@code +0.0} equal to {@code -0.0}). */
    private static boolean samePosition(TriangleMesh mesh, int a, int b) {
        return mesh.position(a, 0) == mesh.position(b, 0) && mesh.position(a, 1) == mesh.position(b, 1)
                && mesh.position(a, 2) == mesh.position(b, 2);
    }

    private record Key(float x, float y, float z) {
        // Float.equals compares bits: +0 and -0 differ, but toInternal never produces -0 from a
        // subnormal and the welder already merged exact duplicates.
    }
}
