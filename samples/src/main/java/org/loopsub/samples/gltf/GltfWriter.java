package org.loopsub.samples.gltf;

import de.javagl.jgltf.model.creation.GltfModelBuilder;
import de.javagl.jgltf.model.creation.MeshPrimitiveBuilder;
import de.javagl.jgltf.model.impl.DefaultGltfModel;
import de.javagl.jgltf.model.impl.DefaultMeshModel;
import de.javagl.jgltf.model.impl.DefaultNodeModel;
import de.javagl.jgltf.model.impl.DefaultSceneModel;
import de.javagl.jgltf.model.io.GltfModelWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import de.javagl.jgltf.model.creation.AccessorModels;
import de.javagl.jgltf.model.impl.DefaultAccessorModel;
import org.loopsub.api.Primvar;
import org.loopsub.api.TriangleMesh;

/**
 * Writes a {@link TriangleMesh} as glTF 2.0: one scene, one node, one mesh with one indexed
 * triangle primitive ({@code mode} 4). Attributes: {@code POSITION} (float VEC3, with the
 * {@code min} and {@code max} the specification requires), {@code NORMAL} when normals are given,
 * {@code TEXCOORD_0} (float VEC2) when the mesh has a uv channel; indices are unsigned ints
 * (component type 5125) whatever the vertex count, so a reader never has to guess a width.
 *
 * <p><b>Vertices.</b> glTF has one index per corner for every attribute, while a mesh's uvs are
 * face-varying. Without uvs the glTF vertices are the mesh's vertices, in the same order, and the
 * indices are the mesh's triangles: vertex {@code i} here is {@code v} line {@code i + 1} of the OBJ
 * that {@code ObjWriter} writes for the same mesh, to the bit. With uvs, each distinct (vertex, uv
 * index) pair of a corner becomes one glTF vertex, numbered in order of first use over the
 * triangles' corners, so a vertex on a uv seam appears once per side, with the same position and
 * normal.
 *
 * <p><b>Primvars</b> ({@link TriangleMesh#primvars()}) become float attributes: the channel named
 * {@code color} of width 3 or 4 is {@code COLOR_0} (VEC3 or VEC4), every other channel of width 2
 * a further texture set ({@code TEXCOORD_1}, {@code TEXCOORD_2}, ... after the uvs' {@code TEXCOORD_0},
 * or from {@code TEXCOORD_0} without uvs; {@code v} flipped as the uvs'), and the rest
 * application-specific attributes named {@code _} and the channel's name in upper case
 * ({@code _WEIGHTS}), SCALAR to VEC4; a channel wider than 4 is cut into attributes of 4 named
 * {@code _NAME_0}, {@code _NAME_1}, ... A face-varying channel splits vertices as the uvs do: a
 * glTF vertex is a distinct (vertex, uv index, each face-varying channel's index) of a corner.
 *
 * <p><b>Uvs.</b> glTF puts the texture origin at the image's top-left corner, OBJ at its bottom
 * left: {@code v} is written as {@code 1 - v} (in float), {@code u} as it is. A texture then lands
 * on the surface as it does from the OBJ.
 *
 * <p><b>Containers.</b> {@link #write} with {@code binary} writes a GLB file: the 12-byte header, the JSON chunk
 * and the binary chunk, each padded to 4 bytes; without, it writes JSON whose single
 * buffer is a base64 {@code data:} URI, so a {@code .gltf} is one self-contained file, as an OBJ
 * is (at a third more bytes for the buffer than a GLB). JglTF lays the buffer out: indices in one
 * buffer view, the vertex attributes in another with a byte stride of 12, so uvs are padded to 12
 * bytes each; every offset is a multiple of 4.
 *
 * <p>The same mesh always gives the same bytes: the generator is {@code "loopsub"}, with no
 * version or timestamp.
 */
public final class GltfWriter {
    private static final String GENERATOR = "loopsub";

    private GltfWriter() {
    }

    /**
     * Writes the mesh to a stream, which is flushed but not closed.
     *
     * @param out receives the bytes
     * @param mesh the mesh, at least one triangle
     * @param normals x, y, z per vertex, or {@code null} for none
     * @param binary GLB if true, otherwise JSON with an embedded buffer
     * @throws IOException if the stream fails
     * @throws IllegalArgumentException if the mesh has no triangle, {@code normals} has the wrong
     *     length, or a face refers to a vertex that does not exist; before anything is written
     */
    public static void write(OutputStream out, TriangleMesh mesh, float[] normals, boolean binary)
            throws IOException {
        write(out, model(mesh, normals), binary);
    }

    private static void write(OutputStream out, DefaultGltfModel model, boolean binary) throws IOException {
        // JglTF closes the stream it writes to; the caller owns this one
        OutputStream kept = new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
        if (binary) {
            new GltfModelWriter().writeBinary(model, kept);
        } else {
            new GltfModelWriter().writeEmbedded(model, kept);
        }
        kept.flush();
    }

    private static DefaultGltfModel model(TriangleMesh mesh, float[] normals) {
        int vertices = mesh.vertexCount();
        int triangles = mesh.triangleCount();
        if (triangles == 0) {
            // an accessor must have at least one element
            throw new IllegalArgumentException("glTF cannot hold a mesh without triangles");
        }
        if (normals != null && normals.length != 3 * vertices) {
            throw new IllegalArgumentException("normals has " + normals.length + " floats, expected "
                    + 3 * vertices + " (3 per vertex)");
        }
        int[] indices = mesh.triangles();
        for (int i = 0; i < indices.length; i++) {
            if (indices[i] < 0 || indices[i] >= vertices) {
                throw new IllegalArgumentException("face " + (i / 3 + 1) + " refers to vertex " + (indices[i] + 1)
                        + " but the mesh has " + vertices + " vertices");
            }
        }
        float[] positions = mesh.positions();
        float[] uvs = null;
        List<int[]> faceVarying = new ArrayList<>();
        if (mesh.hasUvs()) {
            faceVarying.add(mesh.uvIndices());
        }
        for (Primvar p : mesh.primvars()) {
            if (p.hasIndices()) {
                faceVarying.add(p.indices());
            }
        }
        // glTF vertex g stands for mesh corner first[g] (every corner when nothing is face-varying)
        int[] first = null;
        if (!faceVarying.isEmpty()) {
            Split split = Split.of(mesh, indices, faceVarying);
            indices = split.indices;
            first = split.corner;
            positions = gather(positions, split.vertex, 3);
            normals = normals == null ? null : gather(normals, split.vertex, 3);
            if (mesh.hasUvs()) {
                int[] uvIndex = faceVarying.get(0);
                uvs = new float[2 * first.length];
                for (int g = 0; g < first.length; g++) {
                    uvs[2 * g] = mesh.uv(uvIndex[first[g]], 0);
                    uvs[2 * g + 1] = 1f - mesh.uv(uvIndex[first[g]], 1);
                }
            }
        }
        MeshPrimitiveBuilder primitive = MeshPrimitiveBuilder.create().setTriangles()
                .setIntIndices(IntBuffer.wrap(indices))
                .addPositions3D(FloatBuffer.wrap(positions));
        if (normals != null) {
            primitive.addNormals3D(FloatBuffer.wrap(normals));
        }
        if (uvs != null) {
            primitive.addTexCoords02D(FloatBuffer.wrap(uvs));
        }
        addPrimvars(primitive, mesh, first, uvs != null ? 1 : 0);
        DefaultMeshModel meshModel = new DefaultMeshModel();
        meshModel.addMeshPrimitiveModel(primitive.build());
        DefaultNodeModel node = new DefaultNodeModel();
        node.addMeshModel(meshModel);
        DefaultSceneModel scene = new DefaultSceneModel();
        scene.addNode(node);
        GltfModelBuilder builder = GltfModelBuilder.create();
        builder.addSceneModel(scene);
        DefaultGltfModel model = builder.build();
        model.getAssetModel().setGenerator(GENERATOR);
        return model;
    }

    /**
     * Each primvar as one or more attributes (class comment).
     *
     * @param first the mesh corner each glTF vertex stands for, or null when they are the mesh's vertices
     * @param texCoords the texture sets written so far
     */
    private static void addPrimvars(MeshPrimitiveBuilder primitive, TriangleMesh mesh, int[] first, int texCoords) {
        int[] corners = mesh.triangles();
        boolean color = false;
        for (Primvar p : mesh.primvars()) {
            int n = p.width();
            int count = first == null ? mesh.vertexCount() : first.length;
            float[] values = new float[n * count];
            for (int g = 0; g < count; g++) {
                int value = first == null ? g : p.hasIndices() ? p.index(first[g] / 3, first[g] % 3) : corners[first[g]];
                for (int x = 0; x < n; x++) {
                    values[n * g + x] = p.value(value, x);
                }
            }
            if (!color && p.name().equals("color") && (n == 3 || n == 4)) {
                color = true;
                primitive.addAttribute("COLOR_0", accessor(values, n));
            } else if (n == 2) {
                for (int g = 0; g < count; g++) {
                    values[2 * g + 1] = 1f - values[2 * g + 1];
                }
                primitive.addAttribute("TEXCOORD_" + texCoords++, accessor(values, 2));
            } else {
                String name = "_" + p.name().toUpperCase(Locale.ROOT);
                for (int k = 0; k < n; k += 4) {
                    int w = Math.min(4, n - k);
                    float[] part = new float[w * count];
                    for (int g = 0; g < count; g++) {
                        System.arraycopy(values, n * g + k, part, w * g, w);
                    }
                    primitive.addAttribute(n > 4 ? name + "_" + k / 4 : name, accessor(part, w));
                }
            }
        }
    }

    private static DefaultAccessorModel accessor(float[] values, int width) {
        FloatBuffer b = FloatBuffer.wrap(values);
        return switch (width) {
            case 1 -> AccessorModels.createFloatScalar(b);
            case 2 -> AccessorModels.createFloat2D(b);
            case 3 -> AccessorModels.createFloat3D(b);
            default -> AccessorModels.createFloat4D(b);
        };
    }

    /** {@code values[k * from[g] ...]} for every g: one attribute per glTF vertex. */
    private static float[] gather(float[] values, int[] from, int k) {
        float[] out = new float[k * from.length];
        for (int g = 0; g < from.length; g++) {
            System.arraycopy(values, k * from[g], out, k * g, k);
        }
        return out;
    }

    /**
     * The glTF vertices of a mesh with face-varying data: one per distinct (vertex, index of each
     * face-varying channel) of a corner, in order of first use, each standing for its first corner.
     * Each mesh vertex keeps a short list of the glTF vertices seen so far (most vertices have one,
     * seam vertices a few), so the pass is linear.
     */
    private record Split(int[] indices, int[] vertex, int[] corner) {
        static Split of(TriangleMesh mesh, int[] triangles, List<int[]> faceVarying) {
            int corners = triangles.length;
            int[] head = new int[mesh.vertexCount()];
            Arrays.fill(head, -1);
            int[] next = new int[corners];
            int[] vertex = new int[corners];
            int[] corner = new int[corners];
            int[] indices = new int[corners];
            int count = 0;
            for (int c = 0; c < corners; c++) {
                int v = triangles[c];
                int g = head[v];
                while (g >= 0 && !same(faceVarying, corner[g], c)) {
                    g = next[g];
                }
                if (g < 0) {
                    g = count++;
                    vertex[g] = v;
                    corner[g] = c;
                    next[g] = head[v];
                    head[v] = g;
                }
                indices[c] = g;
            }
            return new Split(indices, Arrays.copyOf(vertex, count), Arrays.copyOf(corner, count));
        }

        private static boolean same(List<int[]> faceVarying, int a, int b) {
            for (int[] index : faceVarying) {
                if (index[a] != index[b]) {
                    return false;
                }
            }
            return true;
        }
    }

}
