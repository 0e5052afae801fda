package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.loopsub.api.Scheme;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlTestBase;
import org.loopsub.rules.LoopRules;
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

    /** Uploads random records in chunks of these counts and compares the tiles; returns the upload. */
    private GlLevel0 check(int[] counts, boolean kept, long seed) {
        Random random = new Random(seed);
        List<RecordChunk> chunks = new ArrayList<>();
        int pf = LAYOUT.pointFloats();
        int mi = LAYOUT.metaInts();
        int n = 0;
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
            n += count;
        }
        Map<String, ComputeProgram> programs = new LinkedHashMap<>();
        try (GlBufferPool pool = new GlBufferPool();
             GlPasses passes = new GlPasses(LAYOUT, LoopRules.weights(Scheme.LOOP, LAYOUT.ringMax()), programs, pool);
             GlLevel0 level0 = new GlLevel0(gl, pool, LAYOUT, passes.tile(), Integer.MAX_VALUE, chunks, kept)) {
            assertEquals(1, level0.segments.size());
            Segment s = level0.segments.get(0);
            int tiles = (n + 31) / 32;
            float[] points = s.points().readFloats(0, tiles * 32 * pf);
            int[] meta = s.meta().readInts(0, tiles * 32 * mi);
            int r = 0;
            for (RecordChunk c : chunks) {
                for (int k = 0; k < c.count; k++, r++) {
                    for (int f = 0; f < pf; f++) {
                        assertEquals(Float.floatToRawIntBits(c.points[k * pf + f]),
                                Float.floatToRawIntBits(points[((r / 32) * pf + f) * 32 + r % 32]),
                                "record " + r + " point word " + f);
                    }
                    for (int f = 0; f < mi; f++) {
                        assertEquals(c.meta[k * mi + f], meta[((r / 32) * mi + f) * 32 + r % 32],
                                "record " + r + " metadata word " + f);
                    }
                }
            }
            for (; r < tiles * 32; r++) {
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
