package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.loopsub.api.RefineOptions;
import org.loopsub.api.Scheme;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.UvInterpolation;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlTestBase;
import org.loopsub.prepare.PreparedMesh;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.LoopCage;
import org.loopsub.stream.RecordBuilder;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;

/**
 * Level 0 on the GPU holds, word for word, the records the host built, in tiles of 32
 * (loop_record.glsl: word f of record r at ((r / 32) words + f) 32 + r % 32, lanes past the last
 * record zero), copied into the arena on one thread or on several. The records are random words in
 * chunks of uneven counts, so that runs cross chunks and the threads' tasks and the last tile is part
 * full.
 */
class Level0UploadTest extends GlTestBase {
    private static final RecordLayout LAYOUT = RecordLayout.of(12);

    /** Chunk counts whose points pass GlLevel0.SPREAD_FROM_BYTES. */
    private static final int[] LARGE = {RecordChunk.CAPACITY, 1000, RecordChunk.CAPACITY, 3333, 77};

    @Test
    void aLargeStreamUsedOnceIsCopiedOnSeveralThreads() {
        assertTrue(check(LARGE, false, 1).spreadCopies > 0, "the copy spread over threads");
    }

    @Test
    void aLargeKeptStreamIsCopiedOnThisThread() {
        assertEquals(0, check(LARGE, true, 2).spreadCopies, "a kept stream (a renderer's) copies on its own thread");
    }

    @Test
    void fewerRecordsThanATile() {
        assertEquals(0, check(new int[] {5, 20}, false, 3).spreadCopies);
    }

    /**
     * Level 0 with its slot sources noted (RecordBuilder.addSlotSources, as the GL tessellator's
     * one-shot runs and a GPU mesh do) goes up gathered (its point slots as entries of a per-vertex
     * table), kept or used once, and whole without them: the tiles hold the builder's words either
     * way. Layouts with limit normals and positions (table entries past the positions), creases and
     * uvs (words after the slots), fans of several lengths and empty slots.
     */
    @ParameterizedTest
    @ValueSource(strings = {"rookT.obj", "cylinder_uv.obj", "mesh_with_border.obj"})
    void levelZeroAsBuiltGoesUpGatheredThroughItsSlotSources(String name) {
        TriangleMesh mesh = TestMeshes.load(name);
        RefineOptions limit = RefineOptions.uniform(1).withLimitSurface(true);
        for (RefineOptions o : List.of(RefineOptions.uniform(1), limit, limit.withUvInterpolation(UvInterpolation.SMOOTH))) {
            PreparedMesh p = PreparedMesh.of(mesh).configured(false, o);
            assertEquals(0, check(p.layout(), p.records(), false).gatheredCopies, "no slot sources: whole");
            RecordBuilder.addSlotSources(p.mesh().triangles(), p.topology(), p.layout(), p.records());
            assertEquals(1, check(p.layout(), p.records(), false).gatheredCopies, name + " " + o);
            assertEquals(1, check(p.layout(), p.records(), true).gatheredCopies, name + " " + o + ", kept");
        }
    }

    /**
     * A renderer's moved cage: the kept level 0 rewritten after {@link RecordBuilder#movePositions}
     * holds the moved records word for word (points and metadata), and so it does after a run's
     * restore of the pristine metadata: with slot sources (the move rewrites the table alone, the
     * upload gathers through it) against the same records moved slot by slot without them, and
     * without. Limit normals, creases and uvs in the layout.
     */
    @ParameterizedTest
    @ValueSource(strings = {"rookT.obj", "cylinder_uv.obj"})
    void aMovedCageRewritesTheKeptRecords(String name) {
        TriangleMesh mesh = TestMeshes.load(name);
        for (boolean sources : new boolean[] {false, true}) {
            PreparedMesh p = PreparedMesh.of(mesh).configured(true, RefineOptions.uniform(1));
            PreparedMesh reference = PreparedMesh.of(mesh).configured(true, RefineOptions.uniform(1));
            RecordLayout layout = p.layout();
            if (sources) {
                RecordBuilder.addSlotSources(p.mesh().triangles(), p.topology(), layout, p.records());
            }
            Map<String, ComputeProgram> programs = new LinkedHashMap<>();
            try (GlBufferPool pool = new GlBufferPool();
                 GlPasses passes = new GlPasses(layout, LoopRules.weights(Scheme.LOOP, layout.ringMax()), programs, pool);
                 GlLevel0 level0 = new GlLevel0(gl, pool, layout, passes.tile(), Integer.MAX_VALUE, p.records(), true)) {
                float[] moved = p.positions().clone();
                Random random = new Random(7);
                for (int i = 0; i < moved.length; i++) {
                    moved[i] += (float) (random.nextGaussian() * 0.01);
                }
                for (PreparedMesh m : List.of(p, reference)) {
                    RecordBuilder.movePositions(m.mesh().triangles(), moved, m.topology(), layout,
                            new RecordBuilder.Scratch(new LoopCage(m.topology(), m.sharpness(), null, m.scheme())),
                            m.records());
                }
                assertEquals(sources, p.records().get(0).slotsStale, "moved through the table");
                level0.rewrite(p.records());
                String how = sources ? "gathered" : "whole";
                assertEquals(sources ? 1 : 0, level0.gatheredCopies, how);
                compare(layout, reference.records(), level0.segments.get(0), how + ", after the rewrite");
                level0.restore();
                compare(layout, reference.records(), level0.segments.get(0), how + ", after a run's restore");
                RecordBuilder.refreshSlots(layout, p.records());
                for (int c = 0; c < p.records().size(); c++) {
                    assertArrayEquals(reference.records().get(c).points, p.records().get(c).points,
                            "slots brought up to the table, chunk " + c);
                }
            } finally {
                HostState.restore(0);
                programs.values().forEach(ComputeProgram::close);
            }
        }
    }

    /** Compares a segment's tiles with the chunks' words. */
    private static void compare(RecordLayout layout, List<RecordChunk> chunks, Segment s, String when) {
        int pf = layout.pointFloats();
        int mi = layout.metaInts();
        int n = 0;
        for (RecordChunk c : chunks) {
            n += c.count;
        }
        int tiles = (n + 31) / 32;
        float[] points = s.points().readFloats(0, tiles * 32 * pf);
        int[] meta = s.meta().readInts(0, tiles * 32 * mi);
        int r = 0;
        for (RecordChunk c : chunks) {
            for (int k = 0; k < c.count; k++, r++) {
                for (int f = 0; f < pf; f++) {
                    assertEquals(Float.floatToRawIntBits(c.points[k * pf + f]),
                            Float.floatToRawIntBits(points[((r / 32) * pf + f) * 32 + r % 32]),
                            when + ": record " + r + " point word " + f);
                }
                for (int f = 0; f < mi; f++) {
                    assertEquals(c.meta[k * mi + f], meta[((r / 32) * mi + f) * 32 + r % 32],
                            when + ": record " + r + " metadata word " + f);
                }
            }
        }
    }

    /** Uploads random records in chunks of these counts and compares the tiles; returns the upload. */
    private GlLevel0 check(int[] counts, boolean kept, long seed) {
        Random random = new Random(seed);
        List<RecordChunk> chunks = new ArrayList<>();
        for (int count : counts) {
            RecordChunk c = new RecordChunk(LAYOUT, count);
            c.count = count;
            for (int i = 0; i < c.points.length; i++) {
                c.points[i] = random.nextFloat() * 2 - 1;
            }
            for (int i = 0; i < c.meta.length; i++) {
                c.meta[i] = random.nextInt();
            }
            chunks.add(c);
        }
        return check(LAYOUT, chunks, kept);
    }

    /** Uploads the chunks and compares the tiles with their words; returns the upload. */
    private GlLevel0 check(RecordLayout layout, List<RecordChunk> chunks, boolean kept) {
        int pf = layout.pointFloats();
        int n = 0;
        for (RecordChunk c : chunks) {
            n += c.count;
        }
        Map<String, ComputeProgram> programs = new LinkedHashMap<>();
        try (GlBufferPool pool = new GlBufferPool();
             GlPasses passes = new GlPasses(layout, LoopRules.weights(Scheme.LOOP, layout.ringMax()), programs, pool);
             GlLevel0 level0 = new GlLevel0(gl, pool, layout, passes.tile(), Integer.MAX_VALUE, chunks, kept)) {
            assertEquals(1, level0.segments.size());
            Segment s = level0.segments.get(0);
            compare(layout, chunks, s, "as uploaded");
            int tiles = (n + 31) / 32;
            float[] points = s.points().readFloats(0, tiles * 32 * pf);
            for (int r = n; r < tiles * 32; r++) {
                for (int f = 0; f < pf; f++) {
                    assertEquals(0, Float.floatToRawIntBits(points[((r / 32) * pf + f) * 32 + r % 32]), "lane " + r);
                }
            }
            return level0;
        } finally {
            HostState.restore(0);
            programs.values().forEach(ComputeProgram::close);
        }
    }
}
