package org.loopsub.api;

import java.util.List;
import java.util.Objects;

/**
 * What to compute: an immutable value. Start from {@link #uniform(int)} and derive variants with
 * the {@code with...} methods, each of which returns a new instance.
 */
public final class RefineOptions {
    /** The deepest level accepted; level 12 of a one-triangle mesh already holds 16.7M triangles. */
    public static final int MAX_LEVELS = 16;

    private final int levels;
    private final Scheme scheme;
    private final int parallelism;
    private final List<StopCriterion> criteria;
    private final boolean limitSurface;
    private final boolean creases;
    private final BoundaryInterpolation boundary;
    private final Creasing creasing;
    private final UvInterpolation uvInterpolation;
    private final Culling culling;
    private final long triangleBudget;
    private final Welding welding;
    private final boolean conforming;
    /** Null for none. */
    private final Displacement displacement;

    private RefineOptions(int levels, Scheme scheme, int parallelism, List<StopCriterion> criteria) {
        this(levels, scheme, parallelism, criteria, false, true, BoundaryInterpolation.EDGE_ONLY, Creasing.UNIFORM,
                UvInterpolation.LINEAR, Culling.ALL, 0, Welding.EXACT, false, null);
    }

    private RefineOptions(int levels, Scheme scheme, int parallelism, List<StopCriterion> criteria,
                          boolean limitSurface, boolean creases, BoundaryInterpolation boundary, Creasing creasing,
                          UvInterpolation uvInterpolation, Culling culling, long triangleBudget, Welding welding,
                          boolean conforming, Displacement displacement) {
        if (levels < 0 || levels > MAX_LEVELS) {
            throw new IllegalArgumentException("levels must be in 0.." + MAX_LEVELS + ", got " + levels);
        }
        if (parallelism < 0) {
            throw new IllegalArgumentException("parallelism must be >= 0, got " + parallelism);
        }
        this.levels = levels;
        this.scheme = Objects.requireNonNull(scheme, "scheme");
        this.parallelism = parallelism;
        this.criteria = List.copyOf(criteria);
        this.limitSurface = limitSurface;
        this.creases = creases;
        this.boundary = Objects.requireNonNull(boundary, "boundary");
        this.creasing = Objects.requireNonNull(creasing, "creasing");
        this.uvInterpolation = Objects.requireNonNull(uvInterpolation, "uvInterpolation");
        this.culling = Objects.requireNonNull(culling, "culling");
        if (triangleBudget < 0) {
            throw new IllegalArgumentException("triangle budget must be >= 0 (0: none), got " + triangleBudget);
        }
        this.triangleBudget = triangleBudget;
        this.welding = Objects.requireNonNull(welding, "welding");
        this.conforming = conforming;
        this.displacement = displacement;
    }

    /**
     * Uniform refinement: every triangle is split {@code levels} times ({@code 4^levels} children).
     *
     * @param levels number of levels, 0 to {@link #MAX_LEVELS}
     * @return the options, Loop's weights, default parallelism
     */
    public static RefineOptions uniform(int levels) {
        return new RefineOptions(levels, Scheme.LOOP, 0, List.of());
    }

    /**
     * Adaptive refinement: an edge stops being split once every criterion says it is complete, and
     * a triangle is finished when its three edges are; whatever is left at {@code maxDepth} is
     * output there. T-junctions between levels are closed by slivers (docs/design.md §4).
     *
     * @param maxDepth the maximum depth, 0 to {@link #MAX_LEVELS}
     * @param criteria at least one criterion; an edge is complete when all say so
     * @return the options, Loop's weights, default parallelism
     */
    public static RefineOptions adaptive(int maxDepth, StopCriterion... criteria) {
        if (criteria.length == 0) {
            throw new IllegalArgumentException("adaptive refinement needs at least one stop criterion");
        }
        return new RefineOptions(maxDepth, Scheme.LOOP, 0, List.of(criteria));
    }

    /**
     * @param scheme the vertex weights
     * @return a copy with that scheme
     */
    public RefineOptions withScheme(Scheme scheme) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing, uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /**
     * Output on Loop's limit surface: every output vertex at its limit position, and every vertex
     * normal the exact limit normal (the cross product of the limit tangents), as OpenSubdiv 3.5
     * evaluates them. A vertex's limit position does not change with further refinement, so in
     * adaptive refinement triangles that stopped at different levels meet without any vertex being
     * frozen: the surface is Loop's everywhere, with no steps between levels; the slivers that close
     * the seams then have a small area.
     *
     * @param limitSurface whether output vertices go to the limit surface
     * @return a copy with that setting
     */
    public RefineOptions withLimitSurface(boolean limitSurface) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing, uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /**
     * Whether the mesh's crease tags ({@link TriangleMesh#creases()}) apply (the default): edges
     * with sharpness refine by OpenSubdiv's crease rules, sharpness {@code s} staying sharp for
     * {@code s} levels and blending at a fractional remainder (uniform creasing). Off, every edge is
     * smooth.
     *
     * @param creases whether the tags apply
     * @return a copy with that setting
     */
    public RefineOptions withCreases(boolean creases) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing, uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /**
     * @param boundary how boundaries refine
     * @return a copy with that setting
     */
    public RefineOptions withBoundary(BoundaryInterpolation boundary) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing, uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /** @return whether crease tags apply ({@link #withCreases}) */
    public boolean creases() {
        return creases;
    }

    /**
     * @param creasing how semi-sharp sharpness decays per level
     * @return a copy with that setting
     */
    public RefineOptions withCreasing(Creasing creasing) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing, uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /** @return how semi-sharp sharpness decays ({@link #withCreasing}) */
    public Creasing creasing() {
        return creasing;
    }

    /**
     * @param uvInterpolation how texture coordinates refine (meshes without uvs ignore it)
     * @return a copy with that setting
     */
    public RefineOptions withUvInterpolation(UvInterpolation uvInterpolation) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing,
                uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /**
     * What a screen-space refinement may leave coarse because its camera cannot see it (default
     * {@link Culling#ALL}); refinements without a {@link StopCriterion.ScreenEdgeLength} ignore it.
     * The output stays crack-free, and what the camera sees is refined as without culling.
     *
     * @param culling what to cull
     * @return a copy with that setting
     */
    public RefineOptions withCulling(Culling culling) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing,
                uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /**
     * At most this many output triangles: where the criteria would make more, the refinement is
     * coarser — a screen-space criterion's pixels grow, otherwise the depth shrinks — and stays
     * crack-free. A uniform refinement takes the most levels that fit. 0 (the default) means no
     * budget. A GPU mesh keeps the coarsening from frame to frame and relaxes it when the output has
     * room again, so a renderer's frames rarely refine twice.
     *
     * @param maxTriangles the budget, at least the control mesh's triangle count; 0 for none
     * @return a copy with that budget
     * @throws IllegalArgumentException if negative
     */
    public RefineOptions withTriangleBudget(long maxTriangles) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing,
                uvInterpolation, culling, maxTriangles, welding, conforming, displacement);
    }

    /**
     * Which input vertices are one vertex (default {@link Welding#EXACT}: those at exactly the same
     * position). With {@link Welding#NONE} the mesh's indices alone say so: a seam split in the index
     * stays open and refines as a boundary on both sides, and pieces that touch at coincident but
     * distinct vertices are not refused as non-manifold. Both back ends honour it; a
     * {@code GpuTessellator}'s {@code prepare}, which takes no options, always welds exactly.
     *
     * @param welding how input vertices are identified
     * @return a copy with that setting
     */
    public RefineOptions withWelding(Welding welding) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing,
                uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /**
     * Output without slivers, for files: each zero-area sliver that closes a T-junction between
     * levels is dropped and the finished triangle across it is cut at the new point instead (a fan,
     * or around a vertex at its centroid where two or three of its edges are cut), so that mesh tools
     * that flag degenerate faces accept the output; it stays closed and welded. Off by default: the
     * slivers cost nothing to a renderer and keep every output triangle a refined one. Applies to
     * {@code Tessellator.refine}'s read-back output; a {@code GpuMesh}'s frames always hold slivers.
     * With uniform refinement there are no slivers and nothing changes.
     *
     * @param conforming whether to cut finished triangles instead of emitting slivers
     * @return a copy with that setting
     */
    public RefineOptions withConforming(boolean conforming) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing,
                uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /**
     * Displaced output (docs/design.md, "Displacement"): every output vertex moves along its unit limit
     * normal by {@code offset + scale * h(uv)}, {@code h} the map filtered bilinearly at the vertex's
     * uv ({@link Displacement}). It implies the limit surface ({@link #limitSurface()} is then true
     * whatever {@link #withLimitSurface} said), and it needs the mesh's uv channel: a refinement of a
     * mesh without uvs is refused with an {@link IllegalArgumentException} that says so.
     *
     * <ul>
     *   <li>Both back ends write the same bytes: the height, the unit normal and the move are float
     *       (the normal's length in double) in one written-out order.
     *   <li>Normals: the output's vertex normals are those of the displaced triangles
     *       (area-weighted, as without the limit surface), not the limit normals, which the
     *       displaced surface no longer has.
     *   <li>Cracks: all corners of an output vertex carry the same position and limit normal (in
     *       adaptive refinement a boundary vertex keeps the normal it was born with instead of
     *       taking it again at each level); a vertex on a uv seam has one uv per side, so the map
     *       must give both sides the same height there, as it does across the edges of a
     *       {@link Displacement.Wrap#REPEAT} map for a seam from u = 0 to u = 1; elsewhere the map
     *       must hold one height over the texels a seam's uvs filter from on each side, or the seam
     *       opens.
     *   <li>Criteria and culling: the stop criteria measure the undisplaced limit surface's control
     *       points; view culling grows its regions by {@link Displacement#reach()} and culls no back
     *       faces (a displaced region may face the eye where its limit surface does not).
     *   <li>{@code Tessellator.refine}, its GPU twin and a {@code GpuMesh}'s frames honour it (a frame's
     *       normals are its displaced triangles' face normals instead, {@code GpuFrame}).
     * </ul>
     *
     * @param displacement the displacement, or null for none (the default)
     * @return a copy with that displacement
     */
    public RefineOptions withDisplacement(Displacement displacement) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing,
                uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /** @return the displacement ({@link #withDisplacement}), empty for none */
    public java.util.Optional<Displacement> displacement() {
        return java.util.Optional.ofNullable(displacement);
    }

    /**
     * @return the displacement ({@link #withDisplacement}), or null for none: {@link #displacement()}
     *     without its Optional, for a renderer's frame, which allocates nothing
     */
    public Displacement displacementOrNull() {
        return displacement;
    }

    /**
     * @return what a screen-space refinement culls, as it applies: {@link #culling()}, without back faces
     *     when the output is displaced ({@link #withDisplacement})
     */
    public Culling effectiveCulling() {
        if (displacement == null) {
            return culling;
        }
        return culling.frustum() ? Culling.FRUSTUM : Culling.NONE;
    }

    /** @return whether the output is sliver-free ({@link #withConforming}) */
    public boolean conforming() {
        return conforming;
    }

    /** @return how input vertices are identified ({@link #withWelding}) */
    public Welding welding() {
        return welding;
    }

    /** @return the most output triangles, 0 for no budget ({@link #withTriangleBudget}) */
    public long triangleBudget() {
        return triangleBudget;
    }

    /**
     * The levels a uniform refinement of a mesh takes within the triangle budget: the most, up to
     * {@link #levels()}, whose {@code triangles * 4^levels} fit.
     *
     * @param inputTriangles the control mesh's triangles
     * @return the levels that fit; {@link #levels()} without a budget
     * @throws IllegalArgumentException if the control mesh alone is over the budget
     */
    public int levelsWithinBudget(long inputTriangles) {
        if (triangleBudget == 0) {
            return levels;
        }
        if (inputTriangles > triangleBudget) {
            throw new IllegalArgumentException("a triangle budget of " + triangleBudget + " is under the control mesh's "
                    + inputTriangles + " triangles");
        }
        int l = 0;
        for (long n = inputTriangles; l < levels && n * 4 <= triangleBudget; n *= 4) {
            l++;
        }
        return l;
    }

    /**
     * @param levels the number of levels (uniform) or the maximum depth (adaptive), 0 to
     *     {@link #MAX_LEVELS}
     * @return a copy with that many levels
     */
    public RefineOptions withLevels(int levels) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing,
                uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /**
     * @param criteria the stop criteria; empty for uniform refinement
     * @return a copy with these criteria
     */
    public RefineOptions withCriteria(List<StopCriterion> criteria) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing,
                uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /** @return what a screen-space refinement culls ({@link #withCulling}) */
    public Culling culling() {
        return culling;
    }

    /** @return how texture coordinates refine ({@link #withUvInterpolation}) */
    public UvInterpolation uvInterpolation() {
        return uvInterpolation;
    }

    /** @return how boundaries refine ({@link #withBoundary}) */
    public BoundaryInterpolation boundary() {
        return boundary;
    }

    /**
     * @param parallelism worker threads a CPU back end runs its parallel work on; 0 means the
     *     common fork-join pool. The Java back end keeps one pool per count for the whole process
     *     (made on first use, shared by all its refinements, never one per call). The output does
     *     not depend on it.
     * @return a copy with that parallelism
     */
    public RefineOptions withParallelism(int parallelism) {
        return new RefineOptions(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing, uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    /**
     * @return whether output vertices lie on the limit surface ({@link #withLimitSurface}, or implied by
     *     a {@link #withDisplacement displacement})
     */
    public boolean limitSurface() {
        return limitSurface || displacement != null;
    }

    /** @return the stop criteria; empty for uniform refinement */
    public List<StopCriterion> criteria() {
        return criteria;
    }

    /** @return whether edges may stop before the maximum depth */
    public boolean isAdaptive() {
        return !criteria.isEmpty();
    }

    /** @return the number of levels (the maximum depth) */
    public int levels() {
        return levels;
    }

    /** @return the vertex weights */
    public Scheme scheme() {
        return scheme;
    }

    /** @return worker threads for CPU back ends, 0 for the default */
    public int parallelism() {
        return parallelism;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RefineOptions r && r.levels == levels && r.scheme == scheme && r.parallelism == parallelism
                && r.criteria.equals(criteria) && r.limitSurface == limitSurface && r.creases == creases
                && r.boundary == boundary && r.creasing == creasing && r.uvInterpolation == uvInterpolation
                && r.culling == culling && r.triangleBudget == triangleBudget && r.welding == welding
                && r.conforming == conforming && Objects.equals(r.displacement, displacement);
    }

    @Override
    public int hashCode() {
        return Objects.hash(levels, scheme, parallelism, criteria, limitSurface, creases, boundary, creasing, uvInterpolation, culling, triangleBudget, welding, conforming, displacement);
    }

    @Override
    public String toString() {
        return "RefineOptions[levels=" + levels + ", scheme=" + scheme + ", parallelism=" + parallelism
                + ", criteria=" + criteria + ", limitSurface=" + limitSurface + ", creases=" + creases + ", boundary=" + boundary + ", creasing=" + creasing
                + ", uvInterpolation=" + uvInterpolation + ", culling=" + culling + ", triangleBudget=" + triangleBudget + ", welding=" + welding + ", conforming=" + conforming + ", displacement=" + displacement + "]";
    }
}
