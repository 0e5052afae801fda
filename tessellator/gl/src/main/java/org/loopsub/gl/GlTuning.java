package org.loopsub.gl;

import java.nio.file.Path;

/**
 * What the {@code loopsub.gl.*} system properties steer in the GL back end, read in one place
 * ({@link #fromSystemProperties()}) and once per process ({@link #PROCESS}): for comparisons and for
 * tuning on a new GPU, never needed to run. docs/architecture.md lists them with what each measured.
 *
 * @param debug {@code loopsub.gl.debug}: LWJGL's GL debug message callback on contexts the back end
 *     makes (and a debug context where the driver offers one)
 * @param fuse {@code loopsub.gl.fuse}: uniform refinement splits its last two levels in one pass
 * @param splitGroup {@code loopsub.gl.splitGroup}: parents per work group of loop_split's regular half
 * @param generalGroup {@code loopsub.gl.generalGroup}: invocations per work group of its general half
 * @param generalGroupLimit {@code loopsub.gl.generalGroupLimit}: the same when records carry limit data
 * @param listGeneral {@code loopsub.gl.listGeneral} ({@code auto}, {@code true}, {@code false}): whether a
 *     plain uniform level's regular half lists the records it leaves and the general half runs over
 *     that list alone; {@code auto}: with limit data or smooth uvs, whose general half is heavy
 * @param resident {@code loopsub.gl.resident}: a prepared mesh's adaptive frames keep their sizes on
 *     the GPU (no host wait); off, they wait once per level
 * @param frameStats {@code loopsub.gl.frameStats}: a GPU mesh prints its frames' figures when closed
 * @param wakeClocks {@code loopsub.gl.wakeClocks}: after a long compile on an NVIDIA GPU, a context
 *     made and dropped on another thread raises the GPU's clocks again ({@link GlContext#wakeClocks})
 * @param programCache {@code loopsub.gl.programCache}: the folder where linked programs are kept for
 *     later processes ({@code ProgramBinaryCache}), or null ({@code off}) for none; by default
 *     {@code loopsub/programs} in {@code $XDG_CACHE_HOME}, else in {@code ~/.cache}
 * @param timeHalves {@code loopsub.gl.timeHalves}: where passes are timed ({@code loopsub bench}), the
 *     general half of loop_split gets a span of its own per level, {@code loop_split.general.<level>}
 *     (with smooth uvs the fused pass's uv channel too, {@code loop_split.uvs.<level>}), and the
 *     {@code loop_split} spans hold the regular halves alone
 * @param generalLanes {@code loopsub.gl.generalLanes} (4 or 1): invocations per general record in a
 *     general half that writes child records (or triangles, in a uniform level without limit data); not
 *     with smooth uvs and limit data together; 1 splits each on one invocation
 * @param lanesUpTo {@code loopsub.gl.lanesUpTo}: the most records an adaptive split (a renderer's frame,
 *     {@code --adaptive}) runs its general half on those lanes; past that, one invocation a record
 * @param splitGroupLinearUvs {@code loopsub.gl.splitGroupLinearUvs}: {@code splitGroup} where records
 *     carry linear uvs and no limit data
 */
public record GlTuning(boolean debug, boolean fuse, int splitGroup, int generalGroup, int generalGroupLimit,
                       Listing listGeneral, boolean resident, boolean frameStats, boolean wakeClocks, Path programCache,
                       boolean timeHalves, int generalLanes, long lanesUpTo, int splitGroupLinearUvs) {
    /** The defaults, what every measured report ran with. */
    public static final GlTuning DEFAULTS = new GlTuning(false, true, 128, 256, 32, Listing.BY_LAYOUT, true, false, true,
            defaultProgramCache(), false, 4, 262_144, 128);

    /** This process's tuning: the system properties as they were when the back end was first used. */
    public static final GlTuning PROCESS = fromSystemProperties();

    /**
     * @throws IllegalArgumentException if a group size is not a positive power of two up to 1024, or
     *     the lanes not 4 or 1
     */
    public GlTuning {
        checkGroup("loopsub.gl.splitGroup", splitGroup);
        checkGroup("loopsub.gl.generalGroup", generalGroup);
        checkGroup("loopsub.gl.generalGroupLimit", generalGroupLimit);
        checkGroup("loopsub.gl.splitGroupLinearUvs", splitGroupLinearUvs);
        if (generalLanes != 1 && generalLanes != 4) {
            throw new IllegalArgumentException("loopsub.gl.generalLanes must be 4 or 1, got " + generalLanes);
        }
    }

    private static void checkGroup(String name, int size) {
        if (size <= 0 || size > 1024 || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException(name + " must be a power of two from 1 to 1024, got " + size);
        }
    }

    /**
     * @return the tuning the {@code loopsub.gl.*} system properties ask for, the defaults where unset
     * @throws IllegalArgumentException if a group size is not a power of two from 1 to 1024, or the
     *     lanes not 4 or 1
     */
    public static GlTuning fromSystemProperties() {
        return new GlTuning(
                Boolean.getBoolean("loopsub.gl.debug"),
                !"false".equals(System.getProperty("loopsub.gl.fuse")),
                Integer.getInteger("loopsub.gl.splitGroup", DEFAULTS.splitGroup()),
                Integer.getInteger("loopsub.gl.generalGroup", DEFAULTS.generalGroup()),
                Integer.getInteger("loopsub.gl.generalGroupLimit", DEFAULTS.generalGroupLimit()),
                Listing.of(System.getProperty("loopsub.gl.listGeneral")),
                !"false".equals(System.getProperty("loopsub.gl.resident")),
                Boolean.getBoolean("loopsub.gl.frameStats"),
                !"false".equals(System.getProperty("loopsub.gl.wakeClocks")),
                programCache(System.getProperty("loopsub.gl.programCache")),
                Boolean.getBoolean("loopsub.gl.timeHalves"),
                Integer.getInteger("loopsub.gl.generalLanes", DEFAULTS.generalLanes()),
                Long.getLong("loopsub.gl.lanesUpTo", DEFAULTS.lanesUpTo()),
                Integer.getInteger("loopsub.gl.splitGroupLinearUvs", DEFAULTS.splitGroupLinearUvs()));
    }

    /** When a plain uniform level lists its general records ({@link #listGeneral}). */
    public enum Listing {
        /** With limit data or smooth uvs. */
        BY_LAYOUT,
        ALWAYS,
        NEVER;

        /**
         * @return the listing a {@code loopsub.gl.listGeneral} value names: {@code auto} (or none),
         *     {@code true}, {@code false}
         * @throws IllegalArgumentException for another value
         */
        static Listing of(String value) {
            if (value == null || value.isBlank() || value.equals("auto")) {
                return BY_LAYOUT;
            }
            if (value.equals("true") || value.equals("false")) {
                return value.equals("true") ? ALWAYS : NEVER;
            }
            throw new IllegalArgumentException("loopsub.gl.listGeneral must be auto, true or false, got " + value);
        }
    }

    /** @return the folder a {@code loopsub.gl.programCache} value names: null for {@code off}, the default for none */
    static Path programCache(String value) {
        if (value == null || value.isBlank()) {
            return defaultProgramCache();
        }
        return value.equals("off") ? null : Path.of(value);
    }

    private static Path defaultProgramCache() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("loopsub").resolve("programs");
    }
}
