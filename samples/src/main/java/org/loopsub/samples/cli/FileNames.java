package org.loopsub.samples.cli;

import org.loopsub.mesh.ElementNames;
import org.loopsub.obj.ObjFile;

/**
 * Names a read mesh's triangles as the OBJ file has them: by the line of the face they were cut
 * from and that face's number among the file's faces, e.g. "face on line 6 (the file's face 1)".
 * Vertices need nothing: the reader keeps the file's order, so the default 1-based number is the
 * one written in the {@code f} lines.
 */
final class FileNames implements ElementNames {
    private final ObjFile obj;

    FileNames(ObjFile obj) {
        this.obj = obj;
    }

    @Override
    public String face(int triangle) {
        int face = obj.faceOf(triangle);
        return "face on line " + obj.lineOf(face) + " (the file's face " + (face + 1) + ")";
    }

    @Override
    public String faces(int... triangles) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < triangles.length; i++) {
            if (i > 0) {
                // as the engine's own wording: "and" between two, commas in a longer list (which may go on)
                sb.append(triangles.length == 2 ? " and " : ", ");
            }
            sb.append(face(triangles[i]));
        }
        return sb.toString();
    }
}
