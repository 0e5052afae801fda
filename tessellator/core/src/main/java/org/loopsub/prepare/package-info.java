/**
 * Mesh preparation shared by every back end, done once per mesh: weld the input by exact position,
 * validate it, build the vertex rings, choose the internal frame (recentred, scaled by a power of
 * two) and build the level-0 records ({@link org.loopsub.prepare.PreparedMesh}). A GPU mesh keeps
 * the result and, when only control points move, redoes the records alone
 * ({@link org.loopsub.prepare.PreparedMesh#moved}).
 */
package org.loopsub.prepare;
