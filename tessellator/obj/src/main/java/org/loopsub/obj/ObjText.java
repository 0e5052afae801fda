package org.loopsub.obj;

import java.io.Reader;

/**
 * Writes an {@link ObjModel} back out as plain OBJ text, piece by piece as it is read, so that the
 * text never exists whole: {@code mtllib} lines, then every {@code v}, {@code vt} and {@code vn},
 * then the faces with absolute 1-based {@code v}, {@code v/vt}, {@code v//vn} or {@code v/vt/vn}
 * corners, each {@code g} and {@code usemtl} line before the face it preceded in the file.
 *
 * <p>Numbers are written by {@link FloatFormat}, whose digits read back to the same float bits;
 * nothing the model holds is non-finite. Comments, continuations, relative indices, {@code o},
 * {@code s} and tags are gone: this is the file as the reader understood it, in the simplest form
 * another parser can read.
 */
final class ObjText extends Reader {
    private static final int CHUNK = 8192;

    private final ObjModel model;
    private final StringBuilder chunk = new StringBuilder(CHUNK + 256);
    private int pos;
    private int section;
    private int item;
    private int nextGroup;
    private int nextMaterial;

    /**
     * @param model what to write; not changed
     */
    ObjText(ObjModel model) {
        this.model = model;
    }

    /**
     * @param model what to write
     * @return the whole text (for tests and messages; the reader streams it instead)
     */
    static String toString(ObjModel model) {
        ObjText text = new ObjText(model);
        StringBuilder all = new StringBuilder();
        while (text.fill()) {
            all.append(text.chunk);
        }
        return all.toString();
    }

    @Override
    public int read(char[] buf, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (pos == chunk.length() && !fill()) {
            return -1;
        }
        int n = Math.min(len, chunk.length() - pos);
        chunk.getChars(pos, pos + n, buf, off);
        pos += n;
        return n;
    }

    @Override
    public void close() {
        // nothing to release
    }

    /** @return false when everything has been written */
    private boolean fill() {
        chunk.setLength(0);
        pos = 0;
        while (chunk.length() < CHUNK && section < 5) {
            if (!appendItem()) {
                section++;
                item = 0;
            }
        }
        return chunk.length() > 0;
    }

    /** Appends the current item of the current section; false if the section is done. */
    private boolean appendItem() {
        StringBuilder sb = chunk;
        switch (section) {
            case 0 -> {
                if (item == model.materialLibraries.size()) {
                    return false;
                }
                sb.append("mtllib ").append(model.materialLibraries.get(item)).append('\n');
            }
            case 1 -> {
                if (item == model.vertexCount()) {
                    return false;
                }
                sb.append('v');
                appendFloats(sb, model.positions, 3 * item, 3);
            }
            case 2 -> {
                if (item == model.texCoordCount()) {
                    return false;
                }
                sb.append("vt");
                appendFloats(sb, model.texCoords, ObjModel.TEX_STRIDE * item, model.texCoordDimensions.get(item));
            }
            case 3 -> {
                if (item == model.normalCount()) {
                    return false;
                }
                sb.append("vn");
                appendFloats(sb, model.normals, 3 * item, 3);
            }
            case 4 -> {
                appendStatesBefore(item);
                if (item == model.faceCount()) {
                    return false;
                }
                appendFace(item);
            }
            default -> {
                return false;
            }
        }
        item++;
        return true;
    }

    /** The {@code g} and {@code usemtl} lines that came before face {@code face} and after the one before. */
    private void appendStatesBefore(int face) {
        while (nextGroup < model.groupFaces.size && model.groupFaces.get(nextGroup) <= face) {
            chunk.append('g');
            for (String name : model.groupNames.get(nextGroup)) {
                chunk.append(' ').append(name);
            }
            chunk.append('\n');
            nextGroup++;
        }
        while (nextMaterial < model.materialFaces.size && model.materialFaces.get(nextMaterial) <= face) {
            chunk.append("usemtl ").append(model.materialNames.get(nextMaterial)).append('\n');
            nextMaterial++;
        }
    }

    private void appendFace(int face) {
        StringBuilder sb = chunk;
        sb.append('f');
        for (int c = model.faceStarts.get(face); c < model.faceStarts.get(face + 1); c++) {
            sb.append(' ').append(model.cornerVertices.get(c) + 1);
            int vt = model.cornerTexCoords.get(c);
            int vn = model.cornerNormals.get(c);
            if (vt >= 0 || vn >= 0) {
                sb.append('/');
                if (vt >= 0) {
                    sb.append(vt + 1);
                }
                if (vn >= 0) {
                    sb.append('/').append(vn + 1);
                }
            }
        }
        sb.append('\n');
    }

    private static void appendFloats(StringBuilder sb, ObjModel.Floats values, int from, int count) {
        for (int i = 0; i < count; i++) {
            sb.append(' ');
            FloatFormat.append(sb, values.get(from + i));
        }
        sb.append('\n');
    }
}
