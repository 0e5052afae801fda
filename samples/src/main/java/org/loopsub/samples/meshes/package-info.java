/**
 * Benchmark meshes of several kinds, derived from the repository's {@code bigguyT.obj} or generated:
 * {@link org.loopsub.samples.meshes.BenchMeshes} writes open meshes with many small holes, slits,
 * valence-2 corners, a closed mesh with many vertices of valence 12 to 16, and a grid with holes, so
 * that uniform-refinement throughput can be reported per kind of mesh and not only for closed ones.
 */
package org.loopsub.samples.meshes;
