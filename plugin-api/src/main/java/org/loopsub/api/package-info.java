/**
 * The public types of loopsub: {@link org.loopsub.api.TriangleMesh} in,
 * {@link org.loopsub.api.RefineResult} out, through a {@link org.loopsub.api.Tessellator} found by
 * {@link org.loopsub.api.Tessellators}. Nothing here depends on LWJGL or any GL type.
 */
package org.loopsub.api;
