package org.loopsub.glstream;

import static org.lwjgl.opengl.GL45C.GL_ALREADY_SIGNALED;
import static org.lwjgl.opengl.GL45C.GL_CONDITION_SATISFIED;
import static org.lwjgl.opengl.GL45C.GL_SYNC_FLUSH_COMMANDS_BIT;
import static org.lwjgl.opengl.GL45C.GL_SYNC_GPU_COMMANDS_COMPLETE;
import static org.lwjgl.opengl.GL45C.GL_WAIT_FAILED;
import static org.lwjgl.opengl.GL45C.glClientWaitSync;
import static org.lwjgl.opengl.GL45C.glDeleteSync;
import static org.lwjgl.opengl.GL45C.glFenceSync;

import java.nio.FloatBuffer;
import java.nio.IntBuffer;

import org.lwjgl.system.MemoryUtil;

import org.loopsub.gl.GlBuffer;
import org.loopsub.gl.GlException;

/**
 * Host memory level 0 goes up through ({@link GlLevel0}): a buffer stored in client memory and
 * mapped for good ({@link GlBuffer#mapped}), into which the record builder's arrays are copied at
 * memory speed and which is copied to device memory for loop_tile ({@code GlLevel0.tile}). glBufferSubData from the Java arrays ran at
 * about 2 GB/s on NVIDIA's driver; through this arena a level 0 goes up in about half that time.
 *
 * <p>One upload at a time, and never a wait: {@link #begin} polls the fence {@link #end} set after the
 * last upload's readers were issued (normally long signalled), and while they may still read the
 * arena (a renderer whose GPU runs frames behind, moving its cage every frame) the upload takes the
 * other way, as does one larger than {@link #MOST_BYTES} (pinned host memory is scarce) or on a
 * context below GL 4.5 ({@link #begin} says so). GL thread only, but for {@link #putConcurrently}.
 */
final class UploadArena implements AutoCloseable {
    /** The largest upload taken through host memory. */
    static final long MOST_BYTES = 256L << 20;

    private GlBuffer buffer;
    private FloatBuffer floats;
    private IntBuffer ints;
    private long fence;
    private long used;
    private boolean unavailable;

    /**
     * Starts an upload of at most {@code bytes} (alignment padding included).
     *
     * @return whether it goes through this arena; if not, nothing was done
     */
    boolean begin(long bytes) {
        if (unavailable || bytes > MOST_BYTES || !readersDone()) {
            return false;
        }
        if (buffer == null || buffer.bytes() < bytes) {
            long size = Math.min(MOST_BYTES, Math.max(bytes + bytes / 2, 1L << 20));
            if (buffer != null) {
                buffer.close();
            }
            buffer = GlBuffer.mapped(size, "loop_upload_arena");
            if (buffer == null) {
                unavailable = true;
                return false;
            }
            floats = MemoryUtil.memFloatBuffer(buffer.mappedAddress(), (int) (size / 4));
            ints = MemoryUtil.memIntBuffer(buffer.mappedAddress(), (int) (size / 4));
        }
        used = 0;
        return true;
    }

    /** @return the byte offset of {@code bytes} taken in this upload, on a multiple of {@code alignment} */
    long take(long bytes, long alignment) {
        long at = (used + alignment - 1) / alignment * alignment;
        used = at + bytes;
        return at;
    }

    /** Copies {@code length} floats of {@code from} from {@code start} on to byte {@code at}. */
    void put(long at, float[] from, int start, int length) {
        floats.position((int) (at / 4));
        floats.put(from, start, length);
    }

    /**
     * Copies {@code length} floats of {@code from} from {@code start} on to byte {@code at}; unlike
     * {@link #put}, from any thread, several at once (each its own bytes), between {@link #begin} and
     * {@link #end} on the GL thread.
     */
    void putConcurrently(long at, float[] from, int start, int length) {
        MemoryUtil.memFloatBuffer(buffer.mappedAddress() + at, length).put(from, start, length);
    }

    /** Copies {@code length} ints as {@link #putConcurrently(long, float[], int, int)} does. */
    void putConcurrently(long at, int[] from, int start, int length) {
        MemoryUtil.memIntBuffer(buffer.mappedAddress() + at, length).put(from, start, length);
    }

    /** Copies {@code length} ints of {@code from} from {@code start} on to byte {@code at}. */
    void put(long at, int[] from, int start, int length) {
        ints.position((int) (at / 4));
        ints.put(from, start, length);
    }

    /** @return the buffer this upload's readers bind */
    GlBuffer buffer() {
        return buffer;
    }

    /** Ends an upload whose readers have all been issued. */
    void end() {
        fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    }

    /** @return whether the last upload's readers are done (polled, no wait); its fence is then gone */
    private boolean readersDone() {
        if (fence == 0) {
            return true;
        }
        int status = glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, 0L);
        if (status == GL_WAIT_FAILED) {
            throw new GlException("polling the last upload's readers: glClientWaitSync failed");
        }
        if (status != GL_ALREADY_SIGNALED && status != GL_CONDITION_SATISFIED) {
            return false;
        }
        glDeleteSync(fence);
        fence = 0;
        return true;
    }

    /** Waits for the last upload's readers (only when the arena goes away). */
    private void waitForReaders() {
        if (fence == 0) {
            return;
        }
        try {
            while (true) {
                int status = glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1_000_000_000L);
                if (status == GL_ALREADY_SIGNALED || status == GL_CONDITION_SATISFIED) {
                    return;
                }
                if (status == GL_WAIT_FAILED) {
                    throw new GlException("waiting for the last upload's readers: glClientWaitSync failed");
                }
            }
        } finally {
            glDeleteSync(fence);
            fence = 0;
        }
    }

    @Override
    public void close() {
        if (buffer != null) {
            waitForReaders();
            buffer.close();
            buffer = null;
        }
        if (fence != 0) {
            glDeleteSync(fence);
            fence = 0;
        }
    }
}
