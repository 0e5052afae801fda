package org.loopsub.gl;

import static org.lwjgl.opengl.GL43C.GL_COMPILE_STATUS;
import static org.lwjgl.opengl.GL43C.GL_COMPUTE_SHADER;
import static org.lwjgl.opengl.GL43C.GL_COMPUTE_WORK_GROUP_SIZE;
import static org.lwjgl.opengl.GL43C.GL_FALSE;
import static org.lwjgl.opengl.GL43C.GL_LINK_STATUS;
import static org.lwjgl.opengl.GL43C.GL_PROGRAM;
import static org.lwjgl.opengl.GL43C.glAttachShader;
import static org.lwjgl.opengl.GL43C.glCompileShader;
import static org.lwjgl.opengl.GL43C.glCreateProgram;
import static org.lwjgl.opengl.GL43C.glCreateShader;
import static org.lwjgl.opengl.GL43C.glDeleteProgram;
import static org.lwjgl.opengl.GL43C.glDeleteShader;
import static org.lwjgl.opengl.GL43C.GL_DISPATCH_INDIRECT_BUFFER;
import static org.lwjgl.opengl.GL43C.GL_DISPATCH_INDIRECT_BUFFER_BINDING;
import static org.lwjgl.opengl.GL43C.glBindBuffer;
import static org.lwjgl.opengl.GL43C.glDispatchCompute;
import static org.lwjgl.opengl.GL43C.glDispatchComputeIndirect;
import static org.lwjgl.opengl.GL43C.glGetProgramInfoLog;
import static org.lwjgl.opengl.GL43C.glGetProgramiv;
import static org.lwjgl.opengl.GL43C.glGetProgrami;
import static org.lwjgl.opengl.GL43C.glGetShaderInfoLog;
import static org.lwjgl.opengl.GL43C.glGetShaderi;
import static org.lwjgl.opengl.GL43C.glGetUniformLocation;
import static org.lwjgl.opengl.GL43C.glLinkProgram;
import static org.lwjgl.opengl.GL43C.glObjectLabel;
import static org.lwjgl.opengl.GL43C.glShaderSource;
import static org.lwjgl.opengl.GL43C.glUseProgram;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A compute program built from the classpath resource {@code org/loopsub/shaders/<stem>.comp}.
 *
 * <p>The file carries no {@code #version}: the loader sends, as separate source strings,
 * {@code #version 430 core}, one {@code #extension <name> : require} per requested extension, one
 * {@code #define K V} per entry of the defines (in their iteration order), then the file. A line
 * {@code #include "other.glsl"} in the file is replaced by that resource (same folder, one level, no
 * nesting); {@code #line} directives keep the driver's line numbers pointing into the right file (source
 * string 0 is the {@code .comp}, 1, 2... the includes in order of appearance, 99 a prelude).
 *
 * <p>Programs are cached per {@link GlContext} by (stem, defines, extensions) and reference counted:
 * every {@link #load} must be paired with one {@link #close()}; the GL program is deleted with the last
 * close or with the context.
 */
public final class ComputeProgram implements AutoCloseable {
    /** The folder of the shader resources on the class path. */
    public static final String RESOURCE_ROOT = "org/loopsub/shaders/";
    /** GL guarantees at least this many work groups per dispatch dimension. */
    public static final long MAX_GROUPS_PER_DIMENSION = 65535;

    private final GlContext ctx;
    private final String key;
    private final String stem;
    private final int id;
    private final Map<String, Integer> locations = new java.util.HashMap<>();
    /** Whether {@link #ready} has checked the build. */
    private boolean checked;
    /** The shader of a build from source not yet checked, 0 for one linked from a kept binary. */
    private int pendingShader;
    /** Where a binary of this program is kept (ProgramBinaryCache.fileFor its sources), null for none. */
    private java.nio.file.Path binaryFile;
    /** Whether the program was compiled from source (not linked from a kept binary). */
    private boolean compiled;
    private int localSizeX;
    private int users;

    private ComputeProgram(GlContext ctx, String key, String stem, int id, int pendingShader) {
        this.ctx = ctx;
        this.key = key;
        this.stem = stem;
        this.id = id;
        this.pendingShader = pendingShader;
    }

    /**
     * Loads (or takes from the cache) a program on the {@link GlContext} of this thread.
     *
     * @param stem the shader's file name without {@code .comp}
     * @param defines {@code #define}s prepended in iteration order (use a {@code LinkedHashMap})
     * @param extensions GLSL extensions to require, e.g. {@code GL_KHR_shader_subgroup_arithmetic}
     * @return the program; close it when done
     * @throws ShaderException if the source is missing or does not compile or link
     */
    public static ComputeProgram load(String stem, Map<String, String> defines, List<String> extensions) {
        return load(GlContext.current(), stem, defines, extensions, "");
    }

    /**
     * As {@link #load(String, Map, List)}, with GLSL source (e.g. a user-supplied function) sent after
     * the defines and before the file; it takes part in the cache key.
     *
     * @param stem the shader's file name without {@code .comp}
     * @param defines {@code #define}s prepended in iteration order
     * @param extensions GLSL extensions to require
     * @param prelude GLSL source inserted before the file, may be empty
     * @return the program; close it when done
     * @throws ShaderException if the source is missing or does not compile or link
     */
    public static ComputeProgram load(String stem, Map<String, String> defines, List<String> extensions, String prelude) {
        return load(GlContext.current(), stem, defines, extensions, prelude);
    }

    static ComputeProgram load(GlContext ctx, String stem, Map<String, String> defines, List<String> extensions) {
        return load(ctx, stem, defines, extensions, "");
    }

    static ComputeProgram load(GlContext ctx, String stem, Map<String, String> defines, List<String> extensions,
            String prelude) {
        ComputeProgram p = loadDeferred(ctx, stem, defines, extensions, prelude);
        p.ready();
        return p;
    }

    /**
     * As {@link #load(String, Map, List, String)}, but returns once the build is <em>issued</em>: the
     * driver may compile and link on its own threads (GL_KHR_parallel_shader_compile, turned on by
     * {@link GlContext}) while the caller issues more. The first use of the program ({@link #id},
     * {@link #dispatchFor}, a uniform lookup, {@link #ready}) waits for its build and throws there if
     * it failed. Issuing every program a run needs before using any builds them side by side, so a
     * process's first refinement waits for its slowest program rather than for their sum.
     *
     * @param stem the shader's file name without {@code .comp}
     * @param defines {@code #define}s prepended in iteration order
     * @param extensions GLSL extensions to require
     * @param prelude GLSL source inserted before the file, may be empty
     * @return the program, its build perhaps still running; close it when done
     * @throws ShaderException if the source is missing (a compile or link error comes at first use)
     */
    public static ComputeProgram loadDeferred(String stem, Map<String, String> defines, List<String> extensions,
            String prelude) {
        return loadDeferred(GlContext.current(), stem, defines, extensions, prelude);
    }

    static ComputeProgram loadDeferred(GlContext ctx, String stem, Map<String, String> defines,
            List<String> extensions, String prelude) {
        ctx.checkThread();
        StringBuilder header = new StringBuilder("#version 430 core\n");
        for (String e : extensions) {
            header.append("#extension ").append(e).append(" : require\n");
        }
        for (Map.Entry<String, String> d : defines.entrySet()) {
            header.append("#define ").append(d.getKey()).append(' ').append(d.getValue()).append('\n');
        }
        String key = stem + '\n' + header + prelude;
        ComputeProgram cached = ctx.programs.get(key);
        if (cached != null) {
            cached.users++;
            return cached;
        }
        List<String> sources = new ArrayList<>();
        sources.add(header.toString());
        if (prelude != null && !prelude.isEmpty()) {
            // its own source string number, past the includes', so the log tells it apart from the file
            sources.add("#line 1 99\n" + prelude + "\n");
        }
        expand(stem, read(stem, stem + ".comp"), sources);
        int program = glCreateProgram();
        int shader = 0;
        java.nio.file.Path binaryFile = ctx.binaries().fileFor(sources);
        if (!ctx.binaries().load(program, binaryFile)) {
            shader = glCreateShader(GL_COMPUTE_SHADER);
            glShaderSource(shader, sources.toArray(new CharSequence[0]));
            glCompileShader(shader);
            glAttachShader(program, shader);
            // Linking a shader that failed to compile fails too; ready() reports the compile log first.
            glLinkProgram(program);
            ctx.programsBuilt++;
        }
        ComputeProgram p = new ComputeProgram(ctx, key, stem, program, shader);
        p.binaryFile = binaryFile;
        p.compiled = shader != 0;
        p.users = 1;
        ctx.programs.put(key, p);
        return p;
    }

    /**
     * Waits for this program's build if it is still running and checks it; a no-op afterwards.
     *
     * @throws ShaderException if it did not compile or link (the program is then dropped from the
     *     context's cache, so that loading it again builds it again and fails the same way)
     */
    public void ready() {
        if (checked) {
            return;
        }
        checked = true;
        ctx.checkThread();
        int shader = pendingShader;
        pendingShader = 0;
        if (shader != 0) {
            long waitStart = System.nanoTime();
            int compiledOk = glGetShaderi(shader, GL_COMPILE_STATUS);
            int linkedOk = glGetProgrami(id, GL_LINK_STATUS);
            ctx.compileWaitNanos += System.nanoTime() - waitStart;
            if (compiledOk == GL_FALSE) {
                String log = glGetShaderInfoLog(shader);
                glDeleteShader(shader);
                abandon();
                throw new ShaderException(stem, "compile", log);
            }
            glDeleteShader(shader); // flagged only: the program keeps it alive as long as needed
            if (linkedOk == GL_FALSE) {
                String log = glGetProgramInfoLog(id);
                abandon();
                throw new ShaderException(stem, "link", log);
            }
            ctx.binaries().store(id, binaryFile);
        }
        int[] size = new int[3];
        glGetProgramiv(id, GL_COMPUTE_WORK_GROUP_SIZE, size);
        localSizeX = size[0];
        glObjectLabel(GL_PROGRAM, id, stem);
        GlChecks.check("building program " + stem);
    }

    private void abandon() {
        ctx.programs.remove(key);
        users = 0;
        glDeleteProgram(id);
    }

    private static void expand(String stem, String text, List<String> sources) {
        StringBuilder body = new StringBuilder("#line 1 0\n");
        String[] lines = text.split("\n", -1);
        int includes = 0;
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].trim();
            if (t.startsWith("#include")) {
                int a = t.indexOf('"');
                int b = t.lastIndexOf('"');
                if (a < 0 || b <= a) {
                    throw new ShaderException(stem, "load", "malformed #include at line " + (i + 1) + ": " + t);
                }
                String name = t.substring(a + 1, b);
                includes++;
                body.append("#line 1 ").append(includes).append('\n').append(read(stem, name));
                if (body.charAt(body.length() - 1) != '\n') {
                    body.append('\n');
                }
                body.append("#line ").append(i + 2).append(" 0\n");
            } else {
                body.append(lines[i]).append('\n');
            }
        }
        sources.add(body.toString());
    }

    private static String read(String stem, String file) {
        String path = RESOURCE_ROOT + file;
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        InputStream in = loader == null ? null : loader.getResourceAsStream(path);
        if (in == null) {
            in = ComputeProgram.class.getClassLoader().getResourceAsStream(path);
        }
        if (in == null) {
            throw new ShaderException(stem, "load", "resource " + path + " not found on the class path");
        }
        try (InputStream s = in) {
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ShaderException(stem, "load", "reading " + path + ": " + e);
        }
    }

    /** @return whether this process compiled the program from source, rather than linking a kept binary */
    public boolean compiledFromSource() {
        return compiled;
    }

    /** @return the GL program name */
    public int id() {
        ready();
        return id;
    }

    /**
     * A uniform's location, asked of the driver once per program and name: the passes set their
     * uniforms before every dispatch, and a name lookup each time costs host time in every frame.
     * A name the linked program lacks is an error, not a silent no-op (GL ignores location -1): a
     * typo, or a uniform renamed on one side only, would otherwise leave the shader reading zero.
     *
     * @param name the uniform's name in the source
     * @return its location
     * @throws ShaderException if the linked program has no active uniform of that name
     */
    public int uniform(String name) {
        int l = location(name);
        if (l < 0) {
            throw new ShaderException(stem, "uniform lookup", "no active uniform " + name
                    + " in this build (misspelt, or unused in this variant: see uniformIfPresent)");
        }
        return l;
    }

    /**
     * As {@link #uniform}, but -1 (which GL's uniform calls ignore) for a name the linked program
     * lacks. Only for uniforms that some builds of a shader legitimately drop: GLSL compilers remove
     * uniforms a variant's code does not read (a {@code #define} that turns the reading code off, or a
     * user's function that ignores an argument). Callers say at the call site which variant drops it.
     *
     * @param name the uniform's name in the source
     * @return its location, or -1 if this build has no such active uniform
     */
    public int uniformIfPresent(String name) {
        return location(name);
    }

    private int location(String name) {
        Integer l = locations.get(name);
        if (l == null) {
            ready();
            l = glGetUniformLocation(id, name);
            locations.put(name, l);
        }
        return l;
    }

    /** @return the shader stem, also its GL debug label */
    public String stem() {
        return stem;
    }

    /** @return {@code GL_COMPUTE_WORK_GROUP_SIZE.x} of the linked program */
    public int localSizeX() {
        ready();
        return localSizeX;
    }

    /**
     * Makes the program current and dispatches {@code ceil(invocations / localSizeX)} work groups. Above
     * 65535 groups they are laid out as an x/y grid, so the shader must form its linear group index as
     * {@code gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x} and skip indices past the end.
     * Leaves the program bound: callers unbind ({@code glUseProgram(0)}) when their pass is done.
     *
     * @param invocations how many invocations are needed; 0 dispatches nothing
     */
    public void dispatchFor(long invocations) {
        if (invocations < 0) {
            throw new IllegalArgumentException("invocations < 0: " + invocations);
        }
        ready();
        dispatchGroups((invocations + localSizeX - 1) / localSizeX);
    }

    /**
     * Makes the program current and dispatches {@code groups} work groups, laid out as in
     * {@link #dispatchFor(long)}.
     *
     * @param groups how many work groups; 0 dispatches nothing
     */
    public void dispatchGroups(long groups) {
        ctx.checkThread();
        ready();
        glUseProgram(id);
        if (groups <= 0) {
            return;
        }
        long x = Math.min(groups, MAX_GROUPS_PER_DIMENSION);
        long y = (groups + x - 1) / x;
        if (y > MAX_GROUPS_PER_DIMENSION) {
            throw new IllegalArgumentException("too many work groups for " + stem + ": " + groups);
        }
        glDispatchCompute((int) x, (int) y, 1);
    }

    /**
     * Makes the program current and dispatches the work groups a GPU-written command asks for: three
     * uints (x, y, z) at {@code offset} of {@code command}, whose writers the caller orders before
     * this with {@code GL_COMMAND_BARRIER_BIT}. The dispatch-indirect binding is left as it was (a
     * host's own stays bound).
     *
     * @param command the buffer holding the command
     * @param offset its byte offset, a multiple of 4
     */
    public void dispatchIndirect(GlBuffer command, long offset) {
        ctx.checkThread();
        if (offset < 0 || offset % 4 != 0 || offset + 12 > command.bytes()) {
            throw new IllegalArgumentException("no dispatch command at byte " + offset + " of " + command);
        }
        ready();
        glUseProgram(id);
        int previous = ctx.getInteger(GL_DISPATCH_INDIRECT_BUFFER_BINDING);
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, command.id());
        glDispatchComputeIndirect(offset);
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, previous);
    }

    /** Releases this user's reference; the program is deleted when the last one is released. */
    @Override
    public void close() {
        if (users <= 0) {
            return;
        }
        if (--users == 0) {
            ctx.programs.remove(key);
            destroy();
        }
    }

    void destroy() {
        users = 0;
        if (pendingShader != 0) {
            glDeleteShader(pendingShader);
            pendingShader = 0;
        }
        glDeleteProgram(id);
    }

    @Override
    public String toString() {
        return "ComputeProgram[" + stem + ", id " + id + ", local size " + localSizeX + "]";
    }
}
