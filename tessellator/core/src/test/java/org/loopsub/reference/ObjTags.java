package org.loopsub.reference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.loopsub.corpus.TestMeshes;

/**
 * The OpenSubdiv-style tags of an OBJ file ({@code t crease a/b/c ...}, {@code t corner a/b/c ...};
 * {@code a/b/c} counts the integer, float and string arguments that follow; 0-based vertex
 * indices), read by a tiny parser of its own so that tests do not depend on the engine's reader.
 * Crease integers are taken as vertex pairs; each pair takes the float of its position, or the last
 * float. Corner integers are vertices, likewise.
 *
 * @param edgeSharpness by {@link ReferenceCreaseLoop#key(int, int)}
 * @param vertexSharpness by vertex index
 */
public record ObjTags(Map<Long, Float> edgeSharpness, Map<Integer, Float> vertexSharpness) {

    /**
     * @param fileName a file of {@link TestMeshes#dir()}
     * @return its tags
     */
    public static ObjTags load(String fileName) {
        Path file = TestMeshes.dir().resolve(fileName);
        Map<Long, Float> edges = new HashMap<>();
        Map<Integer, Float> corners = new HashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        for (String line : lines) {
            String[] tok = line.trim().split("\\s+");
            if (tok.length < 3 || !tok[0].equals("t")) {
                continue;
            }
            String[] counts = tok[2].split("/");
            int ints = Integer.parseInt(counts[0]);
            int floats = Integer.parseInt(counts[1]);
            int[] iv = new int[ints];
            float[] fv = new float[floats];
            for (int i = 0; i < ints; i++) {
                iv[i] = Integer.parseInt(tok[3 + i]);
            }
            for (int i = 0; i < floats; i++) {
                fv[i] = Float.parseFloat(tok[3 + ints + i]);
            }
            if (tok[1].equals("crease")) {
                for (int j = 0; j + 1 < ints; j += 2) {
                    edges.put(ReferenceCreaseLoop.key(iv[j], iv[j + 1]), fv[Math.min(j / 2, floats - 1)]);
                }
            } else if (tok[1].equals("corner")) {
                for (int j = 0; j < ints; j++) {
                    corners.put(iv[j], fv[Math.min(j, floats - 1)]);
                }
            }
        }
        return new ObjTags(edges, corners);
    }
}
