package org.loopsub.glengine;

import static org.lwjgl.opengl.GL43C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_COMMAND_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_CURRENT_PROGRAM;
import static org.lwjgl.opengl.GL43C.GL_QUERY_RESULT;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.GL_TIMESTAMP;
import static org.lwjgl.opengl.GL43C.GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glDeleteQueries;
import static org.lwjgl.opengl.GL43C.glGenQueries;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glQueryCounter;

import java.nio.FloatBuffer;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.RandomAccess;
import org.joml.Matrix4f;
import org.loopsub.api.BoundaryInterpolation;
import org.loopsub.api.Creasing;
import org.loopsub.api.LevelStats;
import org.loopsub.api.ProgressListener;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.Scheme;
import org.loopsub.api.StopCriterion;
import org.loopsub.api.UvInterpolation;
import org.loopsub.api.gpu.GpuFrame;
import org.loopsub.api.gpu.GpuMesh;
import org.loopsub.engine.TriangleBudget;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlChecks;
import org.loopsub.gl.GlContext;
import org.loopsub.gl.GlException;
import org.loopsub.gl.GlTuning;
import org.loopsub.gl.GpuTimer;
import org.loopsub.gl.ShaderException;
import org.loopsub.glstream.FramePrediction;
import org.loopsub.glstream.GlCage;
import org.loopsub.glstream.GlCriteria;
import org.loopsub.glstream.GlLevel0;
import org.loopsub.glstream.GlOutput;
import org.loopsub.glstream.GlStreamEngine;
import org.loopsub.glstream.HostState;
import org.loopsub.glstream.OutputBudget;
import org.loopsub.prepare.PreparedMesh;
import org.loopsub.rules.LoopRules;

/**
 * A mesh prepared on the GPU for a renderer ({@link GpuMesh}): the CPU preparation ran once, the
 * level-0 records stay in GPU buffers, and each frame only issues passes into buffers kept from the
 * frame before.
 *
 * <p>A steady frame allocates nothing on the heap: the criteria's constants are refilled in place
 * when only the camera moved, the engine's level strategies, holders and arrays are kept, and the
 * frame objects are two that alternate ({@link Frame}). A moving cage rewrites its records in place.
 */
final class GlGpuMesh implements GpuMesh {
    /** Frames are not timed pass by pass; {@link GpuFrame#gpuNanos()} has its own two queries. */
    private static final GpuTimer NO_TIMER = new GpuTimer(false);
    /**
     * Whether adaptive frames keep their sizes on the GPU and wait once, after the frame (on by
     * default; {@code -Dloopsub.gl.resident=false} waits once per level instead, for comparison).
     */
    private static final boolean RESIDENT = GlTuning.PROCESS.resident();
    /** Whether {@link #close} prints the resident frames' figures (for tuning the plan on a new GPU). */
    private static final boolean FRAME_STATS = GlTuning.PROCESS.frameStats();

    private final GlGpuTessellator owner;
    private final GlTessellator gl;
    private final GlContext context;
    private PreparedMesh prepared;
    /** Moves {@link #prepared}'s cage in place; made for it at the first move. */
    private PreparedMesh.Mover mover;
    /** What {@link #updatePositions(FloatBuffer)} reads the buffer into, made at its first call. */
    private float[] fromBuffer;
    /** The cage moved on the GPU ({@link #updatePositions(int, long, int)}), made at its first call. */
    private GlCage gpuCage;
    /**
     * Whether the control points are those of a move on the GPU, which the host has not seen: records
     * made for other options then take their table from the GPU's positions ({@link GlCage#renew}).
     */
    private boolean cageOnGpu;
    /** The control points' bounding radius in the internal frame (the screen criterion's near plane). */
    private double radius;
    private final int inputVertices;
    private GlLevel0 level0;
    private final GlOutput out;
    /** Passes for one scheme's weights; made again only when a frame asks for another scheme. */
    private GlStreamEngine engine;
    private Scheme engineScheme;
    /** Whether {@link #engine}'s passes serve displaced frames (normals as carried, not at unit length). */
    private boolean engineDisplaced;
    /** The frames' displacement and its heights on the GPU. */
    private final FrameDisplacement displacement = new FrameDisplacement();
    /** What a uniform frame of {@link #prepared}'s layout may ask of the GPU. */
    private OutputBudget budget;
    private final GlBuffer indirect;
    /** The draw command a level-by-level frame writes (a resident frame's is written on the GPU). */
    private final int[] drawCommand = {0, 1, 0, 0};
    private final int[] queries = new int[2];
    /** The last frame's sizes, from which a resident frame plans its room. */
    private final FramePrediction prediction = new FramePrediction();

    // The settings the current records were made for: the scheme, the limit surface, creases, the
    // boundary option, the creasing rule and the uv rule (working the sharpness out visits every vertex,
    // so the records are configured again only when one of them changes).
    private boolean surfaceKnown;
    private Scheme surfaceScheme;
    private boolean surfaceLimit;
    private boolean surfaceCreases;
    private BoundaryInterpolation surfaceBoundary;
    private Creasing surfaceCreasing;
    private UvInterpolation surfaceUvs;
    /** Whether the records were made for displaced frames, and for adaptive ones (birth normals). */
    private boolean surfaceDisplaced;
    private boolean surfaceBirthNormals;

    /** The criteria as the edge test takes them, for {@link #criteriaFor} at {@link #criteriaRadius}. */
    private GlCriteria criteria;
    private List<StopCriterion> criteriaFor;
    private org.loopsub.api.Culling criteriaCulling;
    private boolean criteriaLimit;
    /** How far the displaced surface lies off the limit surface at most (0: not displaced): culling's margin. */
    private double criteriaReach;
    private double criteriaRadius;
    /**
     * The screen pixels the caller asked for last within a triangle budget, those the budget made of
     * them, and the frames read back when they were last adjusted.
     */
    private float budgetAsked;
    private float budgetPixels;
    private long budgetReads;

    /** Host time of resident frames' refine calls (only with {@link #FRAME_STATS}). */
    private final Phases phases = FRAME_STATS ? new Phases() : null;
    /** Times within a refine for {@link #phases}: entry, configured, issuing, issued, barriers, checked, done. */
    private final long[] marks = new long[7];

    /**
     * Frames issued with their sizes on the GPU, those of them read back that stopped short of their
     * plan, and where the last one read back stopped (-1: it did not); tests read these.
     */
    int residentFrames;
    int stoppedFrames;
    int lastStopLevel = -1;

    /** The number of the current frame (0: none yet); a frame object answers only while it is the current one. */
    private long frameNumber;
    /** The two frame objects, handed out in turn. */
    private final Frame[] frames = {new Frame(), new Frame()};
    private boolean closed;

    GlGpuMesh(GlGpuTessellator owner, GlTessellator gl, PreparedMesh prepared, int inputVertices) {
        this.owner = owner;
        this.gl = gl;
        this.context = owner.context();
        // Frames carry each vertex's limit normal from its birth: the renderer's shading normals.
        this.prepared = prepared.configured(true, RefineOptions.uniform(0));
        this.radius = this.prepared.frame().radius(this.prepared.positions());
        this.inputVertices = inputVertices;
        this.budget = budgetFor(this.prepared);
        this.engine = newEngine(Scheme.LOOP, false);
        this.engineScheme = Scheme.LOOP;
        this.level0 = uploadLevel0();
        this.out = new GlOutput(gl.pool());
        this.indirect = GlBuffer.of(new int[] {0, 1, 0, 0}, "loop_draw_indirect");
        queries[0] = glGenQueries();
        queries[1] = glGenQueries();
    }

    /**
     * @param displaced whether the frames displace: their passes then write the limit normals as
     *     carried, which loop_displace moves along as the Java back end does (and then replaces)
     */
    private GlStreamEngine newEngine(Scheme scheme, boolean displaced) {
        float[] weights = LoopRules.weights(scheme, Math.max(6, prepared.topology().maxValence()));
        GlStreamEngine e = new GlStreamEngine(context, prepared.layout(), weights, gl.scan(), gl.programs(),
                gl.budgetBytes(), prepared.frame().centre(), (float) prepared.frame().inverseScale(), gl.pool());
        if (!displaced) {
            e.unitNormals();
        }
        return e;
    }

    private OutputBudget budgetFor(PreparedMesh p) {
        return new OutputBudget(context.memoryBytes(), context.memorySource(), p.layout(), false);
    }

    /** @return the most windows one level of a resident frame had so far (tests check they were many) */
    int mostWindows() {
        return engine.mostResidentWindows();
    }

    /**
     * @throws IllegalStateException if this mesh or its tessellator is closed, or the calling thread is
     *     not the tessellator's with its context current
     */
    private void checkUsable() {
        if (closed) {
            throw new IllegalStateException("GPU mesh is closed");
        }
        owner.checkUsable();
    }

    @Override
    public int vertexCount() {
        checkUsable();
        return inputVertices;
    }

    @Override
    public int triangleCount() {
        checkUsable();
        return prepared.mesh().triangleCount();
    }

    @Override
    public int inputVerticesMerged() {
        checkUsable();
        return prepared.merged();
    }

    @Override
    public List<String> warnings() {
        checkUsable();
        return prepared.warnings();
    }

    @Override
    public GpuFrame refine(RefineOptions options) {
        checkUsable();
        long budget = options.triangleBudget();
        if (budget == 0) {
            return refineOnce(options, 0);
        }
        RefineOptions o = TriangleBudget.start(options, prepared.mesh().triangleCount());
        if (!o.isAdaptive()) {
            // uniform: the levels that fit are known up front
            return refineOnce(o, 0);
        }
        // The GPU stops a frame where it would pass the budget (a depth stop: coarser at its deepest
        // level, crack-free, no wait). To keep such stops rare, the host grows the screen criterion's
        // pixels while the frames it has read wanted more than the budget, and relaxes them when there
        // is room again.
        try {
            engine.pollResident(prediction);
        } catch (GlException e) {
            throw GlGpuTessellator.gpuFailure("reading a frame's sizes", e);
        }
        float asked = TriangleBudget.pixels(o);
        if (asked != budgetAsked) {
            budgetAsked = asked;
            budgetPixels = asked;
            budgetReads = prediction.reads();
        } else if (asked > 0 && prediction.reads() != budgetReads) {
            budgetReads = prediction.reads();
            long wanted = prediction.lastWanted();
            if (wanted > budget) {
                budgetPixels *= (float) Math.min(2.0, Math.max(1.1, Math.sqrt((double) wanted / budget) * 1.05));
            } else if (wanted < budget / 2) {
                budgetPixels = Math.max(asked, budgetPixels / 1.15f);
            }
        }
        if (budgetPixels > asked) {
            o = TriangleBudget.withPixels(o, budgetPixels);
        }
        Frame f = refineOnce(o, budget);
        if (f.sizesPending || f.triangleCount() <= budget) {
            return f;
        }
        // a frame the host refined level by level (the first one): refined again coarser, as the facades
        // do, but on the GPU, which holds it to the budget
        TriangleBudget.Fitted<GpuFrame> fitted = TriangleBudget.fit(o, x -> refineOnce(x, budget), GpuFrame::triangleCount);
        budgetPixels = Math.max(asked, TriangleBudget.pixels(fitted.options()));
        return fitted.result();
    }

    /**
     * One frame.
     *
     * @param cap most output triangles of a resident frame (it stops short where it would make
     *     more), or 0 for none
     */
    private Frame refineOnce(RefineOptions options, long cap) {
        long[] marks = this.marks;
        marks[0] = phases != null ? System.nanoTime() : 0;
        configure(options);

        frameNumber++;
        Frame f = frames[(int) (frameNumber & 1)];
        f.number = frameNumber;
        f.gpuNanos = -1;
        f.sizesPending = false;
        f.stopLevel = -1;
        lastStopLevel = -1;
        if (phases != null) {
            marks[1] = System.nanoTime();
        }
        int hostProgram = context.getInteger(GL_CURRENT_PROGRAM);
        // one glGetError after the frame's passes instead of one per pass (GlChecks: a sync point)
        GlChecks.deferOnThisThread();
        boolean resident = false;
        try {
            long t0 = System.nanoTime();
            marks[2] = t0;
            // what the GPU finished since the last frame plans this one; nothing here waits
            engine.pollResident(prediction);
            out.reset();
            glQueryCounter(queries[0], GL_TIMESTAMP);
            int planned = RESIDENT && !options.criteria().isEmpty()
                    ? engine.issueResident(level0, options.levels(), criteria, prediction, out, indirect, cap, frameNumber)
                    : 0;
            if (planned > 0) {
                if (engineDisplaced) {
                    displacement.run(engine, out, true);
                }
                f.sizesPending = true;
                residentFrames++;
                resident = true;
                if (phases != null) {
                    marks[3] = System.nanoTime();
                }
            } else {
                // the first frame, a uniform one, or one too large to plan: the host waits, level by level
                engine.drainResident(prediction);
                engine.run(level0, options.levels(), criteria, NO_TIMER, ProgressListener.NONE, out);
                if (engineDisplaced) {
                    displacement.run(engine, out, false);
                }
                if (options.criteria().isEmpty()) {
                    // GpuFrame's level times are those of levels the host waited for: a uniform frame has none
                    out.forgetLevelNanos();
                }
                drawCommand[0] = Math.toIntExact(3 * out.drawTriangles());
                indirect.write(0, drawCommand);
                prediction.update(out);
            }
            glQueryCounter(queries[1], GL_TIMESTAMP);
            // The renderer fetches vertices, reads the draw command, or copies the buffers next.
            glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_COMMAND_BARRIER_BIT
                    | GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
            if (phases != null) {
                marks[4] = System.nanoTime();
            }
            GlChecks.checkDeferred("a frame's passes");
            if (phases != null) {
                marks[5] = System.nanoTime();
            }
        } catch (GlException e) {
            throw GlGpuTessellator.gpuFailure("refining a frame", e);
        } finally {
            // (after checkDeferred nothing to do; after a failure the deferral ends here)
            GlChecks.endDeferral();
            HostState.restore(hostProgram);
            gl.pool().refinementDone();
        }
        if (phases != null && resident) {
            marks[6] = System.nanoTime();
            phases.add(marks);
        }
        return f;
    }

    /**
     * Takes the options' surface, scheme and criteria: other level-0 records (and engine) where they
     * ask for others, the edge test's build. Everything that can refuse the options does so before the
     * GPU is touched, so that the previous frame stays valid then.
     */
    private void configure(RefineOptions options) {
        GlCriteria wantedCriteria = criteria(options);
        boolean surfaceChanged = surfaceChanged(options);
        PreparedMesh wanted = surfaceChanged ? prepared.configured(true, options) : prepared;
        OutputBudget wantedBudget = wanted == prepared ? budget : budgetFor(wanted);
        if (options.criteria().isEmpty()) {
            wantedBudget.checkUniform(wanted.mesh().triangleCount(), options.levels());
        }
        try {
            if (surfaceChanged) {
                rememberSurface(options);
            }
            boolean displaced = displaced(options);
            if (options.scheme() != engineScheme || wanted != prepared || displaced != engineDisplaced) {
                // Other weights, the limit surface or other sharpness: other level-0 records, maybe another
                // layout; displacement on or off: other builds of the passes' normals.
                if (wanted != prepared) {
                    mover = null;
                }
                prepared = wanted;
                budget = wantedBudget;
                engine.close();
                engine = newEngine(options.scheme(), displaced);
                engineScheme = options.scheme();
                engineDisplaced = displaced;
                level0.close();
                level0 = uploadLevel0();
                if (cageOnGpu) {
                    // the host's positions are older than the cage's: the new records' table from the GPU's
                    gpuCage.configure(prepared.cage());
                    gpuCage.renew(level0.deviceTable(prepared.records()), prepared.layout());
                    level0.retile();
                }
            }
            displacement.take(displacementOf(options), prepared.frame().scaleExponent());
            if (!options.criteria().isEmpty()) {
                // a custom criterion's GLSL is compiled here, where a refusal leaves the last frame intact
                engine.compileEdgeTest(wantedCriteria);
            }
        } catch (ShaderException e) {
            throw customGlslRefused(options, e);
        } catch (GlException e) {
            throw GlGpuTessellator.gpuFailure("configuring the mesh for new options", e);
        }
        adoptCriteria(wantedCriteria, options);
    }

    /**
     * Reads a resident frame's sizes once the GPU is done with it (waiting for it if it is not) and
     * places its blocks: what the frame's figures need, and only they.
     */
    private void awaitSizes(Frame f) {
        if (!f.sizesPending) {
            return;
        }
        try {
            lastStopLevel = engine.awaitResident(f.number, out, prediction);
        } catch (GlException e) {
            throw GlGpuTessellator.gpuFailure("reading a frame's sizes", e);
        }
        f.sizesPending = false;
        f.stopLevel = lastStopLevel;
        if (lastStopLevel >= 0) {
            stoppedFrames++;
        }
    }

    /** A custom criterion's GLSL the driver would not compile is the caller's argument; anything else is ours. */
    private static RuntimeException customGlslRefused(RefineOptions options, ShaderException e) {
        for (StopCriterion c : options.criteria()) {
            if (c instanceof StopCriterion.Custom u && u.glsl() != null && "loop_flag_edges".equals(e.shaderName())) {
                return new IllegalArgumentException("the custom criterion's GLSL does not compile with the edge test: "
                        + e.log(), e);
            }
        }
        return GlGpuTessellator.gpuFailure("building the edge test", e);
    }

    /** @return whether the options ask for other records than the current ones' settings */
    private boolean surfaceChanged(RefineOptions o) {
        return !surfaceKnown || o.scheme() != surfaceScheme || o.limitSurface() != surfaceLimit
                || o.creases() != surfaceCreases || o.boundary() != surfaceBoundary || o.creasing() != surfaceCreasing
                || o.uvInterpolation() != surfaceUvs || displaced(o) != surfaceDisplaced
                || (displaced(o) && o.isAdaptive()) != surfaceBirthNormals;
    }

    /** @return whether the options displace */
    private static boolean displaced(RefineOptions o) {
        return displacementOf(o) != null;
    }

    /** @return the options' displacement, or null (no Optional: this runs every frame) */
    private static org.loopsub.api.Displacement displacementOf(RefineOptions o) {
        return o.displacementOrNull();
    }

    private void rememberSurface(RefineOptions o) {
        surfaceKnown = true;
        surfaceScheme = o.scheme();
        surfaceLimit = o.limitSurface();
        surfaceCreases = o.creases();
        surfaceBoundary = o.boundary();
        surfaceCreasing = o.creasing();
        surfaceUvs = o.uvInterpolation();
        surfaceDisplaced = displaced(o);
        surfaceBirthNormals = surfaceDisplaced && o.isAdaptive();
    }

    /**
     * The criteria as the edge test takes them: the kept ones when the options ask for the same, or
     * for the same with only the screen criterion's camera or pixels (or the cage's radius) changed,
     * refilled in place (the culling's planes and eye too); new ones otherwise, and when the culling
     * (displacement takes back faces off), the limit surface or the displacement's reach (which set its
     * margins) changes. Nothing is kept until {@link #adoptCriteria}.
     *
     * @throws IllegalArgumentException if the GL back end cannot run them
     */
    private GlCriteria criteria(RefineOptions options) {
        List<StopCriterion> wanted = options.criteria();
        double reach = reach(options);
        if (criteria != null && options.effectiveCulling() == criteriaCulling && options.limitSurface() == criteriaLimit
                && reach == criteriaReach) {
            int same = compare(wanted, criteriaFor);
            StopCriterion.ScreenEdgeLength screen = screen(wanted);
            if (same == EQUAL && (screen == null || radius == criteriaRadius)) {
                return criteria;
            }
            if (same != DIFFERENT && screen != null) {
                // the same defines, so the previous frame is not affected: kept at once
                criteria.update(screen, prepared.frame().centre(), prepared.frame().scaleExponent(), radius);
                adoptCriteria(criteria, options);
                return criteria;
            }
        }
        try {
            return new GlCriteria(wanted, options.effectiveCulling(), options.limitSurface(), prepared.frame().centre(),
                    prepared.frame().scaleExponent(), radius, reach);
        } catch (UnsupportedOperationException e) {
            // a criterion this back end cannot run (no GLSL, two of a kind) is the caller's argument
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private void adoptCriteria(GlCriteria c, RefineOptions options) {
        criteria = c;
        criteriaFor = options.criteria();
        criteriaCulling = options.effectiveCulling();
        criteriaLimit = options.limitSurface();
        criteriaReach = reach(options);
        criteriaRadius = radius;
    }

    /** {@code FacadeBody.reach}, without its lambda (this runs every frame). */
    private static double reach(RefineOptions options) {
        org.loopsub.api.Displacement d = displacementOf(options);
        return d == null ? 0.0 : d.reach();
    }

    private static final int DIFFERENT = 0;
    private static final int EQUAL = 1;
    private static final int SCREEN_MOVED = 2;

    /**
     * @return {@link #EQUAL}, {@link #SCREEN_MOVED} (equal but for screen criteria's cameras and
     *     pixels), or {@link #DIFFERENT}; by index, without an iterator (this runs every frame)
     */
    private static int compare(List<StopCriterion> a, List<StopCriterion> b) {
        if (a == b) {
            return EQUAL;
        }
        if (a.size() != b.size()) {
            return DIFFERENT;
        }
        int result = EQUAL;
        for (int i = 0; i < a.size(); i++) {
            StopCriterion x = a.get(i);
            StopCriterion y = b.get(i);
            if (x.equals(y)) {
                continue;
            }
            if (x instanceof StopCriterion.ScreenEdgeLength && y instanceof StopCriterion.ScreenEdgeLength) {
                result = SCREEN_MOVED;
                continue;
            }
            return DIFFERENT;
        }
        return result;
    }

    private static StopCriterion.ScreenEdgeLength screen(List<StopCriterion> criteria) {
        for (int i = 0; i < criteria.size(); i++) {
            if (criteria.get(i) instanceof StopCriterion.ScreenEdgeLength s) {
                return s;
            }
        }
        return null;
    }

    @Override
    public void updatePositions(float[] positions) {
        checkUsable();
        if (positions.length != 3 * inputVertices) {
            throw new IllegalArgumentException("expected " + 3 * inputVertices + " floats (x, y, z for "
                    + inputVertices + " vertices), got " + positions.length);
        }
        move(positions);
    }

    @Override
    public void updatePositions(FloatBuffer positions) {
        checkUsable();
        if (positions.remaining() < 3 * inputVertices) {
            throw new IllegalArgumentException("expected " + 3 * inputVertices + " floats (x, y, z for "
                    + inputVertices + " vertices) from the buffer's position " + positions.position() + " on, it has "
                    + positions.remaining());
        }
        if (fromBuffer == null) {
            fromBuffer = new float[3 * inputVertices];
        }
        // absolute: the caller's position stays
        positions.get(positions.position(), fromBuffer);
        move(fromBuffer);
    }

    /**
     * Level 0 of {@link #prepared}, kept on the GPU, its slot sources noted first: a moved cage then
     * rewrites only the per-vertex table on the host and uploads it with the entries, gathered
     * (RecordBuilder.movePositions, GlLevel0).
     */
    private GlLevel0 uploadLevel0() {
        return engine.upload(prepared.recordsWithSlotSources(), true);
    }

    private void move(float[] positions) {
        if (mover == null || mover.mesh() != prepared) {
            mover = new PreparedMesh.Mover(prepared);
        }
        mover.move(positions);
        cageOnGpu = false;
        radius = prepared.frame().radius(prepared.positions());
        try {
            level0.rewrite(prepared.records());
        } catch (GlException e) {
            throw GlGpuTessellator.gpuFailure("uploading the moved control points", e);
        }
    }

    @Override
    public void updatePositions(int glBuffer, long offsetBytes, int strideBytes) {
        checkUsable();
        checkCageBuffer(glBuffer, offsetBytes, strideBytes);
        // one glGetError after the passes (GlChecks: a sync point)
        GlChecks.deferOnThisThread();
        try {
            if (gpuCage == null) {
                gpuCage = new GlCage(context, prepared.cage(), prepared.frame().centre(),
                        prepared.frame().scaleExponent());
            }
            gpuCage.move(glBuffer, offsetBytes, strideBytes, inputVertices, level0.deviceTable(prepared.records()),
                    prepared.layout());
            level0.retile();
            cageOnGpu = true;
            GlChecks.checkDeferred("moving the control points on the GPU");
        } catch (GlException e) {
            throw GlGpuTessellator.gpuFailure("moving the control points on the GPU", e);
        } finally {
            GlChecks.endDeferral();
        }
    }

    /**
     * @return the per-vertex table level 0 was last laid out from: read back from the GPU after a move
     *     there, else the host's copy (tests hold the two to each other)
     */
    float[] level0Table() {
        float[] host = prepared.records().get(0).sourceTable;
        return cageOnGpu ? level0.deviceTable(prepared.records()).readFloats(0, host.length) : host.clone();
    }

    /** @return the welded mesh's vertices, the table's rows per kind */
    int weldedVertices() {
        return prepared.topology().vertexCount();
    }

    /**
     * The argument checks of {@link #updatePositions(int, long, int)}: cheap ones, the buffer's size a
     * state query through the context's scratch; messages are made only on failure.
     */
    private void checkCageBuffer(int glBuffer, long offsetBytes, int strideBytes) {
        if (offsetBytes < 0 || offsetBytes % 4 != 0) {
            throw new IllegalArgumentException("offsetBytes must be a multiple of 4, at least 0: " + offsetBytes);
        }
        if (strideBytes < 12 || strideBytes % 4 != 0) {
            throw new IllegalArgumentException("strideBytes must be a multiple of 4, at least 12 (x, y, z floats): "
                    + strideBytes);
        }
        long span = (long) (inputVertices - 1) * strideBytes + 12;
        long size = context.bufferSize(glBuffer);
        if (size < 0) {
            throw new IllegalArgumentException("GL buffer " + glBuffer + " is no buffer object of this context");
        }
        if (size < offsetBytes + span) {
            throw new IllegalArgumentException("GL buffer " + glBuffer + " holds " + size + " bytes; "
                    + inputVertices + " vertices from byte " + offsetBytes + " at a stride of " + strideBytes
                    + " need " + (offsetBytes + span));
        }
        long range = offsetBytes % context.storageBufferOffsetAlignment() + span;
        if (range > context.maxStorageBlockSize()) {
            throw new IllegalArgumentException(inputVertices + " vertices at a stride of " + strideBytes + " span "
                    + range + " bytes, more than one shader storage binding sees on this driver ("
                    + context.maxStorageBlockSize() + ")");
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        checkUsable();
        closed = true;
        if (phases != null) {
            System.err.println("loopsub: gl: " + frameNumber + " frames, " + residentFrames + " with their sizes on the GPU, "
                    + stoppedFrames + " of those read stopped short of their plan; " + phases);
        }
        level0.close();
        if (gpuCage != null) {
            gpuCage.close();
        }
        out.delete();
        indirect.close();
        displacement.close();
        engine.close();
        glDeleteQueries(queries);
        owner.forget(this);
    }

    /**
     * Median host times of the last resident frames' refine calls, part by part (a bounded record, for
     * frameStats): where a call's time goes between taking the options and returning.
     */
    private static final class Phases {
        private static final String[] PARTS = {"options", "state query", "issue", "query and barrier",
            "error check", "restore"};
        private final long[][] parts = new long[PARTS.length][1024];
        private int count;

        void add(long[] marks) {
            for (int p = 0; p < PARTS.length; p++) {
                parts[p][count % 1024] = marks[p + 1] - marks[p];
            }
            count++;
        }

        @Override
        public String toString() {
            int n = Math.min(count, 1024);
            if (n == 0) {
                return "no resident frames";
            }
            StringBuilder b = new StringBuilder("resident refine call host ms median by part:");
            for (int p = 0; p < PARTS.length; p++) {
                long[] s = Arrays.copyOf(parts[p], n);
                Arrays.sort(s);
                b.append(String.format(Locale.ROOT, " %s %.3f", PARTS[p], s[n / 2] / 1e6));
            }
            return b.toString();
        }
    }

    /**
     * A frame's view of the mesh's buffers and its output's figures. Two objects alternate, so that a
     * frame allocates none: a frame object answers while it is the current frame, throws once the next
     * refine replaced it, and is handed out again by the refine after that.
     */
    private final class Frame implements GpuFrame {
        private long number;
        private long gpuNanos = -1;
        /** Whether the frame's sizes are still on the GPU (its figures wait for them). */
        private boolean sizesPending;
        /** The level at which the frame stopped short, once its sizes are read; -1 if it did not. */
        private int stopLevel = -1;
        private final Levels levels = new Levels(this);
        private final Blocks blocks = new Blocks(this);

        private void checkCurrent() {
            checkUsable();
            if (number != frameNumber) {
                throw new IllegalStateException("frame " + number + " was replaced by a later refine of its mesh"
                        + " (frame " + frameNumber + ")");
            }
        }

        @Override
        public List<Block> blocks() {
            checkCurrent();
            awaitSizes(this);
            return blocks;
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
            checkCurrent();
            awaitSizes(this);
            return out.triangleCount();
        }

        @Override
        public boolean stoppedShort() {
            checkCurrent();
            awaitSizes(this);
            return stopLevel >= 0;
        }

        @Override
        public List<LevelStats> levels() {
            checkCurrent();
            awaitSizes(this);
            return levels;
        }

        @Override
        public Matrix4f modelMatrix(Matrix4f dest) {
            checkCurrent();
            float[] c = prepared.frame().centre();
            float s = (float) prepared.frame().inverseScale();
            return dest.translation(c[0], c[1], c[2]).scale(s);
        }

        @Override
        public long gpuNanos() {
            checkUsable();
            if (gpuNanos < 0) {
                checkCurrent();
                gpuNanos = context.getQueryObjecti64(queries[1], GL_QUERY_RESULT)
                        - context.getQueryObjecti64(queries[0], GL_QUERY_RESULT);
            }
            return gpuNanos;
        }
    }

    /**
     * A frame's levels, read from the output while the frame is current. A record is made when an
     * element is read whose figures differ from the last record read at that index, so a steady
     * frame's read allocates nothing.
     */
    private final class Levels extends AbstractList<LevelStats> implements RandomAccess {
        private final Frame frame;
        private LevelStats[] made = new LevelStats[24];

        Levels(Frame frame) {
            this.frame = frame;
        }

        @Override
        public int size() {
            frame.checkCurrent();
            return out.levelCount();
        }

        @Override
        public LevelStats get(int i) {
            frame.checkCurrent();
            Objects.checkIndex(i, out.levelCount());
            if (i >= made.length) {
                made = Arrays.copyOf(made, Math.max(i + 1, 2 * made.length));
            }
            LevelStats m = made[i];
            if (m == null || m.level() != out.levelStat(i, 0) || m.activeTriangles() != out.levelStat(i, 1)
                    || m.finishedTriangles() != out.levelStat(i, 2) || m.slivers() != out.levelStat(i, 3)
                    || m.splitTriangles() != out.levelStat(i, 4) || m.nanos() != out.levelStat(i, 5)) {
                m = out.level(i);
                made[i] = m;
            }
            return m;
        }
    }

    /** A frame's blocks, as {@link Levels} reads its levels. */
    private final class Blocks extends AbstractList<GpuFrame.Block> implements RandomAccess {
        private final Frame frame;
        private GpuFrame.Block[] made = new GpuFrame.Block[48];

        Blocks(Frame frame) {
            this.frame = frame;
        }

        @Override
        public int size() {
            frame.checkCurrent();
            return out.blockCount();
        }

        @Override
        public GpuFrame.Block get(int i) {
            frame.checkCurrent();
            Objects.checkIndex(i, out.blockCount());
            if (i >= made.length) {
                made = Arrays.copyOf(made, Math.max(i + 1, 2 * made.length));
            }
            GpuFrame.Block m = made[i];
            boolean slivers = out.blockKind(i) == GlOutput.Kind.SLIVERS;
            if (m == null || m.level() != out.blockLevel(i) || m.slivers() != slivers
                    || m.firstTriangle() != out.blockFirst(i) || m.triangleCount() != out.blockTriangles(i)) {
                m = new GpuFrame.Block(out.blockLevel(i), slivers, out.blockFirst(i), out.blockTriangles(i));
                made[i] = m;
            }
            return m;
        }
    }
}
