package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;
import static org.lwjgl.opengl.GL43C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.glProgramUniform1ui;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.loopsub.api.Scheme;
import org.loopsub.api.TriangleMesh;
import org.loopsub.corpus.TestMeshes;
import org.loopsub.gl.ComputeProgram;
import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlTestBase;
import org.loopsub.mesh.MeshTopology;
import org.loopsub.rules.LoopRules;
import org.loopsub.stream.RecordBuilder;
import org.loopsub.stream.RecordChunk;
import org.loopsub.stream.RecordLayout;

/**
 * {@link GlPasses#primeGeneralHalves}: each plain general half is dispatched once, before the first
 * level, with nothing to do. Held here: it writes nothing, although the half's own count, left from
 * a real dispatch, would have it split every bound record (an icosahedron's: valence 5 everywhere,
 * every record general); it dispatches each half once, and
 * not the resident ones. That the levels after it write what the Java back end writes is held by the
 * engine tests, whose every first run primes.
 */
class PrimedGeneralHalvesTest extends GlTestBase {
    private static final int SENTINEL = 0x7FC0BEEF;

    @Test
    void primingWritesNothingAndRunsEachPlainGeneralHalfOnce() {
        TriangleMesh mesh = TestMeshes.load("icosahedron.obj");
        MeshTopology topology = MeshTopology.of(mesh);
        RecordLayout layout = RecordLayout.of(Math.max(RecordLayout.MIN_FAN,
                RecordBuilder.fanCapacity(mesh.triangles(), topology)));
        RecordChunk records = RecordBuilder.build(mesh.triangles(), mesh.positions(), topology, layout).get(0);
        int count = records.count;
        int tiled = LoopWeightsOnGpuTest.tiled(count);
        int children = 4 * tiled;
        Map<String, ComputeProgram> programs = new LinkedHashMap<>();
        try (GlBufferPool pool = new GlBufferPool();
             GlPasses passes = new GlPasses(layout, LoopRules.weights(Scheme.LOOP, topology.maxValence()), programs, pool);
             GlBuffer srcP = GlBuffer.of(LoopWeightsOnGpuTest.tilePoints(records, layout), "test_src_points");
             GlBuffer srcM = GlBuffer.of(LoopWeightsOnGpuTest.tileMeta(records, layout), "test_src_meta");
             GlBuffer dstP = GlBuffer.of(filled(children * layout.pointFloats()), "test_dst_points");
             GlBuffer dstM = GlBuffer.of(filled(children * layout.metaInts()), "test_dst_meta");
             GlBuffer index = GlBuffer.of(new int[SplitSchedule.DENSE_HEADER + 4 * count], "test_index");
             GlBuffer direct = GlBuffer.of(filled(36 * tiled), "test_direct")) {
            SplitPair uniform = passes.uniformSplit(false);
            SplitPair adaptive = passes.split(false, true);
            // an adaptive split writing records: its general half on lanes, and the one-lane build it
            // takes past loopsub.gl.lanesUpTo records
            SplitPair toRecords = passes.split(false, false);
            passes.awaitIssued();
            srcP.bind(ShaderContract.POINTS);
            srcM.bind(ShaderContract.META);
            dstP.bind(ShaderContract.DST_POINTS);
            dstM.bind(ShaderContract.DST_META);
            index.bind(ShaderContract.INDEX);
            direct.bind(ShaderContract.DIRECT_OUT);
            direct.bind(ShaderContract.OUT);
            index.bind(ShaderContract.SLIVER_OFFSET);
            passes.bindWeights();
            assertNotNull(toRecords.oneLane(), "a one-lane build beside the lanes");
            for (ComputeProgram p : new ComputeProgram[] {uniform.general(), adaptive.general(), toRecords.general(),
                toRecords.oneLane()}) {
                // what a real dispatch leaves: every record of the window
                glProgramUniform1ui(p.id(), p.uniform("uSrcFirst"), 0);
                glProgramUniform1ui(p.id(), p.uniform("uCount"), count);
            }

            assertEquals(4, passes.primeGeneralHalves());
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            assertUntouched(dstP.readInts(0, children * layout.pointFloats()), "child points");
            assertUntouched(dstM.readInts(0, children * layout.metaInts()), "child metadata");
            assertUntouched(direct.readInts(0, 36 * tiled), "triangles");

            assertEquals(0, passes.primeGeneralHalves(), "each half once");
            passes.split(true, false);
            passes.awaitIssued();
            assertEquals(0, passes.primeGeneralHalves(), "a resident frame's half needs the sizes kept on the GPU");
            passes.uniformSplit(true);
            passes.awaitIssued();
            assertEquals(1, passes.primeGeneralHalves(), "a half built later, before its first level");
        } finally {
            HostState.restore(0);
            programs.values().forEach(ComputeProgram::close);
        }
    }

    private static void assertUntouched(int[] words, String what) {
        for (int i = 0; i < words.length; i++) {
            assertEquals(SENTINEL, words[i], what + ": word " + i + " written by an empty dispatch");
        }
    }

    private static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, SENTINEL);
        return a;
    }
}
