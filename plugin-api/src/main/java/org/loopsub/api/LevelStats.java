package org.loopsub.api;

/**
 * What one level of refinement did.
 *
 * @param level the level, 0 for the input mesh's records
 * @param activeTriangles records that entered the level
 * @param finishedTriangles records that finished at this level and went to the output
 * @param slivers T-junction slivers emitted at this level
 * @param splitTriangles records split into four children
 * @param nanos wall time the level took on the host, in nanoseconds (0 on a GPU frame whose sizes
 *     stayed on the GPU: no level was waited for)
 */
public record LevelStats(int level, long activeTriangles, long finishedTriangles, long slivers,
                         long splitTriangles, long nanos) {
}
