package org.loopsub.engine;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_COMMAND_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_CURRENT_PROGRAM;
import static org.lwjgl.opengl.GL43C.GL_QUERY_RESULT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_TIMESTAMP;
import static org.lwjgl.opengl.GL43C.GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glDeleteQueries;
import static org.lwjgl.opengl.GL43C.glGenQueries;
import static org.lwjgl.opengl.GL43C.glGetInteger;
import static org.lwjgl.opengl.GL43C.glGetQueryObjecti64;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glQueryCounter;

import java.nio.FloatBuffer;
import java.util.List;
import org.joml.Matrix4f;
import org.loopsub.api.LevelStats;
import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.Scheme;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GpuTimer;
import org.loopsub.rules.LoopRules;
import org.loopsub.glstream.GlStreamEngine;
import org.loopsub.glstream.GlOutput;
import org.loopsub.glstream.GlLevel0;
import org.loopsub.glstream.GlCriteria;
import org.loopsub.prepare.PreparedMesh;
import org.loopsub.glstream.HostState;
import org.loopsub.glstream.FramePrediction;

/**
 * A mesh prepared on the GPU for a renderer ({@link GpuMesh}): the CPU preparation ran once, the
 * level-0 records stay in GPU buffers, and each frame only issues passes into buffers kept from the
 * frame before.
 */
final class GlGpuMesh implements GpuMesh {
    /** Frames are not timed pass by pass; {@link GpuFrame#gpuNanos()} has its own two queries. */
    private static final GpuTimer NO_TIMER = new GpuTimer(false);

    private final GlGpuTessellator owner;
    private final GlTessellator gl;
    private PreparedMesh prepared;
    /** The control points' bounding radius in the internal frame (the screen criterion's near plane). */
    private double radius;
    private final int inputVertices;
    private GlLevel0 level0;
    private final GlOutput out;
    /** Passes for one scheme's weights; made again only when a frame asks for another scheme. */
    private GlStreamEngine engine;
    private Scheme engineScheme;
    private final GlBuffer indirect;
    private final int[] queries = new int[2];
    /**
     * Whether adaptive frames keep their sizes on the GPU and wait once, after the frame (on by
     * default; {@code -Dloopsub.gl.resident=false} waits once per level instead, for comparison).
     */
    private static final boolean RESIDENT = !"false".equals(System.getProperty("loopsub.gl.resident"));
    /** The last frame's sizes, from which a resident frame plans its room. */
    private final FramePrediction prediction = new FramePrediction();
    /** The settings the current records were made for (see refine). */
    private List<Object> lastSurface = List.of(Scheme.LOOP, false, true, org.loopsub.api.BoundaryInterpolation.EDGE_ONLY,
            org.loopsub.api.Creasing.UNIFORM);

    /** Host time of resident frames: issuing the passes, then the one read-back (for frameStats). */
    private final Phases phases = new Phases();

    /** Medians of the two host phases of resident frames. */
    private static final class Phases {
        private final List<Long> issue = new java.util.ArrayList<>();
        private final List<Long> wait = new java.util.ArrayList<>();

        void add(long issueNanos, long waitNanos) {
            issue.add(issueNanos);
            wait.add(waitNanos);
        }

        private static double medianMs(List<Long> l) {
            if (l.isEmpty()) {
                return Double.NaN;
            }
            List<Long> s = new java.util.ArrayList<>(l);
            s.sort(null);
            return s.get(s.size() / 2) / 1e6;
        }

        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "resident host ms median: issue %.3f, read-back wait %.3f",
                    medianMs(issue), medianMs(wait));
        }
    }

    /** Frames that ran resident, and resident frames that did not fit their plan (tests read these). */
    int residentFrames;
    int overflowFrames;

    /** @return the most windows one level of a resident frame had so far (tests check they were many) */
    int mostWindows() {
        return engine.mostResidentWindows();
    }
    /** Counts frames, so that a frame object can tell it has been replaced. */
    private long frameNumber;
    private boolean closed;

    GlGpuMesh(GlGpuTessellator owner, GlTessellator gl, PreparedMesh prepared, int inputVertices) {
        this.owner = owner;
        this.gl = gl;
        // Frames carry each vertex's limit normal from its birth: the renderer's shading normals.
        this.prepared = prepared.configured(true, RefineOptions.uniform(0));
        this.radius = this.prepared.frame().radius(this.prepared.positions());
        this.inputVertices = inputVertices;
        this.engine = newEngine(Scheme.LOOP);
        this.engineScheme = Scheme.LOOP;
        this.level0 = engine.upload(this.prepared.records(), true);
        this.out = new GlOutput(gl.pool());
        this.indirect = GlBuffer.of(new int[] {0, 1, 0, 0}, "loop_draw_indirect");
        queries[0] = glGenQueries();
        queries[1] = glGenQueries();
    }

    private GlStreamEngine newEngine(Scheme scheme) {
        float[] weights = LoopRules.weights(scheme, Math.max(6, prepared.topology().maxValence()));
        GlStreamEngine e = new GlStreamEngine(gl.context(), prepared.layout(), weights, gl.scan(), gl.programs(),
                gl.budgetBytes(), prepared.frame().centre(), (float) prepared.frame().inverseScale(), gl.pool());
        e.unitNormals();
        return e;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("GPU mesh is closed");
        }
        owner.checkOpen();
    }

    @Override
    public int vertexCount() {
        return inputVertices;
    }

    @Override
    public int triangleCount() {
        return prepared.mesh().triangleCount();
    }

    @Override
    public int inputVerticesMerged() {
        return prepared.merged();
    }

    @Override
    public List<String> warnings() {
        return prepared.warnings();
    }

    @Override
    public GpuFrame refine(RefineOptions options) {
        checkOpen();
        GlCriteria criteria = new GlCriteria(options.criteria(), options.culling(), options.limitSurface(), prepared.frame().centre(),
                prepared.frame().scaleExponent(), radius);
        // What decides the records: the scheme, the limit surface, creases, boundary option and uv rule.
        // Looked at only when one of them changes (working out the sharpness visits every vertex).
        List<Object> surface = List.of(options.scheme(), options.limitSurface(), options.creases(), options.boundary(),
                options.creasing(), options.uvInterpolation());
        PreparedMesh wanted = surface.equals(lastSurface) ? prepared : prepared.configured(true, options);
        lastSurface = surface;
        if (options.scheme() != engineScheme || wanted != prepared) {
            // Other weights, the limit surface or other sharpness: other level-0 records, maybe another layout.
            prepared = wanted;
            engine.close();
            engine = newEngine(options.scheme());
            engineScheme = options.scheme();
            level0.close();
            level0 = engine.upload(prepared.records(), true);
        }
        int hostProgram = glGetInteger(GL_CURRENT_PROGRAM);
        try {
            long t0 = System.nanoTime();
            out.reset();
            glQueryCounter(queries[0], GL_TIMESTAMP);
            boolean done = false;
            int planned = RESIDENT && !options.criteria().isEmpty()
                    ? engine.issueResident(level0, options.levels(), criteria, prediction, out, indirect) : 0;
            long t1 = System.nanoTime();
            if (planned > 0) {
                // the read-back below reads the sizes the plan wrote
                glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
                done = engine.finishResident(planned, out);
                phases.add(t1 - t0, System.nanoTime() - t1);
                if (done) {
                    residentFrames++;
                } else {
                    // more than the last frame's sizes allowed for: once more, level by level
                    overflowFrames++;
                    out.reset();
                }
            }
            if (!done) {
                engine.run(level0, options.levels(), criteria, NO_TIMER, ProgressListener.NONE, out);
                indirect.write(0, new int[] {Math.toIntExact(3 * out.drawTriangles()), 1, 0, 0});
            }
            prediction.update(out);
            glQueryCounter(queries[1], GL_TIMESTAMP);
            // The renderer fetches vertices, reads the draw command, or copies the buffers next.
            glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_COMMAND_BARRIER_BIT
                    | GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        } finally {
            HostState.restore(hostProgram);
            gl.pool().refinementDone();
        }
        frameNumber++;
        List<GpuFrame.Block> blocks = out.blocks().stream().map(b -> new GpuFrame.Block(b.level(),
                b.kind() == GlOutput.Block.Kind.SLIVERS, b.first(), b.count())).toList();
        return new Frame(frameNumber, out.triangleCount(), List.copyOf(out.levels), blocks);
    }

    @Override
    public void updatePositions(float[] positions) {
        checkOpen();
        if (positions.length != 3 * inputVertices) {
            throw new IllegalArgumentException("expected " + 3 * inputVertices + " floats (x, y, z for "
                    + inputVertices + " vertices), got " + positions.length);
        }
        prepared = prepared.moved(positions);
        radius = prepared.frame().radius(prepared.positions());
        level0.rewrite(prepared.records());
    }

    @Override
    public void updatePositions(FloatBuffer positions) {
        float[] p = new float[3 * inputVertices];
        positions.duplicate().get(p);
        updatePositions(p);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (Boolean.getBoolean("loopsub.gl.frameStats")) {
            // for tuning the resident plan on a new GPU
            System.err.println("loopsub: gl: " + frameNumber + " frames, " + residentFrames + " with their sizes on the GPU, "
                    + overflowFrames + " refined again level by level; " + phases);
        }
        level0.close();
        out.close();
        indirect.close();
        engine.close();
        glDeleteQueries(queries);
        owner.forget(this);
    }

    /** One frame's view of the mesh's buffers. */
    private final class Frame implements GpuFrame {
        private final long number;
        private final long triangles;
        private final List<LevelStats> levels;
        private final List<Block> blocks;
        private long gpuNanos = -1;

        Frame(long number, long triangles, List<LevelStats> levels, List<Block> blocks) {
            this.number = number;
            this.triangles = triangles;
            this.levels = levels;
            this.blocks = blocks;
        }

        @Override
        public List<Block> blocks() {
            return blocks;
        }

        private void checkCurrent() {
            checkOpen();
            if (number != frameNumber) {
                throw new IllegalStateException("frame " + number + " was replaced by frame " + frameNumber);
            }
        }

        @Override
        public int positionBuffer() {
            checkCurrent();
            return out.buffer().id();
        }

        @Override
        public int normalBuffer() {
            checkCurrent();
            return out.normals().id();
        }

        @Override
        public int uvBuffer() {
            checkCurrent();
            return out.hasUvs() ? out.uvs().id() : 0;
        }

        @Override
        public int drawIndirectBuffer() {
            checkCurrent();
            return indirect.id();
        }

        @Override
        public long triangleCount() {
            return triangles;
        }

        @Override
        public List<LevelStats> levels() {
            return levels;
        }

        @Override
        public Matrix4f modelMatrix(Matrix4f dest) {
            float[] c = prepared.frame().centre();
            float s = (float) prepared.frame().inverseScale();
            return dest.translation(c[0], c[1], c[2]).scale(s);
        }

        @Override
        public long gpuNanos() {
            if (gpuNanos < 0) {
                checkCurrent();
                gpuNanos = glGetQueryObjecti64(queries[1], GL_QUERY_RESULT)
                        - glGetQueryObjecti64(queries[0], GL_QUERY_RESULT);
            }
            return gpuNanos;
        }
    }
}
