/**
 * The GPU path for renderers, after OpenSubdiv's Osd layer: {@linkplain
 * org.loopsub.api.gpu.GpuTessellator#prepare prepare} a mesh once, {@linkplain
 * org.loopsub.api.gpu.GpuMesh#refine refine} it every frame for the current camera, and draw the
 * {@linkplain org.loopsub.api.gpu.GpuFrame output buffers} straight from the GPU with
 * {@code glDrawArraysIndirect}.
 *
 * <p>Everything here runs on the renderer's own GL context: a {@link
 * org.loopsub.api.gpu.GpuTessellator} is bound to the context current on the thread that created it,
 * and every call must come from that thread with that context current. GL objects cross this API as
 * plain {@code int} names of that context; no LWJGL type appears in a signature. Back ends are found
 * through {@link java.util.ServiceLoader} ({@link org.loopsub.api.gpu.GpuTessellators}).
 */
package org.loopsub.api.gpu;
