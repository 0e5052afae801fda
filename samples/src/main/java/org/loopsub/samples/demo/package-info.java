/**
 * The live subdivision demo ({@code loopsub demo}): a GLFW window (or GLFW's null platform with an
 * EGL context, headless) in which a mesh is refined adaptively on the GPU every frame for the
 * current camera and drawn straight from the output buffers. Built on plugin-api's GPU interface
 * ({@code org.loopsub.api.gpu}) alone, LWJGL (GLFW, OpenGL) and JOML: no engine class is imported,
 * so it shows what any renderer needs to embed the library. Keys and HUD: docs/demo.md.
 */
package org.loopsub.samples.demo;
