package org.loopsub.samples.cli;

import java.io.PrintWriter;
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
        void write(OutputTarget target, PrintWriter stdout, RefineResult result) {
            target.write(stdout, w -> ObjWriter.write(w, result.mesh(), result.normals()));
        }
    },
    GLB {
        @Override
        void write(OutputTarget target, PrintWriter stdout, RefineResult result) {
            target.write(out -> GltfWriter.write(out, result.mesh(), result.normals(), true));
        }
    },
    GLTF {
        @Override
        void write(OutputTarget target, PrintWriter stdout, RefineResult result) {
            target.write(out -> GltfWriter.write(out, result.mesh(), result.normals(), false));
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
     * @param target the output file
     * @return a warning when its name ends in another format's extension ({@code out.stl} gets OBJ,
     *     as any name not ending in .glb or .gltf does), or null
     */
    static String extensionWarning(Path target) {
        Path name = target.getFileName();
        String n = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
        int dot = n.lastIndexOf('.');
        if (dot <= 0 || dot == n.length() - 1) {
            return null;
        }
        String ext = n.substring(dot + 1);
        if (ext.equals("obj") || ext.equals("glb") || ext.equals("gltf")) {
            return null;
        }
        return "written as OBJ: loopsub writes OBJ, or glTF for a name ending in .glb or .gltf, not ." + ext;
    }

    /**
     * Writes the welded mesh and its normals through the target (atomically: it appears whole or not
     * at all; {@code -} is stdout, always OBJ since the name has no extension).
     *
     * @param target the checked output
     * @param stdout the command's stdout
     * @param result the refinement
     * @throws CliFailure (exit 4) if it cannot be written
     */
    abstract void write(OutputTarget target, PrintWriter stdout, RefineResult result);
}
