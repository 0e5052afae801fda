package org.loopsub.gl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A pass split in two reports its first part apart, with no bytes, and the rest as the pass it
 * began; the two parts follow each other in time and lie inside the timer's span.
 */
class GpuTimerTest extends GlTestBase {

    @Test
    void aSplitOffPartIsASpanOfItsOwnBeforeTheRest() {
        try (GpuTimer timer = new GpuTimer(true)) {
            timer.begin("pass", 3, 100, 200);
            timer.splitOff("pass.first");
            timer.end();
            timer.begin("next", 4, 5, 6);
            timer.end();
            List<GpuTimer.Span> spans = timer.spans();
            assertEquals(List.of("pass.first", "pass", "next"), spans.stream().map(GpuTimer.Span::label).toList());
            GpuTimer.Span first = spans.get(0);
            GpuTimer.Span rest = spans.get(1);
            assertEquals(3, first.level());
            assertEquals(0, first.bytesRead() + first.bytesWritten());
            assertEquals(3, rest.level());
            assertEquals(100, rest.bytesRead());
            assertEquals(200, rest.bytesWritten());
            for (GpuTimer.Span s : spans) {
                assertTrue(s.nanos() >= 0, s.label() + ": " + s.nanos());
            }
            // the parts follow each other inside the span from the first timestamp to the last
            assertTrue(first.nanos() + rest.nanos() + spans.get(2).nanos() <= timer.wallNanos(),
                    spans + " against " + timer.wallNanos());
        }
    }

    @Test
    void aDisabledTimerRecordsNothing() {
        try (GpuTimer timer = new GpuTimer(false)) {
            timer.begin("pass", 0, 1, 1);
            timer.splitOff("pass.first");
            timer.end();
            assertEquals(List.of(), timer.spans());
        }
    }
}
