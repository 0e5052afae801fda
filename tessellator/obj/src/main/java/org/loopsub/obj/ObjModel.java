package org.loopsub.obj;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What {@link ObjReader} parsed, before it becomes a mesh: the statements that carry data, with
 * every index resolved to 0-based. The reader fills it; {@link ObjText} writes it back out and
 * {@link ObjCrossCheck} compares it with de.javagl's reading of that text.
 */
final class ObjModel {
    /** Texture coordinates have 1 to 3 values; unused ones are stored as 0. */
    static final int TEX_STRIDE = 3;

    final Floats positions = new Floats();
    final Floats texCoords = new Floats();
    /** Values per texture coordinate (1 to 3). */
    final Ints texCoordDimensions = new Ints();
    final Floats normals = new Floats();

    /** Start of each face in the corner lists, and one past the last face at the end. */
    final Ints faceStarts = new Ints();
    /**
     * The line each face's statement starts on: de.javagl's model keeps none, and messages about a
     * face (validation happens after triangulation and welding) must point into the file.
     */
    final Ints faceLines = new Ints();
    final Ints cornerVertices = new Ints();
    /** -1 where the face has no texture coordinates. */
    final Ints cornerTexCoords = new Ints();
    /** -1 where the face has no normals. */
    final Ints cornerNormals = new Ints();

    /** {@code g} statements: the number of faces before each, and its names (never empty). */
    final Ints groupFaces = new Ints();
    final List<List<String>> groupNames = new ArrayList<>();
    /** {@code usemtl} statements: the number of faces before each, and its name. */
    final Ints materialFaces = new Ints();
    final List<String> materialNames = new ArrayList<>();
    /** {@code mtllib} statements, each as one name (its file names joined by blanks). */
    final List<String> materialLibraries = new ArrayList<>();

    ObjModel() {
        faceStarts.add(0);
    }

    int vertexCount() {
        return positions.size / 3;
    }

    int texCoordCount() {
        return texCoordDimensions.size;
    }

    int normalCount() {
        return normals.size / 3;
    }

    int faceCount() {
        return faceStarts.size - 1;
    }

    /**
     * Closes the face whose corners were added since the last call.
     *
     * @param line the line its statement starts on
     */
    void endFace(int line) {
        faceStarts.add(cornerVertices.size);
        faceLines.add(line);
    }

    /** A growable float array. */
    static final class Floats {
        float[] data = new float[96];
        int size;

        void add(float value) {
            if (size == data.length) {
                data = Arrays.copyOf(data, 2 * size);
            }
            data[size++] = value;
        }

        float get(int i) {
            return data[i];
        }

        float[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }

    /** A growable int array. */
    static final class Ints {
        int[] data = new int[96];
        int size;

        void add(int value) {
            if (size == data.length) {
                data = Arrays.copyOf(data, 2 * size);
            }
            data[size++] = value;
        }

        int get(int i) {
            return data[i];
        }

        int[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
