package org.loopsub.samples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 21, item 4: a headless run that takes more than a couple of seconds says how far it is on
 * stderr, at most once a second; a short one says nothing. A fake clock drives it.
 */
class FrameProgressTest {
    private static final long MS = 1_000_000L;

    /** Runs {@code frames} frames of {@code frameMs} each from time 0 and collects the lines. */
    private static List<String> run(long frames, long frameMs) {
        FrameProgress p = new FrameProgress(frames, 0);
        List<String> lines = new ArrayList<>();
        for (long done = 1; done <= frames; done++) {
            String line = p.after(done, done * frameMs * MS);
            if (line != null) {
                lines.add(line);
            }
        }
        return lines;
    }

    @Test
    void aShortRunIsSilent() {
        assertEquals(List.of(), run(120, 10), "1.2 s in all");
        assertEquals(List.of(), run(30, 60), "1.8 s in all");
    }

    @Test
    void aLongRunPrintsAboutOnceASecond() {
        // 30 frames of 0.8 s: the first line once 2 s have passed, then one per second or so
        List<String> lines = run(30, 800);
        assertEquals("frame 3/30, 0.80 s/frame, about 22 s left", lines.get(0));
        assertEquals("frame 5/30, 0.80 s/frame, about 20 s left", lines.get(1));
        assertEquals("frame 29/30, 0.80 s/frame, about 1 s left", lines.get(lines.size() - 1));
        assertEquals(14, lines.size(), String.join("\n", lines));
    }

    @Test
    void fastFramesAreNotEachReported() {
        List<String> lines = run(1000, 10);
        // 10 s: one line a second from 2 s on, never the last frame (the summary line follows it)
        assertEquals(8, lines.size(), String.join("\n", lines));
        assertEquals("frame 200/1000, 0.01 s/frame, about 8 s left", lines.get(0));
    }

    @Test
    void theRateIsTheRecentOne() {
        // the first frame compiles the passes (5 s), the next ones take 0.1 s
        FrameProgress p = new FrameProgress(100, 0);
        assertEquals("frame 1/100, 5.00 s/frame, about 495 s left", p.after(1, 5000 * MS));
        assertNull(p.after(2, 5100 * MS));
        String line = null;
        for (long done = 3; line == null; done++) {
            line = p.after(done, (5000 + 100 * (done - 1)) * MS);
        }
        assertEquals("frame 11/100, 0.10 s/frame, about 9 s left", line);
    }
}
