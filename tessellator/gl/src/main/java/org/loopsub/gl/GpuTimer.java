package org.loopsub.gl;

import static org.lwjgl.opengl.GL43C.GL_QUERY_RESULT;
import static org.lwjgl.opengl.GL43C.GL_TIMESTAMP;
import static org.lwjgl.opengl.GL43C.glDeleteQueries;
import static org.lwjgl.opengl.GL43C.glGenQueries;
import static org.lwjgl.opengl.GL43C.glGetQueryObjecti64;
import static org.lwjgl.opengl.GL43C.glQueryCounter;

import java.util.ArrayList;
import java.util.List;

/**
 * GPU timestamps around passes ({@code glQueryCounter(GL_TIMESTAMP)}: unlike
 * {@code GL_TIME_ELAPSED} they nest and overlap freely). Results are read once, after the work is
 * done, so timing never stalls the pipeline. A disabled timer does nothing.
 */
public final class GpuTimer implements AutoCloseable {
    /** One timed pass. */
    public record Span(String label, int level, long bytesRead, long bytesWritten, long nanos) {
    }

    private record Pending(String label, int level, long bytesRead, long bytesWritten, int begin, int end) {
    }

    private final boolean enabled;
    private final List<Pending> pending = new ArrayList<>();
    private long wallNanos;
    private int openQuery;
    private String openLabel;
    private int openLevel;
    private long openRead;
    private long openWritten;

    /**
     * @param enabled whether to record anything
     */
    public GpuTimer(boolean enabled) {
        this.enabled = enabled;
    }

    /** @return whether timestamps are recorded */
    public boolean enabled() {
        return enabled;
    }

    /**
     * Marks the start of a pass.
     *
     * @param label the pass's stem, e.g. {@code loop_split}
     * @param level the level it works on
     * @param bytesRead bytes the pass reads (for bandwidth figures)
     * @param bytesWritten bytes it writes
     */
    public void begin(String label, int level, long bytesRead, long bytesWritten) {
        if (!enabled) {
            return;
        }
        openQuery = glGenQueries();
        glQueryCounter(openQuery, GL_TIMESTAMP);
        openLabel = label;
        openLevel = level;
        openRead = bytesRead;
        openWritten = bytesWritten;
    }

    /**
     * Ends the first part of the pass begun last as a span of its own, under {@code label} and with
     * no bytes, and goes on timing the rest as that pass (its label, level and bytes): for a pass
     * made of two dispatches whose first one is to be reported apart.
     *
     * @param label the first part's label
     */
    public void splitOff(String label) {
        if (!enabled) {
            return;
        }
        int q = glGenQueries();
        glQueryCounter(q, GL_TIMESTAMP);
        pending.add(new Pending(label, openLevel, 0, 0, openQuery, q));
        openQuery = glGenQueries();
        glQueryCounter(openQuery, GL_TIMESTAMP);
    }

    /** Marks the end of the pass begun last. */
    public void end() {
        if (!enabled) {
            return;
        }
        int q = glGenQueries();
        glQueryCounter(q, GL_TIMESTAMP);
        pending.add(new Pending(openLabel, openLevel, openRead, openWritten, openQuery, q));
    }

    /**
     * Waits for and returns every span, in the order they were begun.
     *
     * @return the spans
     */
    public List<Span> spans() {
        List<Span> out = new ArrayList<>();
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Pending p : pending) {
            long t0 = glGetQueryObjecti64(p.begin(), GL_QUERY_RESULT);
            long t1 = glGetQueryObjecti64(p.end(), GL_QUERY_RESULT);
            out.add(new Span(p.label(), p.level(), p.bytesRead(), p.bytesWritten(), t1 - t0));
            first = Math.min(first, t0);
            last = Math.max(last, t1);
        }
        wallNanos = pending.isEmpty() ? 0 : last - first;
        return out;
    }

    /**
     * @return GPU time from the first timed pass's start to the last one's end, as of the last call
     *     of {@link #spans()} (0 before it, or with nothing timed): the kernels and the gaps between
     *     them, where the GPU waited for barriers or for the host to issue more work
     */
    public long wallNanos() {
        return wallNanos;
    }

    @Override
    public void close() {
        for (Pending p : pending) {
            glDeleteQueries(p.begin());
            glDeleteQueries(p.end());
        }
        pending.clear();
    }
}
