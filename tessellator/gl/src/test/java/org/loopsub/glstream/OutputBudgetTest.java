package org.loopsub.glstream;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopsub.stream.RecordLayout;

/**
 * The sizes a refinement is refused at before it asks the GPU for memory (issue 18: uniform(16) on a
 * renderer's mesh grew the process until the kernel killed it). No GL here: the memory is given.
 */
class OutputBudgetTest {
    private static final long GIB = 1L << 30;
    /** A renderer's frames: positions and limit normals, no uvs. */
    private static final RecordLayout FRAMES = RecordLayout.of(8, java.util.EnumSet.of(RecordLayout.Feature.NORMALS));

    @Test
    void aDrawCommandCountsAtMost715MillionTriangles() {
        OutputBudget unlimited = new OutputBudget(-1, "unknown", FRAMES, false);
        // bigguy's 2900 triangles: level 7 is 47.5 M, level 10 is 3.04 G
        assertDoesNotThrow(() -> unlimited.checkUniform(2900, 7));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> unlimited.checkUniform(2900, 10));
        assertTrue(e.getMessage().contains("3,040,870,400 triangles") && e.getMessage().contains("715,827,882")
                && e.getMessage().contains("fewer levels"), e.getMessage());
        // 4^16 levels of one triangle: the product is past a long's exact range, not past the check
        assertThrows(IllegalArgumentException.class, () -> unlimited.checkUniform(Integer.MAX_VALUE, 16));
    }

    @Test
    void theOutputAndTheLastRecordsMayTakeHalfTheMemory() {
        long records = 4L * (FRAMES.pointFloats() + FRAMES.metaInts());
        // level 6 of 2900 triangles: 11.9 M triangles of 72 bytes and 3 M records
        double need = 2900 * Math.pow(4, 6) * 72 + 2900 * Math.pow(4, 5) * records;
        long enough = (long) Math.ceil(2 * need);
        assertDoesNotThrow(() -> new OutputBudget(enough, "test", FRAMES, false).checkUniform(2900, 6));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new OutputBudget(enough - 1024, "test", FRAMES, false).checkUniform(2900, 6));
        assertTrue(e.getMessage().contains("MiB of GPU memory") && e.getMessage().contains("(test)"), e.getMessage());
        // an adaptive level is checked on what it would add
        OutputBudget eightGib = new OutputBudget(8 * GIB, "test", FRAMES, false);
        assertDoesNotThrow(() -> eightGib.checkLevel(5, 1_000_000, 1_000_000));
        e = assertThrows(IllegalArgumentException.class, () -> eightGib.checkLevel(9, 200_000_000, 100_000_000));
        assertTrue(e.getMessage().contains("at level 9") && e.getMessage().contains("coarser criterion"), e.getMessage());
    }

    @Test
    void theCommandLinesReadBackFitsOneJavaArray() {
        RecordLayout plain = RecordLayout.of(8);
        // 3 floats a corner: 243 M triangles fit a draw command but not one float[]
        assertDoesNotThrow(() -> new OutputBudget(-1, "unknown", plain, false).checkUniform(58, 11));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new OutputBudget(-1, "unknown", plain, true).checkUniform(58, 11));
        assertTrue(e.getMessage().contains("Java array"), e.getMessage());
    }
}
