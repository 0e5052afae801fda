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
        if (mesh.hasUvs()) {
            Split split = Split.of(mesh, indices);
            indices = split.indices;
            positions = gather(positions, split.vertex, 3);
            normals = normals == null ? null : gather(normals, split.vertex, 3);
            uvs = new float[2 * split.vertex.length];
            for (int g = 0; g < split.vertex.length; g++) {
                uvs[2 * g] = mesh.uv(split.uv[g], 0);
                uvs[2 * g + 1] = 1f - mesh.uv(split.uv[g], 1);
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

    /** {@code values[k * from[g] ...]} for every g: one attribute per glTF vertex. */
    private static float[] gather(float[] values, int[] from, int k) {
        float[] out = new float[k * from.length];
        for (int g = 0; g < from.length; g++) {
            System.arraycopy(values, k * from[g], out, k * g, k);
        }
        return out;
    }

    /**
     * The glTF vertices of a mesh with uvs: one per distinct (vertex, uv index) of a corner, in
     * order of first use. Each mesh vertex keeps a short list of the pairs seen so far (most
     * vertices have one uv, seam vertices a few), so the pass is linear.
     */
    private record Split(int[] indices, int[] vertex, int[] uv) {
        static Split of(TriangleMesh mesh, int[] triangles) {
            int corners = triangles.length;
            int[] head = new int[mesh.vertexCount()];
            Arrays.fill(head, -1);
            int[] next = new int[corners];
            int[] vertex = new int[corners];
            int[] uv = new int[corners];
            int[] indices = new int[corners];
            int count = 0;
            for (int c = 0; c < corners; c++) {
                int v = triangles[c];
                int t = mesh.uvIndex(c / 3, c % 3);
                int g = head[v];
                while (g >= 0 && uv[g] != t) {
                    g = next[g];
                }
                if (g < 0) {
                    g = count++;
                    vertex[g] = v;
                    uv[g] = t;
                    next[g] = head[v];
                    head[v] = g;
                }
                indices[c] = g;
            }
            return new Split(indices, Arrays.copyOf(vertex, count), Arrays.copyOf(uv, count));
        }
    }

}
