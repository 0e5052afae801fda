package org.loopsub.gl;

import static org.lwjgl.opengl.GL43C.GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS;
import static org.lwjgl.opengl.GL43C.GL_MAX_SHADER_STORAGE_BLOCK_SIZE;
import static org.lwjgl.opengl.GL43C.GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS;
import static org.lwjgl.opengl.GL43C.GL_RENDERER;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT;
import static org.lwjgl.opengl.GL43C.GL_VERSION;
import static org.lwjgl.opengl.GL43C.glGetInteger;
import static org.lwjgl.opengl.GL43C.glGetInteger64;
import static org.lwjgl.opengl.GL43C.glGetString;
import static org.lwjgl.opengl.ATIMeminfo.GL_VBO_FREE_MEMORY_ATI;
import static org.lwjgl.opengl.NVXGPUMemoryInfo.GL_GPU_MEMORY_INFO_TOTAL_AVAILABLE_MEMORY_NVX;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.loopsub.api.gpu.GpuTessellators;
import org.lwjgl.PointerBuffer;
import org.lwjgl.egl.EGL;
import org.lwjgl.egl.EGL10;
import org.lwjgl.egl.EGL12;
import org.lwjgl.egl.EGLCapabilities;
import org.lwjgl.egl.EXTDeviceEnumeration;
import org.lwjgl.egl.EXTDeviceQuery;
import org.lwjgl.egl.EXTPlatformBase;
import org.lwjgl.opengl.ARBParallelShaderCompile;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.opengl.GLUtil;
import org.lwjgl.opengl.KHRParallelShaderCompile;
import org.lwjgl.system.Callback;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.FunctionProvider;
import org.lwjgl.system.JNI;
import org.lwjgl.system.Library;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.system.SharedLibrary;

/**
 * A GL 4.3+ context this library may use. One owner, bound to one thread: every GL call of this package
 * must come from the thread that created (or wrapped) it, and {@link #close()} too.
 *
 * <p>{@link #createHeadless()} needs no display: it tries the EGL device platform (NVIDIA and other
 * hardware drivers), then Mesa's surfaceless platform (llvmpipe in CI), then the default EGL display.
 * {@link #wrapCurrent()} adopts a context someone else made current (an application's window), and its
 * {@code close()} leaves that context alone.
 *
 * <p>The context also owns the cache of {@link ComputeProgram}s built on it; closing the context deletes
 * any still cached.
 */
public final class GlContext implements AutoCloseable {
    // EGL enums spelled out: LWJGL spreads them over version and extension classes
    private static final int EGL_SUCCESS = 0x3000;
    private static final int EGL_VENDOR = 0x3053;
    private static final int EGL_EXTENSIONS = 0x3055;
    private static final int EGL_NONE = 0x3038;
    private static final int EGL_SURFACE_TYPE = 0x3033;
    private static final int EGL_PBUFFER_BIT = 0x0001;
    private static final int EGL_RENDERABLE_TYPE = 0x3040;
    private static final int EGL_OPENGL_BIT = 0x0008;
    private static final int EGL_OPENGL_API = 0x30A2;
    private static final int EGL_WIDTH = 0x3057;
    private static final int EGL_HEIGHT = 0x3056;
    private static final int EGL_CONTEXT_MAJOR_VERSION = 0x3098;
    private static final int EGL_CONTEXT_MINOR_VERSION = 0x30FB;
    private static final int EGL_CONTEXT_OPENGL_PROFILE_MASK = 0x30FD;
    private static final int EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT = 0x1;
    private static final int EGL_CONTEXT_OPENGL_DEBUG = 0x31B0;
    private static final int EGL_PLATFORM_DEVICE_EXT = 0x313F;
    private static final int EGL_PLATFORM_SURFACELESS_MESA = 0x31DD;

    private static final int GL_SUBGROUP_SIZE_KHR = 0x9532;
    private static final int GL_SUBGROUP_SUPPORTED_STAGES_KHR = 0x9533;
    private static final int GL_SUBGROUP_SUPPORTED_FEATURES_KHR = 0x9534;
    private static final int GL_COMPUTE_SHADER_BIT = 0x20;
    private static final int GL_SUBGROUP_FEATURE_ARITHMETIC_BIT_KHR = 0x4;
    private static final int GL_SUBGROUP_FEATURE_BALLOT_BIT_KHR = 0x8;

    /** glMaxShaderCompilerThreads' "as many as the implementation likes". */
    private static final int ALL_COMPILER_THREADS = 0xFFFFFFFF;

    private static final ThreadLocal<GlContext> CURRENT = new ThreadLocal<>();
    /** EGL displays are per-process singletons: terminate one only when its last context is gone. */
    private static final Map<Long, Integer> DISPLAY_USERS = new HashMap<>();
    private static SharedLibrary libOpenGL;

    private final long display;
    private final long context;
    private final long surface;
    private final boolean owned;
    private final String route;
    private final Thread owner;
    /** The window-system API the context was made through ({@link NativeContexts#EGL} or GLX). */
    private final int api;
    /** Its handle in that API: what {@link #checkCurrent} compares with the thread's current one. */
    private final long handle;
    private final GLCapabilities caps;
    private final Callback debugCallback;
    private final String renderer;
    private final String version;
    private final boolean subgroups;
    private final int subgroupSize;
    private final long maxStorageBlockSize;
    private final int storageOffsetAlignment;
    private final long memoryBytes;
    private final String memorySource;
    final Map<String, ComputeProgram> programs = new HashMap<>();
    private long wakes;
    /** Host time spent waiting for compiles (ComputeProgram.ready of a program built from source). */
    long compileWaitNanos;
    /** Linked programs kept on disk for later processes (off where the driver offers no binaries). */
    private final ProgramBinaryCache binaries;
    /** Programs compiled and linked on this context, for tests and tuning (a frame should build none). */
    long programsBuilt;
    /** Buffers allocated on this context, for tests and tuning (a frame at a steady size allocates none). */
    long buffersAllocated;
    /** Reads of buffer contents back to the host, each a wait for the GPU (a frame should make at most one). */
    long readBacks;
    private boolean closed;
    /**
     * Native memory for the small values GL calls take or give by address on this context's thread
     * ({@link #scratch}): LWJGL's convenience methods pass them through its {@code MemoryStack}, and
     * wrap the memory in a new NIO buffer object at each call, garbage in every frame.
     */
    private long scratch;
    private long scratchBytes;
    /**
     * Eight bytes of its own for the state queries ({@link #getInteger} and the like), apart from
     * {@link #scratch}: a query issued while staged bytes or a clear value wait in the scratch (a
     * buffer write on a context below GL 4.5 saves the copy-write binding first) would overwrite
     * them. It did: below 4.5 every staged upload lost its first word and every fill took the old
     * binding's name for its value (NVIDIA gives GLFW's 4.3 request exactly 4.3, Mesa gives 4.5).
     */
    private long queryScratch;
    /** The context that was current through this class when this one was made: current again after close. */
    private GlContext previous;
    /** Binding points the passes use (0 to 18), and storage blocks the largest of them declares. */
    private static final int STORAGE_BINDINGS_NEEDED = 19;
    private static final int STORAGE_BLOCKS_NEEDED = 14;

    private GlContext(long display, long context, long surface, boolean owned, String route, int api, long handle) {
        this.display = display;
        this.context = context;
        this.surface = surface;
        this.owned = owned;
        this.route = route;
        this.owner = Thread.currentThread();
        this.api = api;
        this.handle = handle;
        GLCapabilities c;
        try {
            c = GL.getCapabilities();
        } catch (IllegalStateException none) {
            c = null;
        }
        if (c == null || owned) {
            c = GL.createCapabilities();
        }
        this.caps = c;
        if (!caps.OpenGL43) {
            throw new GlUnavailableException("OpenGL 4.3 needed for compute shaders, context has "
                    + glGetString(GL_VERSION) + " (" + route + ")");
        }
        // GL 4.3 promises 8 storage blocks per compute shader and 8 binding points; the passes use
        // binding points 0 to 18 and up to 14 blocks in one shader (loop_split) (every desktop driver has more)
        int bindings = glGetInteger(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS);
        int blocks = glGetInteger(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS);
        if (bindings < STORAGE_BINDINGS_NEEDED || blocks < STORAGE_BLOCKS_NEEDED) {
            throw new GlUnavailableException("the compute passes need " + STORAGE_BINDINGS_NEEDED
                    + " shader storage binding points and " + STORAGE_BLOCKS_NEEDED + " storage blocks per compute shader, "
                    + glGetString(GL_RENDERER) + " has " + bindings + " and " + blocks + " (" + route + ")");
        }
        // Let the driver compile on its own threads: GlPasses issues every program a run needs before
        // it asks for any of them, so they build side by side (ComputeProgram's deferred link).
        if (caps.GL_KHR_parallel_shader_compile) {
            KHRParallelShaderCompile.glMaxShaderCompilerThreadsKHR(ALL_COMPILER_THREADS);
        } else if (caps.GL_ARB_parallel_shader_compile) {
            ARBParallelShaderCompile.glMaxShaderCompilerThreadsARB(ALL_COMPILER_THREADS);
        }
        this.debugCallback = owned && GlTuning.PROCESS.debug() ? GLUtil.setupDebugMessageCallback(System.err) : null;
        this.renderer = String.valueOf(glGetString(GL_RENDERER));
        this.version = String.valueOf(glGetString(GL_VERSION));
        this.binaries = ProgramBinaryCache.open(GlTuning.PROCESS.programCache(), renderer, version);
        int sgSize = subgroupSize(caps);
        this.subgroups = sgSize > 0;
        this.subgroupSize = sgSize;
        this.maxStorageBlockSize = glGetInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE);
        this.storageOffsetAlignment = Math.max(4, glGetInteger(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT));
        Memory memory = memory(caps, renderer);
        this.memoryBytes = memory.bytes();
        this.memorySource = memory.source();
        GlChecks.check("context queries");
        scratchBytes = 4096;
        scratch = MemoryUtil.nmemAllocChecked(scratchBytes);
        previous = CURRENT.get();
        CURRENT.set(this);
    }

    /** @return the subgroup size where compute shaders have subgroup arithmetic and ballots, else 0 */
    private static int subgroupSize(GLCapabilities caps) {
        int sgSize = 0;
        if (caps.GL_KHR_shader_subgroup) {
            int stages = glGetInteger(GL_SUBGROUP_SUPPORTED_STAGES_KHR);
            int features = glGetInteger(GL_SUBGROUP_SUPPORTED_FEATURES_KHR);
            int need = GL_SUBGROUP_FEATURE_ARITHMETIC_BIT_KHR | GL_SUBGROUP_FEATURE_BALLOT_BIT_KHR;
            boolean sg = (stages & GL_COMPUTE_SHADER_BIT) != 0 && (features & need) == need;
            sgSize = sg ? glGetInteger(GL_SUBGROUP_SIZE_KHR) : 0;
        }
        return sgSize;
    }

    /** The GPU's memory and where the figure came from ({@code -1, "unknown"} where no source tells). */
    private record Memory(long bytes, String source) {
    }

    private static Memory memory(GLCapabilities caps, String renderer) {
        long memory = -1;
        String source = "unknown";
        if (caps.GL_NVX_gpu_memory_info) {
            memory = 1024L * glGetInteger(GL_GPU_MEMORY_INFO_TOTAL_AVAILABLE_MEMORY_NVX);
            source = "GL_NVX_gpu_memory_info";
        } else if (caps.GL_ATI_meminfo) {
            // the first of four values: the free memory of the pool buffers are made from, in KiB
            try (MemoryStack stack = MemoryStack.stackPush()) {
                java.nio.IntBuffer free = stack.mallocInt(4);
                org.lwjgl.opengl.GL11C.glGetIntegerv(GL_VBO_FREE_MEMORY_ATI, free);
                memory = 1024L * free.get(0);
            }
            source = "GL_ATI_meminfo";
        }
        if (memory <= 0 && isSoftware(renderer)) {
            // a CPU rasteriser's buffers are the process's memory
            java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
                memory = sun.getTotalMemorySize();
                source = "the machine's memory (a software renderer)";
            }
        }
        return memory > 0 ? new Memory(memory, source) : new Memory(-1, "unknown");
    }

    /**
     * Creates a headless context and makes it current on this thread: EGL device platform (hardware
     * devices) -> EGL surfaceless (Mesa) -> EGL default display, asking for the highest core profile
     * from 4.6 down to 4.3.
     *
     * @return the context, current on this thread
     * @throws GlUnavailableException listing why each route failed
     */
    public static GlContext createHeadless() {
        List<String> why = new ArrayList<>();
        Set<String> client = eglClientExtensions();

        GlContext c = tryDevices(client, why);
        if (c == null) {
            c = trySurfaceless(client, why);
        }
        if (c == null) {
            c = tryDisplay("EGL default display", EGL10.eglGetDisplay(0L), why);
        }
        if (c == null) {
            throw new GlUnavailableException("no OpenGL 4.3+ context: " + String.join("; ", why));
        }
        return c;
    }

    /**
     * Raises the GPU's clocks after a long compile, on an NVIDIA GPU: makes a headless context on a
     * thread of its own, finishes it and drops it (about 0.26 s on an H200), then returns.
     *
     * <p>Why: the NVIDIA driver raises the clocks when a context is made and lets them fall after
     * about 3 s without work. A process that compiles its programs for longer than that (a first run,
     * seconds for loop_split's variants) starts refining at idle clocks, and the light, bursty load of
     * refinement does not raise them again: without this call such a process ran its kernels several
     * times slower for its whole life (measured on NVIDIA; docs/design.md, "The first run of a
     * process"). On other GPUs, or where {@link GlTuning#wakeClocks}
     * is off, it does nothing. A context that cannot be made is not an error: the call only loses its
     * effect. May be called on any thread.
     */
    public void wakeClocks() {
        if (!GlTuning.PROCESS.wakeClocks() || !renderer.contains("NVIDIA")) {
            return;
        }
        Thread t = new Thread(() -> {
            try (GlContext other = createHeadless()) {
                org.lwjgl.opengl.GL11C.glFinish();
            } catch (RuntimeException | LinkageError e) {
                // no second context here: the clocks stay where the governor puts them
            }
        }, "loopsub-wake-clocks");
        t.setDaemon(true);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        wakes++;
    }

    /** @return how long this context's thread waited for programs compiled from source, in ns */
    public long compileWaitNanos() {
        return compileWaitNanos;
    }

    /** @return how many times {@link #wakeClocks} made a context to raise the clocks */
    public long clockWakes() {
        return wakes;
    }

    /** @return where this context keeps and finds linked programs */
    ProgramBinaryCache binaries() {
        return binaries;
    }

    /** @return programs this context linked from a binary kept by an earlier build (none compiled) */
    public long programsFromBinaries() {
        return binaries.hits();
    }

    /** @return programs compiled from source on this context so far (a cache hit builds none) */
    public long programsBuilt() {
        return programsBuilt;
    }

    /** @return GL buffers allocated on this context so far, through {@link GlBuffer} */
    public long buffersAllocated() {
        return buffersAllocated;
    }

    /** @return buffer reads to the host on this context so far, through {@link GlBuffer}: each waits for the GPU */
    public long readBacks() {
        return readBacks;
    }

    /**
     * Whether {@link #createHeadless()} can be tried at all, without making a context: the EGL
     * library loads and offers a platform to reach a device. Takes milliseconds, where a context takes
     * tens to hundreds; a {@code null} answer does not promise a GL 4.3 device (creating the context
     * finds that out).
     *
     * @return why no headless context can be made, or {@code null} if it may
     */
    public static String headlessUnavailableReason() {
        try {
            // the default display needs no client extension, so a loadable EGL is enough to try
            eglClientExtensions();
            return null;
        } catch (GlUnavailableException e) {
            return e.getMessage();
        }
    }

    /** Loads the EGL library (once) and returns its client extensions. */
    private static Set<String> eglClientExtensions() {
        synchronized (GlContext.class) {
            try {
                // before GL's static initializer runs, or LWJGL loads the GLX library on its own
                Configuration.OPENGL_EXPLICIT_INIT.set(true);
                EGL.getCapabilities();
            } catch (Throwable t) {
                throw new GlUnavailableException("EGL library not loadable: " + t, t);
            }
        }
        String clientExt = EGL10.eglQueryString(0L, EGL_EXTENSIONS);
        EGL10.eglGetError(); // querying client extensions on EGL 1.4 sets EGL_BAD_DISPLAY
        // LWJGL does not parse the client extension string (its EXT flags read false): do it here
        return new HashSet<>(Arrays.asList(clientExt == null ? new String[0] : clientExt.trim().split("\\s+")));
    }

    /**
     * Wraps the context current on this thread (an application's own). GL capabilities are created if
     * this thread has none; {@link #close()} releases only what this library made on it.
     *
     * @return a view of the current context
     * @throws GlUnavailableException if no context is current on this thread (asked of EGL, then of
     *     GLX, before any GL call), or it is older than 4.3
     */
    public static GlContext wrapCurrent() {
        long egl = NativeContexts.egl();
        if (egl != 0) {
            return new GlContext(0L, 0L, 0L, false, "current context", NativeContexts.EGL, egl);
        }
        long glx = NativeContexts.glx();
        if (glx != 0) {
            return new GlContext(0L, 0L, 0L, false, "current context", NativeContexts.GLX, glx);
        }
        throw new GlUnavailableException("no GL context is current on thread '" + Thread.currentThread().getName()
                + "' (asked EGL and GLX)");
    }

    /** @return the context current on this thread through this class, or throws */
    static GlContext current() {
        GlContext c = CURRENT.get();
        if (c == null || c.closed) {
            throw new IllegalStateException("no GlContext on thread " + Thread.currentThread().getName()
                    + ": create one with GlContext.createHeadless() or GlContext.wrapCurrent()");
        }
        return c;
    }

    private static GlContext tryDevices(Set<String> client, List<String> why) {
        boolean base = client.contains("EGL_EXT_device_base");
        if (!(base || client.contains("EGL_EXT_device_enumeration")) || !client.contains("EGL_EXT_platform_device")
                || !client.contains("EGL_EXT_platform_base")) {
            why.add("EGL device platform: client extensions missing");
            return null;
        }
        boolean query = base || client.contains("EGL_EXT_device_query");
        try (MemoryStack stack = MemoryStack.stackPush()) {
            int[] n = new int[1];
            if (!EXTDeviceEnumeration.eglQueryDevicesEXT(null, n) || n[0] == 0) {
                why.add("EGL device platform: no devices (" + eglError() + ")");
                return null;
            }
            PointerBuffer devices = stack.mallocPointer(n[0]);
            EXTDeviceEnumeration.eglQueryDevicesEXT(devices, n);
            List<String> tried = new ArrayList<>();
            for (int i = 0; i < n[0]; i++) {
                long device = devices.get(i);
                String ext = query ? EXTDeviceQuery.eglQueryDeviceStringEXT(device, EGL_EXTENSIONS) : null;
                // Mesa's software device: the surfaceless route below reaches the same llvmpipe, tested in CI
                if (ext != null && ext.contains("EGL_MESA_device_software")) {
                    tried.add("device " + i + " is software");
                    continue;
                }
                long dpy = EXTPlatformBase.eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, device, (int[]) null);
                GlContext c = tryDisplay("EGL device " + i, dpy, why);
                if (c != null) {
                    return c;
                }
            }
            if (!tried.isEmpty()) {
                why.add("EGL device platform: " + String.join(", ", tried));
            }
            return null;
        } catch (Throwable t) {
            why.add("EGL device platform: " + t);
            return null;
        }
    }

    private static GlContext trySurfaceless(Set<String> client, List<String> why) {
        if (!client.contains("EGL_MESA_platform_surfaceless")) {
            why.add("EGL surfaceless: EGL_MESA_platform_surfaceless missing");
            return null;
        }
        EGLCapabilities ec = EGL.getCapabilities();
        long fn = ec.eglGetPlatformDisplay != 0 ? ec.eglGetPlatformDisplay : ec.eglGetPlatformDisplayEXT;
        if (fn == 0) {
            why.add("EGL surfaceless: no eglGetPlatformDisplay");
            return null;
        }
        // LWJGL's wrappers refuse the NULL native display this platform requires: call the pointer
        long dpy = JNI.callPPP(EGL_PLATFORM_SURFACELESS_MESA, 0L, 0L, fn);
        return tryDisplay("EGL surfaceless", dpy, why);
    }

    private static GlContext tryDisplay(String route, long dpy, List<String> why) {
        if (dpy == 0) {
            why.add(route + ": no display (" + eglError() + ")");
            return null;
        }
        long ctx = 0;
        long surf = 0;
        boolean initialized = false;
        try (MemoryStack stack = MemoryStack.stackPush()) {
            int[] major = new int[1];
            int[] minor = new int[1];
            synchronized (DISPLAY_USERS) {
                if (!EGL10.eglInitialize(dpy, major, minor)) {
                    why.add(route + ": eglInitialize " + eglError());
                    return null;
                }
                DISPLAY_USERS.merge(dpy, 1, Integer::sum);
                initialized = true;
            }
            if (!EGL12.eglBindAPI(EGL_OPENGL_API)) {
                why.add(route + ": eglBindAPI(OpenGL) " + eglError());
                return null;
            }
            String dpyExt = String.valueOf(EGL10.eglQueryString(dpy, EGL_EXTENSIONS));
            boolean surfaceless = dpyExt.contains("EGL_KHR_surfaceless_context");
            boolean noConfig = dpyExt.contains("EGL_KHR_no_config_context");
            long config = chooseConfig(dpy, stack);
            if (config == 0 && !noConfig) {
                why.add(route + ": no OpenGL EGL config");
                return null;
            }
            ctx = createContext(dpy, config);
            if (ctx == 0) {
                why.add(route + ": no 4.3+ core context (" + eglError() + ")");
                return null;
            }
            boolean current = surfaceless && EGL10.eglMakeCurrent(dpy, 0L, 0L, ctx);
            if (!current && config != 0) {
                // drivers without KHR_surfaceless_context still need some surface to be current on
                surf = EGL10.eglCreatePbufferSurface(dpy, config, new int[]{EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE});
                current = surf != 0 && EGL10.eglMakeCurrent(dpy, surf, surf, ctx);
            }
            if (!current) {
                why.add(route + ": eglMakeCurrent " + eglError());
                return null;
            }
            ensureGlFunctions();
            GlContext c = new GlContext(dpy, ctx, surf, true, route + " (" + EGL10.eglQueryString(dpy, EGL_VENDOR)
                    + " EGL " + major[0] + "." + minor[0] + ")", NativeContexts.EGL, ctx);
            ctx = 0; // now owned by c
            surf = 0;
            initialized = false;
            return c;
        } catch (Throwable t) {
            why.add(route + ": " + t);
            return null;
        } finally {
            if (ctx != 0) {
                EGL10.eglMakeCurrent(dpy, 0L, 0L, 0L);
                EGL10.eglDestroyContext(dpy, ctx);
            }
            if (surf != 0) {
                EGL10.eglDestroySurface(dpy, surf);
            }
            if (initialized) {
                releaseDisplay(dpy);
            }
        }
    }

    /** @return an EGL config that renders OpenGL (with a pbuffer surface if it can), or 0 */
    private static long chooseConfig(long dpy, MemoryStack stack) {
        long config = 0;
        PointerBuffer cfg = stack.mallocPointer(1);
        int[][] wanted = {
            {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE},
            {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE}};
        for (int k = 0; k < wanted.length && config == 0; k++) {
            int[] num = new int[1];
            if (EGL10.eglChooseConfig(dpy, wanted[k], cfg, num) && num[0] > 0) {
                config = cfg.get(0);
            }
        }
        return config;
    }

    /**
     * @return the newest OpenGL 4.3+ core context the display gives for {@code config} (0: none; a
     *     debug context first with {@link GlTuning#debug()})
     */
    private static long createContext(long dpy, long config) {
        long ctx = 0;
        boolean debug = GlTuning.PROCESS.debug();
        int[][] versions = {{4, 6}, {4, 5}, {4, 4}, {4, 3}};
        for (int d = debug ? 1 : 0; d >= 0 && ctx == 0; d--) {
            for (int[] v : versions) {
                int[] attribs = d == 1
                        ? new int[]{EGL_CONTEXT_MAJOR_VERSION, v[0], EGL_CONTEXT_MINOR_VERSION, v[1],
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                            EGL_CONTEXT_OPENGL_DEBUG, 1, EGL_NONE}
                        : new int[]{EGL_CONTEXT_MAJOR_VERSION, v[0], EGL_CONTEXT_MINOR_VERSION, v[1],
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
                ctx = EGL10.eglCreateContext(dpy, config, 0L, attribs);
                if (ctx != 0) {
                    break;
                }
            }
        }
        return ctx;
    }

    /** Resolves GL entry points through eglGetProcAddress first, libOpenGL.so.0 second (never GLX). */
    private static synchronized void ensureGlFunctions() {
        if (GL.getFunctionProvider() != null) {
            return;
        }
        try {
            libOpenGL = Library.loadNative(GlContext.class, "org.lwjgl.opengl", "libOpenGL.so.0");
        } catch (Throwable t) {
            libOpenGL = null; // eglGetProcAddress alone covers core GL on EGL 1.5 / KHR_get_all_proc_addresses
        }
        SharedLibrary lib = libOpenGL;
        GL.create(new FunctionProvider() {
            @Override
            public long getFunctionAddress(ByteBuffer name) {
                long a = EGL10.eglGetProcAddress(name);
                return a != 0 || lib == null ? a : lib.getFunctionAddress(name);
            }
        });
    }

    private static void releaseDisplay(long dpy) {
        synchronized (DISPLAY_USERS) {
            Integer users = DISPLAY_USERS.merge(dpy, -1, Integer::sum);
            if (users != null && users <= 0) {
                DISPLAY_USERS.remove(dpy);
                EGL10.eglTerminate(dpy);
            }
        }
    }

    private static String eglError() {
        int e = EGL10.eglGetError();
        return e == EGL_SUCCESS ? "no EGL error" : "EGL error 0x" + Integer.toHexString(e);
    }

    /** @return {@code GL_RENDERER} */
    public String renderer() {
        return renderer;
    }

    /** @return {@code GL_VERSION} */
    public String version() {
        return version;
    }

    /** @return how the context was reached, e.g. {@code EGL surfaceless (Mesa Project EGL 1.5)} */
    public String route() {
        return route;
    }

    /** @return whether the renderer is a CPU rasterizer (llvmpipe, softpipe, SwiftShader...) */
    public boolean isSoftware() {
        return isSoftware(renderer);
    }

    private static boolean isSoftware(String renderer) {
        // one rule for the library and for renderers built on plugin-api (the demo)
        return GpuTessellators.isSoftwareRenderer(renderer);
    }

    /**
     * The memory the GPU has for buffers, as the driver says when the context is made:
     * {@code GL_NVX_gpu_memory_info}'s total available memory (NVIDIA, Mesa), else
     * {@code GL_ATI_meminfo}'s free buffer memory (AMD), else, for a software renderer, the
     * machine's memory. Core GL has no such query.
     *
     * @return bytes, or -1 if the driver does not say
     */
    public long memoryBytes() {
        return memoryBytes;
    }

    /** @return where {@link #memoryBytes()} comes from, for messages */
    public String memorySource() {
        return memorySource;
    }

    /** @return whether compute shaders have {@code GL_KHR_shader_subgroup} with arithmetic and ballot */
    public boolean hasSubgroups() {
        return subgroups;
    }

    /** @return the subgroup size, 0 without subgroups */
    public int subgroupSize() {
        return subgroupSize;
    }

    /** @return {@code GL_MAX_SHADER_STORAGE_BLOCK_SIZE}: the most bytes one SSBO binding may expose */
    public long maxStorageBlockSize() {
        return maxStorageBlockSize;
    }

    /** @return {@code GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT}: ranged bindings start at multiples of it */
    public int storageBufferOffsetAlignment() {
        return storageOffsetAlignment;
    }

    GLCapabilities capabilities() {
        return caps;
    }

    /**
     * Native memory of at least {@code bytes}, for one GL call's values on this thread; the next call
     * may reuse it. Grows (rarely) and is freed with the context.
     *
     * @param bytes how many bytes the call needs
     * @return its address
     */
    long scratch(long bytes) {
        checkThread();
        if (bytes > scratchBytes) {
            long grown = Math.max(bytes, 2 * scratchBytes);
            scratch = MemoryUtil.nmemReallocChecked(scratch, grown);
            scratchBytes = grown;
        }
        return scratch;
    }

    /** The eight bytes a state query writes into; see {@link #queryScratch}. */
    private long queryScratch() {
        checkThread();
        if (queryScratch == 0) {
            queryScratch = MemoryUtil.nmemAllocChecked(8);
        }
        return queryScratch;
    }

    /**
     * {@code glGetIntegeri_v} for one value, without LWJGL's per-call buffer object.
     *
     * @param pname the indexed state to read
     * @param index its index
     * @return its value
     */
    public int getInteger(int pname, int index) {
        long at = queryScratch();
        org.lwjgl.opengl.GL30C.nglGetIntegeri_v(pname, index, at);
        return MemoryUtil.memGetInt(at);
    }

    /**
     * {@code glGetInteger64i_v} for one value, without LWJGL's per-call buffer object.
     *
     * @param pname the indexed state to read
     * @param index its index
     * @return its value
     */
    public long getInteger64(int pname, int index) {
        long at = queryScratch();
        org.lwjgl.opengl.GL32C.nglGetInteger64i_v(pname, index, at);
        return MemoryUtil.memGetLong(at);
    }

    /**
     * {@code glGetIntegerv} for one value, without LWJGL's per-call buffer object.
     *
     * @param pname the state to read
     * @return its value
     */
    public int getInteger(int pname) {
        long at = queryScratch();
        org.lwjgl.opengl.GL11C.nglGetIntegerv(pname, at);
        return MemoryUtil.memGetInt(at);
    }

    /**
     * The size of a buffer object named by the caller (a renderer's buffer, not a {@link GlBuffer}),
     * through this context's query scratch like the other state queries: GL 4.5's query by name, or
     * below it the buffer bound to {@code GL_COPY_READ_BUFFER} for the query and the binding put back.
     *
     * @param buffer a GL buffer name
     * @return its size in bytes, or -1 if the name is 0 or no buffer object of this context
     */
    public long bufferSize(int buffer) {
        checkThread();
        if (buffer == 0 || !org.lwjgl.opengl.GL15C.glIsBuffer(buffer)) {
            return -1;
        }
        if (caps.OpenGL45) {
            long at = queryScratch();
            org.lwjgl.opengl.GL45C.nglGetNamedBufferParameteri64v(buffer, org.lwjgl.opengl.GL15C.GL_BUFFER_SIZE, at);
            return MemoryUtil.memGetLong(at);
        }
        int previous = getInteger(org.lwjgl.opengl.GL42C.GL_COPY_READ_BUFFER_BINDING);
        org.lwjgl.opengl.GL15C.glBindBuffer(org.lwjgl.opengl.GL31C.GL_COPY_READ_BUFFER, buffer);
        long at = queryScratch();
        org.lwjgl.opengl.GL32C.nglGetBufferParameteri64v(org.lwjgl.opengl.GL31C.GL_COPY_READ_BUFFER,
                org.lwjgl.opengl.GL15C.GL_BUFFER_SIZE, at);
        long size = MemoryUtil.memGetLong(at);
        org.lwjgl.opengl.GL15C.glBindBuffer(org.lwjgl.opengl.GL31C.GL_COPY_READ_BUFFER, previous);
        return size;
    }

    /**
     * {@code glGetQueryObjecti64v} for one value, without LWJGL's per-call buffer object.
     *
     * @param query the query
     * @param pname what to read, e.g. {@code GL_QUERY_RESULT}
     * @return its value
     */
    public long getQueryObjecti64(int query, int pname) {
        long at = queryScratch();
        org.lwjgl.opengl.GL33C.nglGetQueryObjecti64v(query, pname, at);
        return MemoryUtil.memGetLong(at);
    }

    /** @return whether {@link #close()} was called */
    public boolean isClosed() {
        return closed;
    }

    /** Fails fast where a GL call would otherwise go to another thread's context or none. */
    void checkThread() {
        if (closed) {
            throw new IllegalStateException("GlContext is closed");
        }
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("GlContext belongs to thread " + owner.getName() + ", called from "
                    + Thread.currentThread().getName());
        }
    }

    /**
     * Fails fast, before any GL call, unless this context is current on its own thread: a GL call
     * with no context current aborts the JVM (LWJGL), and one with another context current works on
     * that context's objects. One native call; allocates nothing unless it throws.
     *
     * <p>LWJGL keeps its own per-thread table of GL functions beside the native current context, and
     * calls through a cleared table abort the JVM as surely as calls with no context. Other code on
     * the thread clears it ({@code GL.setCapabilities(null)}, or closing another library's context)
     * while ours stays current; then the table made for this context is set again, since it is the
     * right one for the context that is current.
     *
     * @param user what is bound to this context, for the message (e.g. {@code the GPU tessellator})
     * @throws IllegalStateException saying which rule was broken: this context is closed, no context
     *     is current on the calling thread, a different one is, or the call comes from another thread
     */
    public void checkCurrent(String user) {
        if (closed) {
            throw new IllegalStateException(user + ": its GlContext is closed");
        }
        if (NativeContexts.current(api) != handle || Thread.currentThread() != owner) {
            throw new IllegalStateException(notCurrent(user));
        }
        restoreCapabilities();
    }

    private void restoreCapabilities() {
        try {
            GL.getCapabilities();
        } catch (IllegalStateException cleared) {
            GL.setCapabilities(caps);
        }
    }

    private String notCurrent(String user) {
        String thread = "thread '" + Thread.currentThread().getName() + "'";
        String ours = NativeContexts.describe(api, handle) + ", current on thread '" + owner.getName()
                + "' when it was made";
        String now = NativeContexts.describeCurrent();
        if (now == null) {
            return "no GL context is current on " + thread + "; " + user + " belongs to the " + ours;
        }
        if (NativeContexts.current(api) != handle) {
            return "a different GL context (" + now + ") is current on " + thread + " than the one " + user
                    + " was made for (" + ours + ")";
        }
        return user + " belongs to thread '" + owner.getName() + "', called from " + thread
                + " (the same GL context is current there, but each thread has its own GL function table)";
    }

    /**
     * Deletes the programs still cached on this context, then (if this library created it) releases and
     * destroys the EGL context. The headless context of this library that was current before it, if
     * any, is made current again with its GL capabilities; otherwise none is left current, LWJGL's
     * capabilities for this thread are cleared and {@code eglReleaseThread} is called. Must be called
     * on the owning thread. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        checkThread();
        GlContext reinstate = null;
        for (ComputeProgram p : new ArrayList<>(programs.values())) {
            p.destroy();
        }
        programs.clear();
        closed = true;
        if (CURRENT.get() == this) {
            // a wrapped context (a renderer's, or a tessellator's view of it) hands back to the one
            // before it, so that closing a view does not leave the thread without its context
            GlContext back = previous;
            while (back != null && back.closed) {
                back = back.previous;
            }
            if (back != null) {
                CURRENT.set(back);
            } else {
                CURRENT.remove();
            }
            if (owned && back != null) {
                // releasing this one below leaves no context current; where the one before it is a
                // headless context of this library (or a view of one), it is made current again
                reinstate = madeHere(back);
            }
        }
        if (debugCallback != null) {
            debugCallback.free();
        }
        MemoryUtil.nmemFree(scratch);
        scratch = 0;
        scratchBytes = 0;
        MemoryUtil.nmemFree(queryScratch);
        queryScratch = 0;
        if (owned) {
            GL.setCapabilities(null);
            EGL10.eglMakeCurrent(display, 0L, 0L, 0L);
            EGL10.eglDestroyContext(display, context);
            if (surface != 0) {
                EGL10.eglDestroySurface(display, surface);
            }
            releaseDisplay(display);
            if (reinstate != null) {
                EGL10.eglMakeCurrent(reinstate.display, reinstate.surface, reinstate.surface, reinstate.context);
                GL.setCapabilities(reinstate.caps);
            } else {
                // without it NVIDIA's EGL crashes at process exit (seen with driver 580 on H100/H200)
                EGL12.eglReleaseThread();
            }
        }
    }

    /** @return the unclosed context this library made whose native context {@code c} is, or null */
    private static GlContext madeHere(GlContext c) {
        for (GlContext at = c; at != null; at = at.previous) {
            if (!at.closed && at.owned && at.api == c.api && at.handle == c.handle) {
                return at;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "GlContext[" + renderer + ", " + version + ", " + route + "]";
    }
}
