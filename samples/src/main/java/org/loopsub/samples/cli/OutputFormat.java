package org.loopsub.samples.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.loopsub.api.RefineResult;
import org.loopsub.obj.ObjWriter;
import org.loopsub.samples.gltf.GltfWriter;

/**
 * The file format {@code subdivide} writes, chosen by the output's extension in this one place:
 * {@code .glb} binary glTF, {@code .gltf} glTF JSON with the buffer embedded, anything else OBJ
 * (as before glTF existed, so no name that worked changes meaning). Case does not matter.
 */
enum OutputFormat {
    OBJ {
        @Override
        void write(Path target, RefineResult result) throws IOException {
            ObjWriter.write(target, result.mesh(), result.normals());
        }
    },
    GLB {
        @Override
        void write(Path target, RefineResult result) throws IOException {
            GltfWriter.writeBinary(target, result.mesh(), result.normals());
        }
    },
    GLTF {
        @Override
        void write(Path target, RefineResult result) throws IOException {
            GltfWriter.writeEmbedded(target, result.mesh(), result.normals());
        }
    };

    /**
     * @param target the output file
     * @return the format its name asks for
     */
    static OutputFormat of(Path target) {
        Path name = target.getFileName();
        String n = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".glb") ? GLB : n.endsWith(".gltf") ? GLTF : OBJ;
    }

    /**
     * Writes the welded mesh and its normals, atomically (the target appears whole or not at all).
     *
     * @param target the file to create or replace
     * @param result the refinement
     * @throws IOException if the file cannot be written
     */
    abstract void write(Path target, RefineResult result) throws IOException;
}
