/**
 * glTF 2.0 output of a refined mesh ({@link org.loopsub.samples.gltf.GltfWriter}): binary
 * ({@code .glb}) or JSON with the buffer embedded ({@code .gltf}), written through de.javagl's JglTF
 * so that the container, the buffer layout and the JSON follow the specification without a
 * hand-made writer. Here rather than in the tessellator, which then needs no JSON library.
 */
package org.loopsub.samples.gltf;
