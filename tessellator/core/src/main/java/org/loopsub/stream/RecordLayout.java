package org.loopsub.stream;

/**
 * Where everything sits in a triangle record. One layout serves a whole refinement (it depends only
 * on the mesh's largest fan) and is shared by the Java back end and the shaders, which receive its
 * numbers as {@code #define}s.
 *
 * <h2>Points ({@link #pointFloats()} floats: x, y, z per slot)</h2>
 * <pre>
 *   slot 0, 1, 2         corners A, B, C (counter-clockwise)
 *   slot 3 + e           D_e, the vertex opposite edge e across it (edge e runs corner e to e+1);
 *                        zero when edge e is a boundary edge
 *   slot 6 + c*F + j     the fan of corner c: its ring vertices that are neither a corner nor a D
 *   slot 6 + 3F + c      with {@link #carriesNormals()}: the limit normal of corner c, fixed where the
 *                        vertex was born (not unit length: only its direction means anything)
 *   slot 9 + 3F + c      with {@link #limit()}: the limit position of corner c, fixed where it was born
 * </pre>
 * With {@link #creases()}, the floats after the point slots hold the sharpness of every spoke (at
 * {@link #spokeSharpness(int)}, indexed like its complete bit) and of every corner
 * ({@link #cornerSharpness(int)}); boundary spokes are not stored (a boundary is always
 * infinitely sharp) and a record with any sharpness above zero has {@link #SHARP} set in meta[0];
 * with {@link #chaikin()} every spoke also carries the average sharpness at its far end
 * ({@link #spokeFar(int)}). With {@link #uvs()}, each corner's uv in this face follows
 * ({@link #uvFloat(int, int)}); with {@link #smoothUvs()} then every spoke's seam code
 * ({@link #uvSeam}) and far-end uvs on both sides ({@link #uvFar}), every corner's pin
 * ({@link #uvPin}) and, with {@link #limit()}, its limit uv ({@link #uvLimit}); a {@link #SEAMLESS}
 * record (the child of a seamless regular one) holds one uv per point slot ({@link #uvSlot}) where
 * the others hold their seam codes, far-end uvs and pins.
 * A vertex's limit position and normal never change with refinement, so a record computes them only
 * for the three vertices its split creates (the midpoints of its own edges) and copies the rest from
 * the parent: every record holding a vertex holds the same bits for it.
 * The ring of corner c, counter-clockwise from N = corner c+1, is therefore
 * {@code N, P = corner c+2, [D_{c+2}], fan..., [D_c]}, where a D is present when its edge is interior.
 * A valence-3 interior corner has {@code D_{c+2} == D_c} (its fan length is -1): the ring is
 * {@code N, P, D}.
 *
 * <h2>Metadata ({@link #metaInts()} ints)</h2>
 * <pre>
 *   meta[0]  bits 0-7, 8-15, 16-23: valence k_c of corners 0, 1, 2;
 *            bits 24-26: neighbour-finished bit of edges 0, 1, 2;
 *            bit 27: {@link #SHARP}, some spoke or corner of the record has a sharpness;
 *            bits 28-30: {@link #STALE} per corner, its limit depends on the level;
 *            bit 31: {@link #SEAMLESS}, with smooth uvs one uv per point slot
 *   meta[1]  bits 0-7, 8-15, 16-23: gap g_c of corners 0, 1, 2: the ring has no triangle between
 *            positions g and g+1 (mod k); {@link #NO_GAP} for an interior vertex
 *   meta[2..] complete bits, one per spoke slot:
 *            bit e            edge e (e = 0, 1, 2)
 *            bit 3 + 2e       spoke (corner e,   D_e)
 *            bit 4 + 2e       spoke (corner e+1, D_e)
 *            bit 9 + c*F + j  spoke (corner c, fan_c[j])
 * </pre>
 * Edge c is a boundary edge exactly when {@code g_c == k_c - 1} (equivalently {@code g_{c+1} == 1}).
 */
public final class RecordLayout {
    /** Gap value of an interior vertex. */
    public static final int NO_GAP = 0xFF;
    /** The largest valence a record can describe (8-bit fields): the validator's limit. */
    public static final int MAX_VALENCE = org.loopsub.mesh.MeshValidator.MAX_VALENCE;
    /** Points every record has before the fans: three corners and three opposite vertices. */
    public static final int FIXED_POINTS = 6;
    /** Spoke bits before the fan bits. */
    public static final int FIXED_SPOKES = 9;
    /** Fan capacity that vertices created by subdivision need (valence 6 interior, 4 boundary). */
    public static final int MIN_FAN = 2;

    private final int fanCapacity;
    private final int pointSlots;
    private final int metaInts;
    private final boolean normals;
    private final boolean limit;
    private final boolean creases;
    private final int sharpBase;
    private final boolean uvs;
    private final int uvBase;
    private final boolean chaikin;
    private final int farBase;
    private final boolean smoothUvs;
    private final int uvSeamBase;
    private final int uvFarBase;
    private final int uvPinBase;
    private final boolean uvLimits;
    private final boolean birthNormals;

    /** @return whether sharpness decays by Chaikin's rule (spokes carry their far-end averages) */
    public boolean chaikin() {
        return chaikin;
    }

    /**
     * @return the float holding, for the spoke whose complete bit is {@code bit}, the average sharpness
     *     of the other semi-sharp edges at its far end, or -1 when there are none (with {@link #chaikin()};
     *     not used for the record's own edges, whose far end is a corner of the record)
     */
    public int spokeFar(int bit) {
        return farBase + bit;
    }

    /** @return whether records carry texture coordinates (and output vertices a uv) */
    public boolean uvs() {
        return uvs;
    }

    /** @return the float holding coordinate {@code axis} (0 u, 1 v) of corner c's uv in this face */
    public int uvFloat(int c, int axis) {
        return uvBase + 2 * c + axis;
    }

    /** @return whether uvs refine by the smooth rule (OpenSubdiv's FVAR_LINEAR_CORNERS_ONLY) */
    public boolean smoothUvs() {
        return smoothUvs;
    }

    /**
     * @return the float holding the seam code of the spoke whose complete bit is {@code bit} (with
     *     {@link #smoothUvs()}): for the record's own edge e, {@link #UV_SEAM_NEAR} when its two faces
     *     carry different uvs at corner e and {@link #UV_SEAM_FAR} when they do at corner e+1; for
     *     any other spoke, NEAR at its corner and FAR at its far end. A boundary spoke has none.
     */
    public int uvSeam(int bit) {
        return uvSeamBase + bit;
    }

    /**
     * @return the float holding coordinate {@code axis} of a uv beside the spoke whose complete bit
     *     is {@code bit} (with {@link #smoothUvs()}): for the record's own edge e, side 0 is corner
     *     e+1's uv and side 1 corner e's, both in the face across the edge (the D face); for any other
     *     spoke, its far end's uv in the face clockwise (side 0) and counter-clockwise (side 1) of it
     *     around its corner. Where a side has no face it repeats the other.
     */
    public int uvFar(int bit, int side, int axis) {
        return uvFarBase + 4 * bit + 2 * side + axis;
    }

    /**
     * @return the float holding coordinate {@code axis} of the uv of point slot {@code slot} of a
     *     {@link #SEAMLESS} record (with {@link #smoothUvs()}): where a full record keeps its corners'
     *     uvs ({@link #uvFloat}) and then its seam codes and far-end uvs
     */
    public int uvSlot(int slot, int axis) {
        return uvBase + 2 * slot + axis;
    }

    /**
     * @return the float that is 1 when corner c's uv in this face is pinned (with {@link #smoothUvs()}):
     *     the same value sits in two separate runs of faces around the vertex, so it stays put
     */
    public int uvPin(int c) {
        return uvPinBase + c;
    }

    /**
     * @return the float holding coordinate {@code axis} of corner c's limit uv (with {@link #smoothUvs()}
     *     and {@link #limit()}): the limit of its value in this face, fixed where the vertex was born
     */
    public int uvLimit(int c, int axis) {
        return uvPinBase + 3 + 2 * c + axis;
    }

    /** @return whether records carry limit uvs ({@link #uvLimit}), which output vertices then show */
    public boolean uvLimits() {
        return uvLimits;
    }

    /** @return the float output vertices take corner c's uv coordinate from: its limit uv or its uv */
    public int outputUvFloat(int c, int axis) {
        return uvLimits ? uvLimit(c, axis) : uvFloat(c, axis);
    }

    /** Seam code bit: the spoke's two faces carry different uvs at its near end (own edge e: corner e). */
    public static final int UV_SEAM_NEAR = 1;
    /** Seam code bit: the spoke's two faces carry different uvs at its far end (own edge e: corner e+1). */
    public static final int UV_SEAM_FAR = 2;

    /** @return the float of an output vertex where its uv starts ({@link #vertexFloats()} floats per vertex) */
    public int vertexUv() {
        return normals ? 6 : 3;
    }

    /** Bit of meta[0]: the record has a spoke or corner with sharpness above zero (general path). */
    public static final int SHARP = 1 << 27;
    /**
     * Bit of meta[0] (with {@link #smoothUvs()}): the record is the child of a seamless regular record,
     * regular and seamless itself, and carries one uv per point slot ({@link #uvSlot}) instead of
     * seam codes, far-end uvs and pins, which it leaves undefined: a third of the bytes.
     */
    public static final int SEAMLESS = 1 << 31;
    /**
     * Bit of meta[0] for corner c is {@code STALE << c}: the vertex's limit depends on the level it is
     * taken at (a dart, or semi-sharp sharpness on it or its edges), so the last split of a uniform
     * refinement takes it again (general path).
     */
    public static final int STALE = 1 << 28;
    /** The bits that send a record to the general path of the split. */
    public static final int GENERAL_BITS = SHARP | STALE | STALE << 1 | STALE << 2;
    /** The three valences of meta[0], one byte each. */
    public static final int VALENCE_BITS = 0x00FFFFFF;
    /**
     * The bits of meta[0] a regular record (every corner interior of valence 6, no general bit) is
     * told by: the valences and {@link #GENERAL_BITS}, not the neighbour-finished bits.
     */
    public static final int REGULAR_MASK = VALENCE_BITS | GENERAL_BITS;

    /**
     * What records carry beyond positions; each is also the name of the shaders' feature macro
     * ({@link #macro()}), so the passes and their twins are configured from one set.
     */
    public enum Feature {
        /** each corner's limit normal (output triangles then carry a normal per corner) */
        NORMALS,
        /**
         * each corner's limit position, which output triangles take instead of the control point
         * (implies {@link #NORMALS})
         */
        LIMIT,
        /** spoke and corner sharpness (the mesh has creases or corners) */
        CREASES,
        /** each corner's texture coordinate in this face, and output vertices a uv (linear rule) */
        UVS,
        /**
         * with {@link #CREASES}: Chaikin's creasing, for which every spoke also carries the average
         * sharpness of the other semi-sharp edges at its far end ({@link #spokeFar})
         */
        CHAIKIN,
        /**
         * with {@link #UVS}: the smooth face-varying rule, for which every spoke also carries its seams
         * and its far end's uv on both sides ({@link #uvSeam}, {@link #uvFar}) and every corner whether
         * its value is pinned ({@link #uvPin})
         */
        SMOOTH_UVS,
        /**
         * with {@link #NORMALS}: every vertex keeps the limit normal it was born with, where a boundary
         * vertex of {@code LoopRules.LEVEL_DEPENDENT_BOUNDARY} or more neighbours would take it again at
         * each level. Adaptive displacement asks for it: its corners move along their normal, so the
         * corners of one vertex in triangles finished at different levels must carry the same bits.
         * No slot changes.
         */
        BIRTH_NORMALS;

        /** @return the shaders' macro for it, defined as 1 when the layout has it */
        public String macro() {
            return name();
        }
    }

    /**
     * A layout that carries positions only.
     *
     * @param fanCapacity F, the most fan slots any corner needs
     * @return the layout
     */
    public static RecordLayout of(int fanCapacity) {
        return of(fanCapacity, java.util.EnumSet.noneOf(Feature.class));
    }

    /**
     * @param fanCapacity F, the most fan slots any corner needs
     * @param features what records carry beyond positions; {@link Feature#LIMIT} brings
     *     {@link Feature#NORMALS}, and {@link Feature#CHAIKIN} and {@link Feature#SMOOTH_UVS} count only
     *     with {@link Feature#CREASES} and {@link Feature#UVS} ({@link #features()} tells what holds)
     * @return the layout
     * @throws IllegalArgumentException if {@code fanCapacity} is below {@link #MIN_FAN}
     */
    public static RecordLayout of(int fanCapacity, java.util.Set<Feature> features) {
        return new RecordLayout(fanCapacity, features.contains(Feature.NORMALS), features.contains(Feature.LIMIT),
                features.contains(Feature.CREASES), features.contains(Feature.UVS), features.contains(Feature.CHAIKIN),
                features.contains(Feature.SMOOTH_UVS), features.contains(Feature.BIRTH_NORMALS));
    }

    /** @return what the records carry, implied features included (a new set) */
    public java.util.EnumSet<Feature> features() {
        java.util.EnumSet<Feature> f = java.util.EnumSet.noneOf(Feature.class);
        if (normals) {
            f.add(Feature.NORMALS);
        }
        if (limit) {
            f.add(Feature.LIMIT);
        }
        if (creases) {
            f.add(Feature.CREASES);
        }
        if (uvs) {
            f.add(Feature.UVS);
        }
        if (chaikin) {
            f.add(Feature.CHAIKIN);
        }
        if (smoothUvs) {
            f.add(Feature.SMOOTH_UVS);
        }
        if (birthNormals) {
            f.add(Feature.BIRTH_NORMALS);
        }
        return f;
    }

    private RecordLayout(int fanCapacity, boolean normals, boolean limit, boolean creases, boolean uvs,
                         boolean chaikin, boolean smoothUvs, boolean birthNormals) {
        if (fanCapacity < MIN_FAN) {
            throw new IllegalArgumentException("fan capacity must be >= " + MIN_FAN);
        }
        this.fanCapacity = fanCapacity;
        this.normals = normals || limit;
        this.limit = limit;
        this.creases = creases;
        this.pointSlots = FIXED_POINTS + 3 * fanCapacity + (this.normals ? 3 : 0) + (limit ? 3 : 0);
        this.sharpBase = 3 * pointSlots;
        this.uvs = uvs;
        this.chaikin = creases && chaikin;
        this.farBase = sharpBase + (creases ? FIXED_SPOKES + 3 * fanCapacity + 3 : 0);
        this.uvBase = farBase + (this.chaikin ? FIXED_SPOKES + 3 * fanCapacity : 0);
        this.smoothUvs = uvs && smoothUvs;
        this.uvSeamBase = uvBase + 6;
        this.uvFarBase = uvSeamBase + FIXED_SPOKES + 3 * fanCapacity;
        this.uvPinBase = uvFarBase + 4 * (FIXED_SPOKES + 3 * fanCapacity);
        this.uvLimits = this.smoothUvs && limit;
        this.metaInts = 2 + (FIXED_SPOKES + 3 * fanCapacity + 31) / 32;
        this.birthNormals = this.normals && birthNormals;
    }

    /** @return whether every vertex keeps the limit normal it was born with ({@link Feature#BIRTH_NORMALS}) */
    public boolean birthNormals() {
        return birthNormals;
    }

    /** @return whether records carry sharpness (creases and corners) */
    public boolean creases() {
        return creases;
    }

    /** @return spokes per record, {@code 9 + 3F}: complete bits and sharpness values */
    public int spokes() {
        return FIXED_SPOKES + 3 * fanCapacity;
    }

    /** @return the float holding the sharpness of the spoke whose complete bit is {@code bit} */
    public int spokeSharpness(int bit) {
        return sharpBase + bit;
    }

    /** @return the float holding corner c's vertex sharpness */
    public int cornerSharpness(int c) {
        return sharpBase + spokes() + c;
    }

    /** @return whether records carry limit normals and output corners have a normal */
    public boolean carriesNormals() {
        return normals;
    }

    /** @return whether records carry limit positions and output corners sit on the limit surface */
    public boolean limit() {
        return limit;
    }

    /** @return the slot of corner c's limit normal (only with {@link #carriesNormals()}) */
    public int normalSlot(int c) {
        return FIXED_POINTS + 3 * fanCapacity + c;
    }

    /** @return the slot of corner c's limit position (only with {@link #limit()}) */
    public int limitSlot(int c) {
        return FIXED_POINTS + 3 * fanCapacity + 3 + c;
    }

    /** @return the slot output triangles take corner c's position from */
    public int outputSlot(int c) {
        return limit ? limitSlot(c) : c;
    }

    /**
     * @return floats per output vertex (Java back end): its position, then with {@link #carriesNormals()}
     *     its normal, then with {@link #uvs()} its uv
     */
    public int vertexFloats() {
        return (normals ? 6 : 3) + (uvs ? 2 : 0);
    }

    /** @return floats per output triangle ({@code 3 * vertexFloats()}) */
    public int triangleFloats() {
        return 3 * vertexFloats();
    }

    /** @return F, the fan slots per corner */
    public int fanCapacity() {
        return fanCapacity;
    }

    /**
     * @return the longest ring a corner can have: N, P, two D's and a full fan (the size of the
     *     split's per-ring scratch, in both back ends)
     */
    public int ringMax() {
        return fanCapacity + 4;
    }

    /** @return point slots per record */
    public int pointSlots() {
        return pointSlots;
    }

    /** @return floats per record (x, y, z per point slot) */
    public int pointFloats() {
        return 3 * pointSlots + (creases ? spokes() + 3 : 0) + (chaikin ? spokes() : 0) + (uvs ? 6 : 0)
                + (smoothUvs ? 5 * spokes() + 3 : 0) + (uvLimits ? 6 : 0);
    }

    /** @return ints of metadata per record */
    public int metaInts() {
        return metaInts;
    }

    /**
     * @param c corner
     * @param j position in its fan
     * @return the point slot
     */
    public int fanSlot(int c, int j) {
        return FIXED_POINTS + c * fanCapacity + j;
    }

    /**
     * @param c corner
     * @param j position in its fan
     * @return the spoke bit
     */
    public int fanBit(int c, int j) {
        return FIXED_SPOKES + c * fanCapacity + j;
    }

    // ---- metadata fields ----

    /** Bits of a corner's field in meta[0] (its valence) and meta[1] (its gap): corner c's at {@code c} times this. */
    public static final int CORNER_FIELD_BITS = 8;
    /** A corner's field, shifted down. */
    public static final int CORNER_FIELD_MASK = 0xFF;
    /** Where meta[0]'s neighbour-finished bits (one per edge) start. */
    public static final int NEIGHBOUR_FINISHED_SHIFT = 24;
    /** The neighbour-finished bits, shifted down. */
    public static final int NEIGHBOUR_FINISHED_MASK = 7;

    /** @return k_c from meta[0] */
    public static int valence(int meta0, int c) {
        return (meta0 >>> (CORNER_FIELD_BITS * c)) & CORNER_FIELD_MASK;
    }

    /** @return g_c from meta[1] */
    public static int gap(int meta1, int c) {
        return (meta1 >>> (CORNER_FIELD_BITS * c)) & CORNER_FIELD_MASK;
    }

    /** @return the neighbour-finished bits of edges 0..2 from meta[0] */
    public static int neighbourFinished(int meta0) {
        return (meta0 >>> NEIGHBOUR_FINISHED_SHIFT) & NEIGHBOUR_FINISHED_MASK;
    }

    /** @return meta[0] from its fields */
    public static int packMeta0(int k0, int k1, int k2, int neighbourFinished) {
        return k0 | k1 << CORNER_FIELD_BITS | k2 << 2 * CORNER_FIELD_BITS | neighbourFinished << NEIGHBOUR_FINISHED_SHIFT;
    }

    /** @return meta[1] from its fields */
    public static int packMeta1(int g0, int g1, int g2) {
        return g0 | g1 << CORNER_FIELD_BITS | g2 << 2 * CORNER_FIELD_BITS;
    }

    /**
     * @param k valence of the corner
     * @param g its gap
     * @return whether the edge from this corner to the next one (its N) is interior
     */
    public static boolean nextEdgeInterior(int k, int g) {
        return g != k - 1;
    }

    /**
     * @param g gap of the corner
     * @return whether the edge from the previous corner (its P) to this one is interior
     */
    public static boolean prevEdgeInterior(int g) {
        return g != 1;
    }

    /**
     * @return the fan length of a corner: ring minus N, P and the D's present; -1 for a valence-3
     *     interior vertex, whose one D is both
     */
    public static int fanLength(int k, int g) {
        return k - 2 - (prevEdgeInterior(g) ? 1 : 0) - (nextEdgeInterior(k, g) ? 1 : 0);
    }

    /**
     * Maps a ring position of corner {@code c} to its point slot.
     *
     * @param c corner
     * @param k its valence
     * @param g its gap
     * @param i ring position, {@code 0 <= i < k}
     * @return the point slot
     */
    public int ringSlot(int c, int k, int g, int i) {
        if (i == 0) {
            return (c + 1) % 3;
        }
        if (i == 1) {
            return (c + 2) % 3;
        }
        boolean dp = prevEdgeInterior(g);
        if (dp && i == 2) {
            return 3 + (c + 2) % 3;
        }
        if (nextEdgeInterior(k, g) && i == k - 1) {
            return 3 + c;
        }
        return fanSlot(c, i - 2 - (dp ? 1 : 0));
    }

    /**
     * Maps a ring position of corner {@code c} to the complete bit of its spoke. For a valence-3
     * interior corner position 2 has two bits (both D spokes); this returns the first and callers
     * keep the other, {@code 3 + 2c}, equal to it.
     *
     * @param c corner
     * @param k its valence
     * @param g its gap
     * @param i ring position
     * @return the bit index
     */
    public int ringBit(int c, int k, int g, int i) {
        if (i == 0) {
            return c;
        }
        if (i == 1) {
            return (c + 2) % 3;
        }
        boolean dp = prevEdgeInterior(g);
        if (dp && i == 2) {
            return 4 + 2 * ((c + 2) % 3);
        }
        if (nextEdgeInterior(k, g) && i == k - 1) {
            return 3 + 2 * c;
        }
        return fanBit(c, i - 2 - (dp ? 1 : 0));
    }

    /** @return whether bit {@code bit} is set in the record's complete bits starting at {@code meta[base + 2]} */
    public static boolean bit(int[] meta, int base, int bit) {
        return (meta[base + 2 + (bit >>> 5)] & (1 << (bit & 31))) != 0;
    }

    /** Sets bit {@code bit} of the complete bits starting at {@code meta[base + 2]}. */
    public static void setBit(int[] meta, int base, int bit) {
        meta[base + 2 + (bit >>> 5)] |= 1 << (bit & 31);
    }
}
