package org.loopsub.glstream;

import java.util.Locale;

import org.loopsub.stream.RecordLayout;

/**
 * What one refinement may ask of the GPU, checked before the memory is asked for. A refinement too
 * large for the GPU does not fail cleanly on its own: a driver may hand out the buffers lazily, and a
 * software renderer's are the process's memory, which the kernel ends by killing the process. So the
 * sizes are worked out first and a refinement that cannot fit is refused with
 * {@link IllegalArgumentException}.
 *
 * <p>Two limits. The <b>triangles</b> of one output: {@value #MAX_TRIANGLES}, since its draw
 * command counts three vertices a triangle in a 32-bit int (and the CLI's read-back, a Java array,
 * holds fewer). The <b>memory</b>: the output (positions, and the normals and uvs beside them) plus
 * the records of the last level kept before it, at most half of what the context reports
 * ({@link org.loopsub.gl.GlContext#memoryBytes()}; not checked where the driver does not say); the
 * other half is for the buffer pool's rounding (up to 1.5 times a request), the earlier levels and the
 * renderer's own buffers.
 *
 * <p>A uniform refinement's size is known before it starts (every record splits), so it is refused
 * before any GPU work ({@link #checkUniform}). An adaptive one's is known level by level, once the
 * level's counts are read back; the level-by-level path checks each level before it reserves room for
 * the level's output and children ({@link #checkLevel}).
 */
public final class OutputBudget {
    /** Triangles one output may hold: a draw command counts 3 vertices a triangle in a 32-bit int. */
    public static final long MAX_TRIANGLES = Integer.MAX_VALUE / 3;

    private final long memoryBytes;
    private final String memorySource;
    private final long outputBytesPerTriangle;
    private final long recordBytes;
    private final boolean readBack;
    private final int floatsPerCorner;

    /**
     * @param memoryBytes the context's memory for buffers, or -1 if unknown
     * @param memorySource where that figure comes from, for the message
     * @param layout the records' layout (its size, and whether the output carries normals and uvs)
     * @param readBack whether the output is read back into one Java array (the CLI's path)
     */
    public OutputBudget(long memoryBytes, String memorySource, RecordLayout layout, boolean readBack) {
        this.memoryBytes = memoryBytes;
        this.memorySource = memorySource;
        int beside = (layout.carriesNormals() ? 1 : 0) + (layout.uvs() ? 1 : 0);
        this.outputBytesPerTriangle = 36L * (1 + beside);
        this.recordBytes = 4L * (layout.pointFloats() + layout.metaInts());
        this.readBack = readBack;
        this.floatsPerCorner = 3 + (layout.carriesNormals() ? 3 : 0) + (layout.uvs() ? 2 : 0);
    }

    /**
     * Refuses a uniform refinement that cannot fit, before anything is allocated.
     *
     * @param triangles the control mesh's triangles (level 0's records)
     * @param levels uniform levels
     * @throws IllegalArgumentException naming the limit, if its output cannot fit
     */
    public void checkUniform(long triangles, int levels) {
        double out = triangles * Math.pow(4, levels);
        double kept = levels == 0 ? 0 : out / 4;
        String why = why(out, kept);
        if (why != null) {
            throw new IllegalArgumentException("uniform refinement of " + triangles + " triangles to level " + levels
                    + " " + why + ": ask for fewer levels");
        }
    }

    /**
     * Refuses the rest of an adaptive refinement that cannot fit, once a level's counts are known and
     * before its room is reserved.
     *
     * @param level the level
     * @param outputTriangles the output's triangles with this level's, padding included
     * @param children the records this level leaves for the next
     * @throws IllegalArgumentException naming the limit, if they cannot fit
     */
    void checkLevel(int level, long outputTriangles, long children) {
        String why = why(outputTriangles, children);
        if (why != null) {
            throw new IllegalArgumentException("adaptive refinement, at level " + level + ", " + why
                    + ": ask for a coarser criterion or a smaller maximum depth");
        }
    }

    /** @return what is too large, or null if it fits (no message is made then: this runs every frame) */
    private String why(double triangles, double keptRecords) {
        if (triangles > MAX_TRIANGLES) {
            return String.format(Locale.ROOT, "makes %,.0f triangles; one GPU output holds at most %,d (its draw "
                    + "command counts 3 vertices a triangle in a 32-bit int)", triangles, MAX_TRIANGLES);
        }
        if (readBack && triangles * 3 * floatsPerCorner > Integer.MAX_VALUE - 8) {
            return String.format(Locale.ROOT, "makes %,.0f triangles, more than one Java array holds when read back "
                    + "(%d floats a corner)", triangles, floatsPerCorner);
        }
        double bytes = triangles * outputBytesPerTriangle + keptRecords * recordBytes;
        if (memoryBytes > 0 && bytes > memoryBytes / 2.0) {
            return String.format(Locale.ROOT, "needs about %,.0f MiB of GPU memory (%,.0f triangles of %d bytes and "
                    + "%,.0f records of %d bytes); the GPU has %,d MiB (%s), and one refinement may take half of it",
                    bytes / (1 << 20), triangles, outputBytesPerTriangle, keptRecords, recordBytes, memoryBytes >> 20,
                    memorySource);
        }
        return null;
    }
}
