package org.loopsub.gl;

import static org.lwjgl.opengl.GL45C.GL_BUFFER;
import static org.lwjgl.opengl.GL45C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL45C.GL_COPY_READ_BUFFER;
import static org.lwjgl.opengl.GL45C.GL_COPY_READ_BUFFER_BINDING;
import static org.lwjgl.opengl.GL45C.GL_COPY_WRITE_BUFFER;
import static org.lwjgl.opengl.GL45C.GL_COPY_WRITE_BUFFER_BINDING;
import static org.lwjgl.opengl.GL45C.GL_DYNAMIC_COPY;
import static org.lwjgl.opengl.GL45C.GL_DYNAMIC_STORAGE_BIT;
import static org.lwjgl.opengl.GL45C.GL_RED_INTEGER;
import static org.lwjgl.opengl.GL45C.GL_R32UI;
import static org.lwjgl.opengl.GL45C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL45C.GL_UNSIGNED_INT;
import static org.lwjgl.opengl.GL45C.glBindBuffer;
import static org.lwjgl.opengl.GL45C.glBindBufferBase;
import static org.lwjgl.opengl.GL45C.glBindBufferRange;
import static org.lwjgl.opengl.GL45C.glBufferData;
import static org.lwjgl.opengl.GL45C.glBufferStorage;
import static org.lwjgl.opengl.GL45C.glCopyBufferSubData;
import static org.lwjgl.opengl.GL45C.glCopyNamedBufferSubData;
import static org.lwjgl.opengl.GL45C.glCreateBuffers;
import static org.lwjgl.opengl.GL45C.glDeleteBuffers;
import static org.lwjgl.opengl.GL45C.glGenBuffers;
import static org.lwjgl.opengl.GL45C.glGetInteger;
import static org.lwjgl.opengl.GL45C.glMemoryBarrier;
import static org.lwjgl.opengl.GL45C.glNamedBufferStorage;
import static org.lwjgl.opengl.GL45C.glObjectLabel;

import org.lwjgl.opengl.GL45C;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.system.MemoryUtil;

/**
 * A shader storage buffer owned by Java: one owner, closed on the {@link GlContext}'s thread.
 *
 * <p>Storage is immutable ({@code glBufferStorage} with {@code GL_DYNAMIC_STORAGE_BIT}) where GL 4.4 is
 * available, so it cannot be resized; its contents start undefined. Reads and writes use direct state
 * access where GL 4.5 is available and otherwise borrow {@code GL_COPY_WRITE_BUFFER}, restoring its
 * previous binding. Reads issue {@code GL_BUFFER_UPDATE_BARRIER_BIT} first, so data written by shaders
 * is visible to them.
 */
public final class GlBuffer implements AutoCloseable {
    private final GlContext ctx;
    private final int id;
    private final long bytes;
    /** Where a {@linkplain #mapped mapped} buffer's storage is in host memory; 0 for the others. */
    private final long mappedAddress;
    /** The debug label it was made with (null: none): what a pool matches a request's role by. */
    private final String label;
    private boolean closed;

    private GlBuffer(GlContext ctx, int id, long bytes, String label) {
        this(ctx, id, bytes, 0, label);
    }

    private GlBuffer(GlContext ctx, int id, long bytes, long mappedAddress, String label) {
        this.ctx = ctx;
        this.id = id;
        this.bytes = bytes;
        this.mappedAddress = mappedAddress;
        this.label = label;
    }

    /**
     * A buffer in host memory that the host writes and the GPU reads, mapped once for good
     * (persistent, coherent: what the host writes before a command is visible to it; GL 4.5). The
     * caller must not overwrite what a command issued earlier may still read (a fence).
     *
     * @param bytes size
     * @param label the GL debug label
     * @return the buffer, or {@code null} where the context lacks GL 4.5
     */
    public static GlBuffer mapped(long bytes, String label) {
        GlContext ctx = GlContext.current();
        ctx.checkThread();
        if (!ctx.capabilities().OpenGL45) {
            return null;
        }
        long physical = Math.max(bytes, 16);
        int flags = GL45C.GL_MAP_WRITE_BIT | GL45C.GL_MAP_PERSISTENT_BIT | GL45C.GL_MAP_COHERENT_BIT;
        int id = glCreateBuffers();
        glNamedBufferStorage(id, physical, flags | GL45C.GL_CLIENT_STORAGE_BIT);
        long address = GL45C.nglMapNamedBufferRange(id, 0, physical, flags);
        labelAndCheck(id, label, "allocating and mapping buffer " + label + " of " + bytes + " bytes");
        if (address == 0) {
            glDeleteBuffers(id);
            throw new GlException("mapping buffer " + label + " of " + bytes + " bytes: no address");
        }
        ctx.buffersAllocated++;
        return new GlBuffer(ctx, id, bytes, address, label);
    }

    /** @return where a {@linkplain #mapped mapped} buffer's storage is in host memory, 0 for another */
    public long mappedAddress() {
        return mappedAddress;
    }

    /**
     * Allocates a buffer on the {@link GlContext} of this thread.
     *
     * @param bytes size; 0 is allowed (a few bytes are allocated, since GL refuses empty storage)
     * @param label the GL debug label
     * @return the buffer, contents undefined
     */
    public static GlBuffer allocate(long bytes, String label) {
        return create(bytes, label, null, null);
    }

    /**
     * @param data the initial contents
     * @param label the GL debug label
     * @return a buffer of {@code 4 * data.length} bytes holding {@code data}
     */
    public static GlBuffer of(int[] data, String label) {
        return create(4L * data.length, label, data, null);
    }

    /**
     * @param data the initial contents
     * @param label the GL debug label
     * @return a buffer of {@code 4 * data.length} bytes holding {@code data}
     */
    public static GlBuffer of(float[] data, String label) {
        return create(4L * data.length, label, null, data);
    }

    private static GlBuffer create(long bytes, String label, int[] ints, float[] floats) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes < 0: " + bytes);
        }
        GlContext ctx = GlContext.current();
        ctx.checkThread();
        GLCapabilities caps = ctx.capabilities();
        long physical = Math.max(bytes, 16);
        boolean hasData = bytes > 0 && (ints != null || floats != null);
        int id;
        if (caps.OpenGL45) {
            id = glCreateBuffers();
            if (hasData && ints != null) {
                glNamedBufferStorage(id, ints, GL_DYNAMIC_STORAGE_BIT);
            } else if (hasData) {
                glNamedBufferStorage(id, floats, GL_DYNAMIC_STORAGE_BIT);
            } else {
                glNamedBufferStorage(id, physical, GL_DYNAMIC_STORAGE_BIT);
            }
        } else {
            id = glGenBuffers();
            int previous = glGetInteger(GL_COPY_WRITE_BUFFER_BINDING);
            glBindBuffer(GL_COPY_WRITE_BUFFER, id);
            if (caps.OpenGL44) {
                if (hasData && ints != null) {
                    glBufferStorage(GL_COPY_WRITE_BUFFER, ints, GL_DYNAMIC_STORAGE_BIT);
                } else if (hasData) {
                    glBufferStorage(GL_COPY_WRITE_BUFFER, floats, GL_DYNAMIC_STORAGE_BIT);
                } else {
                    glBufferStorage(GL_COPY_WRITE_BUFFER, physical, GL_DYNAMIC_STORAGE_BIT);
                }
            } else if (hasData && ints != null) {
                glBufferData(GL_COPY_WRITE_BUFFER, ints, GL_DYNAMIC_COPY);
            } else if (hasData) {
                glBufferData(GL_COPY_WRITE_BUFFER, floats, GL_DYNAMIC_COPY);
            } else {
                glBufferData(GL_COPY_WRITE_BUFFER, physical, GL_DYNAMIC_COPY);
            }
            glBindBuffer(GL_COPY_WRITE_BUFFER, previous);
        }
        labelAndCheck(id, label, "allocating buffer " + label + " of " + bytes + " bytes");
        ctx.buffersAllocated++;
        return new GlBuffer(ctx, id, bytes, label);
    }

    /** @return the debug label the buffer was made with, or null */
    public String label() {
        return label;
    }

    /** @return the GL buffer name */
    public int id() {
        return id;
    }

    /** @return the size asked for, in bytes */
    public long bytes() {
        return bytes;
    }

    /**
     * @param byteOffset where to start, a multiple of 4
     * @param count how many ints
     * @return the ints, after a barrier that makes earlier shader writes visible
     */
    public int[] readInts(long byteOffset, int count) {
        int[] out = new int[count];
        readInts(byteOffset, out, count);
        return out;
    }

    /**
     * Reads ints into a caller's array without allocating (a frame's counts and sizes, every frame).
     *
     * @param byteOffset where to start, a multiple of 4
     * @param dest receives them from index 0
     * @param count how many ints, at most {@code dest.length}
     */
    public void readInts(long byteOffset, int[] dest, int count) {
        if (count <= 0) {
            return;
        }
        if (count > dest.length) {
            throw new IndexOutOfBoundsException(count + " ints into an array of " + dest.length);
        }
        checkRange(byteOffset, 4L * count);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT); // this read consumes shader storage writes
        ctx.readBacks++;
        long at = readInto(byteOffset, 4L * count);
        for (int i = 0; i < count; i++) {
            dest[i] = MemoryUtil.memGetInt(at + 4L * i);
        }
        GlChecks.check("reading buffer", id);
    }

    /**
     * Copies bytes of this buffer into the context's scratch memory. LWJGL's methods that take or
     * return values through its {@code MemoryStack} wrap the memory in a new NIO buffer object at
     * each call; the per-frame reads go through native addresses instead.
     *
     * @return the scratch address holding them
     */
    private long readInto(long byteOffset, long bytes) {
        long at = ctx.scratch(bytes);
        getSubData(byteOffset, bytes, at);
        return at;
    }

    /**
     * Reads bytes of this buffer into native memory: the one place that picks GL 4.5's named call or,
     * below 4.5, the copy-write binding (put back after).
     */
    private void getSubData(long byteOffset, long bytes, long address) {
        if (ctx.capabilities().OpenGL45) {
            GL45C.nglGetNamedBufferSubData(id, byteOffset, bytes, address);
        } else {
            int previous = bindCopyWrite();
            GL45C.nglGetBufferSubData(GL_COPY_WRITE_BUFFER, byteOffset, bytes, address);
            glBindBuffer(GL_COPY_WRITE_BUFFER, previous);
        }
    }

    /** Writes bytes from native memory into this buffer: {@link #getSubData}'s twin. */
    private void subData(long byteOffset, long bytes, long address) {
        if (ctx.capabilities().OpenGL45) {
            GL45C.nglNamedBufferSubData(id, byteOffset, bytes, address);
        } else {
            int previous = bindCopyWrite();
            GL45C.nglBufferSubData(GL_COPY_WRITE_BUFFER, byteOffset, bytes, address);
            glBindBuffer(GL_COPY_WRITE_BUFFER, previous);
        }
    }

    /**
     * @param byteOffset where the int is, a multiple of 4
     * @return the int, after a barrier that makes earlier shader writes visible
     */
    public int readInt(long byteOffset) {
        checkRange(byteOffset, 4);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT); // this read consumes shader storage writes
        ctx.readBacks++;
        int value = MemoryUtil.memGetInt(readInto(byteOffset, 4));
        GlChecks.check("reading buffer", id);
        return value;
    }

    /**
     * @param byteOffset where to start, a multiple of 4
     * @param count how many floats
     * @return the floats, after a barrier that makes earlier shader writes visible
     */
    public float[] readFloats(long byteOffset, int count) {
        float[] out = new float[count];
        if (count > 0) {
            checkRange(byteOffset, 4L * count);
            glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT); // this read consumes shader storage writes
            ctx.readBacks++;
            long at = readInto(byteOffset, 4L * count);
            for (int i = 0; i < count; i++) {
                out[i] = MemoryUtil.memGetFloat(at + 4L * i);
            }
            GlChecks.check("reading buffer", id);
        }
        return out;
    }

    /**
     * Native memory to stage {@code bytes} in for {@link #writeStaged}: the context's scratch, so that
     * an upload makes no Java array and touches no fresh pages. Valid until the next staging or
     * read-back on this thread.
     *
     * @param bytes how many bytes will be staged
     * @return the address to fill
     */
    public long stage(long bytes) {
        checkRange(0, bytes);
        return ctx.scratch(bytes);
    }

    /**
     * Writes bytes staged by {@link #stage} (the driver copies them before returning).
     *
     * @param byteOffset where to start, a multiple of 4
     * @param address the staged bytes
     * @param bytes how many
     */
    public void writeStaged(long byteOffset, long address, long bytes) {
        if (bytes == 0) {
            return;
        }
        checkRange(byteOffset, bytes);
        subData(byteOffset, bytes, address);
        GlChecks.check("writing buffer", id);
    }

    /**
     * @param byteOffset where to start, a multiple of 4
     * @param data what to write
     */
    public void write(long byteOffset, int[] data) {
        write(byteOffset, data, 0, data.length);
    }

    /**
     * @param byteOffset where to start, a multiple of 4
     * @param data what to write: {@code data[first .. first + count)}
     */
    public void write(long byteOffset, int[] data, int first, int count) {
        if (count == 0) {
            return;
        }
        long at = stage(byteOffset, 4L * count);
        for (int i = 0; i < count; i++) {
            MemoryUtil.memPutInt(at + 4L * i, data[first + i]);
        }
        writeStaged(byteOffset, at, 4L * count);
    }

    /**
     * @param byteOffset where to start, a multiple of 4
     * @param data what to write
     */
    public void write(long byteOffset, float[] data) {
        write(byteOffset, data, 0, data.length);
    }

    /**
     * @param byteOffset where to start, a multiple of 4
     * @param data what to write: {@code data[first .. first + count)}
     */
    public void write(long byteOffset, float[] data, int first, int count) {
        if (count == 0) {
            return;
        }
        long at = stage(byteOffset, 4L * count);
        for (int i = 0; i < count; i++) {
            MemoryUtil.memPutFloat(at + 4L * i, data[first + i]);
        }
        writeStaged(byteOffset, at, 4L * count);
    }

    /** Scratch for {@code bytes} to go to {@code byteOffset}, the range checked first. */
    private long stage(long byteOffset, long bytes) {
        checkRange(byteOffset, bytes);
        return ctx.scratch(bytes);
    }

    /**
     * Fills {@code [byteOffset, byteOffset + 4 * count)} with one uint, on the GPU timeline.
     *
     * @param byteOffset where to start, a multiple of 4
     * @param count how many uints
     * @param value the value
     */
    public void fill(long byteOffset, long count, int value) {
        if (count <= 0) {
            return;
        }
        checkRange(byteOffset, 4L * count);
        // the value through the context's scratch memory, as readInto does
        long v = ctx.scratch(4);
        MemoryUtil.memPutInt(v, value);
        if (ctx.capabilities().OpenGL45) {
            GL45C.nglClearNamedBufferSubData(id, GL_R32UI, byteOffset, 4L * count, GL_RED_INTEGER, GL_UNSIGNED_INT, v);
        } else {
            int previous = bindCopyWrite();
            GL45C.nglClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, byteOffset, 4L * count, GL_RED_INTEGER,
                    GL_UNSIGNED_INT, v);
            glBindBuffer(GL_COPY_WRITE_BUFFER, previous);
        }
        GlChecks.check("filling buffer", id);
    }

    /**
     * Copies {@code [from, from + bytes)} of {@code source} to {@code [to, to + bytes)} of this
     * buffer on the GPU timeline (no host wait). The caller orders it after the writes of the source
     * with {@code GL_BUFFER_UPDATE_BARRIER_BIT}.
     *
     * @param source the buffer to read, not this one
     * @param from byte offset in the source, a multiple of 4
     * @param to byte offset here, a multiple of 4
     * @param bytes how many bytes
     */
    public void copyFrom(GlBuffer source, long from, long to, long bytes) {
        if (bytes <= 0) {
            return;
        }
        source.checkRange(from, bytes);
        checkRange(to, bytes);
        if (ctx.capabilities().OpenGL45) {
            glCopyNamedBufferSubData(source.id, id, from, to, bytes);
        } else {
            int previousRead = ctx.getInteger(GL_COPY_READ_BUFFER_BINDING);
            int previousWrite = bindCopyWrite();
            glBindBuffer(GL_COPY_READ_BUFFER, source.id);
            glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, from, to, bytes);
            glBindBuffer(GL_COPY_READ_BUFFER, previousRead);
            glBindBuffer(GL_COPY_WRITE_BUFFER, previousWrite);
        }
        GlChecks.check("copying a buffer to buffer", id);
    }

    /**
     * Binds the whole buffer to a shader storage binding point (and, as GL does, to the generic
     * {@code GL_SHADER_STORAGE_BUFFER} target).
     *
     * @param binding the binding index
     */
    public void bind(int binding) {
        ctx.checkThread();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, id);
    }

    /**
     * Binds {@code [offset, offset + size)} to a shader storage binding point.
     *
     * @param binding the binding index
     * @param offset a multiple of {@link GlContext#storageBufferOffsetAlignment()}
     * @param size at most {@link GlContext#maxStorageBlockSize()} for the shader to see all of it
     */
    public void bindRange(int binding, long offset, long size) {
        ctx.checkThread();
        checkRange(offset, size);
        if (offset % ctx.storageBufferOffsetAlignment() != 0) {
            throw new IllegalArgumentException("offset " + offset + " is not a multiple of the SSBO offset alignment "
                    + ctx.storageBufferOffsetAlignment());
        }
        if (size <= 0) {
            throw new IllegalArgumentException("empty range");
        }
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, id, offset, size);
    }

    private int bindCopyWrite() {
        int previous = ctx.getInteger(GL_COPY_WRITE_BUFFER_BINDING);
        glBindBuffer(GL_COPY_WRITE_BUFFER, id);
        return previous;
    }

    private void checkRange(long byteOffset, long size) {
        ctx.checkThread();
        if (closed) {
            throw new IllegalStateException("buffer closed");
        }
        if (byteOffset < 0 || size < 0 || byteOffset + size > bytes || (byteOffset & 3) != 0) {
            throw new IndexOutOfBoundsException("range [" + byteOffset + ", " + (byteOffset + size)
                    + ") outside buffer of " + bytes + " bytes (or offset not a multiple of 4)");
        }
    }

    /** Deletes the GL buffer. Idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (mappedAddress != 0) {
                GL45C.glUnmapNamedBuffer(id);
            }
            glDeleteBuffers(id);
        }
    }

    @Override
    public String toString() {
        return "GlBuffer[" + id + ", " + bytes + " bytes]";
    }

    /** Labels a new buffer (a null label: none) and checks its allocation; deletes it if that failed. */
    private static void labelAndCheck(int id, String label, String what) {
        if (label != null) {
            glObjectLabel(GL_BUFFER, id, label);
        }
        try {
            GlChecks.check(what);
        } catch (GlException e) {
            glDeleteBuffers(id);
            throw e;
        }
    }
}
