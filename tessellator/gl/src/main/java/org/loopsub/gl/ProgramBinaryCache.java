package org.loopsub.gl;

import static org.lwjgl.opengl.GL43C.GL_LINK_STATUS;
import static org.lwjgl.opengl.GL43C.GL_NUM_PROGRAM_BINARY_FORMATS;
import static org.lwjgl.opengl.GL43C.GL_PROGRAM_BINARY_LENGTH;
import static org.lwjgl.opengl.GL43C.glGetInteger;
import static org.lwjgl.opengl.GL43C.glGetProgramBinary;
import static org.lwjgl.opengl.GL43C.glGetProgrami;
import static org.lwjgl.opengl.GL43C.glProgramBinary;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

import org.lwjgl.system.MemoryUtil;

/**
 * Linked programs kept on disk as the driver's own binaries ({@code glGetProgramBinary}, GL 4.1), so
 * that a later process links them in milliseconds instead of compiling the sources again.
 *
 * <p>Why we keep our own when drivers keep one too: the first refinement of a process waits for its
 * programs (seconds for loop_split's variants), and on an NVIDIA GPU the seconds it waits also let the
 * clocks fall to idle, so that the frames right after run 2–4× slower until the clock governor catches
 * up (measured on NVIDIA; docs/design.md, "The first run of a process"). The driver's disk cache avoids both only where it is
 * on and writable; this one also works with it off ({@code __GL_SHADER_DISK_CACHE=0}) or elsewhere.
 *
 * <p>A binary is named by the SHA-256 of the renderer, the GL version string and every source string,
 * so a new driver, GPU or shader never meets an old binary; one the driver refuses anyway is deleted
 * and the program compiled from source. Files are written whole or not at all (a temporary file in
 * the same folder, renamed). Every failure to read or write only costs the compile it would have
 * saved: the cache never fails a build.
 *
 * <p>The folder is {@link GlTuning#programCache()}; {@code off} turns the cache off. Thread
 * confinement: used only on its context's thread, like the programs.
 */
final class ProgramBinaryCache {
    /** Keeps nothing and finds nothing. */
    static final ProgramBinaryCache OFF = new ProgramBinaryCache(null, "");

    private final Path dir;
    private final String driver;
    private long hits;
    private long stores;

    private ProgramBinaryCache(Path dir, String driver) {
        this.dir = dir;
        this.driver = driver;
    }

    /**
     * @param folder where binaries are kept, or null for none
     * @param renderer {@code GL_RENDERER} of the context
     * @param version {@code GL_VERSION} of the context (it names the driver's version)
     * @return a cache for this context, {@link #OFF} if folder is null or the driver offers no binary format
     */
    static ProgramBinaryCache open(Path folder, String renderer, String version) {
        if (folder == null || glGetInteger(GL_NUM_PROGRAM_BINARY_FORMATS) <= 0) {
            return OFF;
        }
        return new ProgramBinaryCache(folder, renderer + '\n' + version + '\n');
    }

    /** @return whether binaries are kept */
    boolean on() {
        return dir != null;
    }

    /** @return programs this cache linked from a binary so far */
    long hits() {
        return hits;
    }

    /** @return binaries this cache wrote so far */
    long stores() {
        return stores;
    }

    /** @return the file a program of these source strings is kept in, or null when nothing is kept */
    Path fileFor(List<String> sources) {
        if (dir == null) {
            return null;
        }
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        sha.update(driver.getBytes(StandardCharsets.UTF_8));
        for (String s : sources) {
            sha.update(s.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
        }
        return dir.resolve(HexFormat.of().formatHex(sha.digest()) + ".bin");
    }

    /**
     * Links {@code program} from the binary kept in {@code file}, if there is one the driver takes.
     *
     * @param file {@link #fileFor} the program's sources (null: nothing is kept)
     * @return whether the program is now linked; if not, compile it (a refused binary is deleted)
     */
    boolean load(int program, Path file) {
        if (file == null) {
            return false;
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException absent) {
            return false;
        }
        if (bytes.length <= Integer.BYTES) {
            forget(file);
            return false;
        }
        ByteBuffer all = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int format = all.getInt();
        ByteBuffer binary = MemoryUtil.memAlloc(bytes.length - Integer.BYTES);
        try {
            binary.put(bytes, Integer.BYTES, bytes.length - Integer.BYTES).flip();
            glProgramBinary(program, format, binary);
        } finally {
            MemoryUtil.memFree(binary);
        }
        if (glGetProgrami(program, GL_LINK_STATUS) == 0) {
            forget(file);
            return false;
        }
        hits++;
        return true;
    }

    /**
     * Keeps the binary of a program just linked; a failure only loses the binary.
     *
     * @param file {@link #fileFor} the program's sources (null: nothing is kept)
     */
    void store(int program, Path file) {
        if (file == null) {
            return;
        }
        int length = glGetProgrami(program, GL_PROGRAM_BINARY_LENGTH);
        if (length <= 0) {
            return;
        }
        ByteBuffer binary = MemoryUtil.memAlloc(length);
        int[] written = new int[1];
        int[] format = new int[1];
        byte[] bytes;
        try {
            glGetProgramBinary(program, written, format, binary);
            bytes = new byte[Integer.BYTES + written[0]];
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(format[0]);
            binary.get(bytes, Integer.BYTES, written[0]);
        } finally {
            MemoryUtil.memFree(binary);
        }
        Path temp = null;
        try {
            Files.createDirectories(dir);
            temp = Files.createTempFile(dir, "program", ".part");
            Files.write(temp, bytes);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            temp = null;
            stores++;
        } catch (IOException | SecurityException e) {
            // a read-only or full disk: the next process compiles, as it would without the cache
        } finally {
            if (temp != null) {
                forget(temp);
            }
        }
    }

    private static void forget(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException | SecurityException ignored) {
            // not ours to fix: the binary is refused again next time, and compiled instead
        }
    }
}
