package org.loopsub.obj;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;
import org.loopsub.api.Crease;
import org.loopsub.api.TriangleMesh;

/**
 * Writes a {@link TriangleMesh} as a Wavefront OBJ file: a one-line header comment, {@code v x y z}
 * lines, then {@code vt u v} lines if the mesh has a {@linkplain TriangleMesh#hasUvs() uv channel},
 * then {@code vn x y z} lines if normals are given, then faces, 1-based: {@code f a//a b//b c//c}
 * with normals (the normal index is the vertex index), {@code f a b c} without, and with uvs the
 * corner's uv index in the middle ({@code f a/ta/a ...} or {@code f a/ta ...}). {@code \n} line
 * ends, numbers by {@link FloatFormat}. Crease tags, if the mesh has any, follow as
 * {@code t crease 2/1/0 i j s} lines (0-based, as read). A mesh without uvs is written exactly as
 * before uvs existed; {@link ObjReader} reads back the same positions, triangles, uvs and uv indices,
 * bit for bit. A mesh with the per-vertex channel {@link #COLOR} (a vertex or varying
 * {@linkplain org.loopsub.api.Primvar primvar} of width 3, what {@link ObjReader} makes of
 * {@code v x y z r g b}) has its colour after each vertex's position, {@code v x y z r g b}, and
 * reads back the same; other channels have no OBJ form and are not written (glTF carries them).
 *
 * <p>The same mesh always gives the same bytes: no timestamps, no back-end names.
 */
public final class ObjWriter {
    /** The name of the per-vertex colour channel, written as {@code v x y z r g b}. */
    public static final String COLOR = "color";
    /** Characters gathered before each hand-over to the sink; large enough to amortise the calls. */
    private static final int CHUNK = 1 << 16;

    private ObjWriter() {
    }

    /**
     * Writes the mesh to {@code target} atomically: into a temporary file in the target's
     * directory, which is then renamed over the target. On any failure the temporary file is
     * deleted and an existing target is left as it was. No directory is created.
     *
     * @param target the file to create or replace
     * @param mesh the mesh
     * @param normals x, y, z per vertex, or {@code null} for none
     * @throws IOException if the file cannot be written (also if the directory does not exist)
     * @throws IllegalArgumentException if {@code normals} has the wrong length or a face refers to
     *     a vertex that does not exist
     */
    public static void write(Path target, TriangleMesh mesh, float[] normals) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        Path temp = createTemp(dir, absolute.getFileName().toString());
        boolean done = false;
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                OutputStream stream = Channels.newOutputStream(channel);
                byte[] bytes = new byte[CHUNK + 256];
                emit(mesh, normals, sb -> {
                    int n = sb.length();
                    // the text is ASCII only, so one char is one byte
                    for (int i = 0; i < n; i++) {
                        bytes[i] = (byte) sb.charAt(i);
                    }
                    stream.write(bytes, 0, n);
                });
                // the data must be on disk before the rename makes it the target
                channel.force(true);
            }
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } finally {
            if (!done) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException suppressed) {
                    // the original failure matters more; nothing else can be done about the file
                }
            }
        }
    }

    /**
     * Writes the mesh to a writer, which is flushed but not closed.
     *
     * @param out receives the text
     * @param mesh the mesh
     * @param normals x, y, z per vertex, or {@code null} for none
     * @throws IOException if the writer fails
     * @throws IllegalArgumentException if {@code normals} has the wrong length or a face refers to
     *     a vertex that does not exist
     */
    public static void write(Writer out, TriangleMesh mesh, float[] normals) throws IOException {
        char[] chars = new char[CHUNK + 256];
        emit(mesh, normals, sb -> {
            int n = sb.length();
            sb.getChars(0, n, chars, 0);
            out.write(chars, 0, n);
        });
        out.flush();
    }

    /** Receives the text chunk by chunk; the builder is cleared after each call. */
    private interface Sink {
        void accept(StringBuilder chunk) throws IOException;
    }

    private static void emit(TriangleMesh mesh, float[] normals, Sink sink) throws IOException {
        int vertices = mesh.vertexCount();
        int triangles = mesh.triangleCount();
        if (normals != null && normals.length != 3 * vertices) {
            throw new IllegalArgumentException("normals has " + normals.length + " floats, expected "
                    + 3 * vertices + " (3 per vertex)");
        }
        boolean uvs = mesh.hasUvs();
        org.loopsub.api.Primvar colour = vertexColours(mesh);
        StringBuilder sb = new StringBuilder(CHUNK + 256);
        sb.append("# loopsub: ").append(vertices).append(" vertices, ").append(triangles).append(" triangles");
        if (uvs) {
            sb.append(", ").append(mesh.uvCount()).append(" texture coordinates");
        }
        sb.append('\n');
        for (int v = 0; v < vertices; v++) {
            sb.append("v ");
            FloatFormat.append(sb, mesh.position(v, 0));
            sb.append(' ');
            FloatFormat.append(sb, mesh.position(v, 1));
            sb.append(' ');
            FloatFormat.append(sb, mesh.position(v, 2));
            for (int k = 0; colour != null && k < 3; k++) {
                sb.append(' ');
                FloatFormat.append(sb, colour.value(v, k));
            }
            sb.append('\n');
            flushIfFull(sb, sink);
        }
        for (int i = 0, n = mesh.uvCount(); i < n; i++) {
            sb.append("vt ");
            FloatFormat.append(sb, mesh.uv(i, 0));
            sb.append(' ');
            FloatFormat.append(sb, mesh.uv(i, 1));
            sb.append('\n');
            flushIfFull(sb, sink);
        }
        if (normals != null) {
            for (int v = 0; v < vertices; v++) {
                sb.append("vn ");
                FloatFormat.append(sb, normals[3 * v]);
                sb.append(' ');
                FloatFormat.append(sb, normals[3 * v + 1]);
                sb.append(' ');
                FloatFormat.append(sb, normals[3 * v + 2]);
                sb.append('\n');
                flushIfFull(sb, sink);
            }
        }
        for (int t = 0; t < triangles; t++) {
            sb.append('f');
            for (int c = 0; c < 3; c++) {
                int v = mesh.vertex(t, c);
                if (v < 0 || v >= vertices) {
                    throw new IllegalArgumentException("face " + (t + 1) + " refers to vertex " + (v + 1)
                            + " but the mesh has " + vertices + " vertices");
                }
                sb.append(' ').append(v + 1);
                if (uvs) {
                    // the mesh checked its uv indices when it was made
                    sb.append('/').append(mesh.uvIndex(t, c) + 1);
                    if (normals != null) {
                        sb.append('/').append(v + 1);
                    }
                } else if (normals != null) {
                    sb.append("//").append(v + 1);
                }
            }
            sb.append('\n');
            flushIfFull(sb, sink);
        }
        for (Crease crease : mesh.creases()) {
            sb.append("t crease 2/1/0 ").append(crease.v0()).append(' ').append(crease.v1()).append(' ');
            FloatFormat.append(sb, crease.sharpness());
            sb.append('\n');
            flushIfFull(sb, sink);
        }
        if (sb.length() > 0) {
            sink.accept(sb);
        }
    }

    /** @return the mesh's colour channel where it has one value per vertex of width 3, else null */
    private static org.loopsub.api.Primvar vertexColours(TriangleMesh mesh) {
        org.loopsub.api.Primvar c = mesh.primvar(COLOR).orElse(null);
        boolean perVertex = c != null && !c.hasIndices() && c.width() == 3 && c.valueCount() == mesh.vertexCount();
        return perVertex ? c : null;
    }

    private static void flushIfFull(StringBuilder sb, Sink sink) throws IOException {
        if (sb.length() >= CHUNK) {
            sink.accept(sb);
            sb.setLength(0);
        }
    }

    /**
     * Creates a fresh file next to the target. Not Files.createTempFile: that one makes the file
     * owner-only on POSIX, and the rename would carry those permissions over to the target.
     */
    private static Path createTemp(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
            Path temp = dir.resolve("." + name + "." + suffix + ".tmp");
            try {
                Files.newByteChannel(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return temp;
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }
}
