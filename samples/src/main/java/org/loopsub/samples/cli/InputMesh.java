package org.loopsub.samples.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.TriangleMesh;
import org.loopsub.api.Welding;
import org.loopsub.mesh.ElementNames;
import org.loopsub.mesh.InputWarnings;
import org.loopsub.mesh.InputWelder;
import org.loopsub.mesh.InternalFrame;
import org.loopsub.mesh.MeshTopology;
import org.loopsub.mesh.MeshValidator;
import org.loopsub.mesh.WeldedMesh;
import org.loopsub.obj.ObjFile;
import org.loopsub.obj.ObjReader;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * The mesh a command works on, read from a file or from a built-in sample, with the name that
 * messages use for it.
 *
 * @param name the file as the user typed it, {@code sample:<name>}, or {@code stdin}
 * @param obj what was read
 */
record InputMesh(String name, ObjFile obj) {
    /** What stands for stdin on the command line. */
    static final String STDIN = "-";

    /**
     * Reads the input named on the command line.
     *
     * @param cmd for usage errors
     * @param file the positional input ({@code -} for stdin), or {@code null}
     * @param sample the {@code --sample} name, or {@code null}
     * @return the mesh as read (neither welded nor validated)
     * @throws ParameterException if neither or both are given, or the sample is unknown
     * @throws CliFailure (exit 3) if the input cannot be read or parsed
     */
    static InputMesh load(CommandLine cmd, Path file, String sample) {
        if (file != null && sample != null) {
            throw new ParameterException(cmd, "give either an input file or --sample, not both");
        }
        if (file == null && sample == null) {
            throw new ParameterException(cmd, "missing input: give an OBJ file or --sample <name>");
        }
        if (file != null && file.toString().isEmpty()) {
            throw new ParameterException(cmd, "the input file name is empty");
        }
        if (file != null && STDIN.equals(file.toString())) {
            return fromStdin();
        }
        return file != null ? fromFile(file) : fromSample(cmd, sample);
    }

    private static InputMesh fromStdin() {
        String name = "stdin";
        // not closed: System.in belongs to the process, not to this command
        Reader reader = new InputStreamReader(System.in, StandardCharsets.UTF_8);
        try {
            return new InputMesh(name, ObjReader.read(reader, name));
        } catch (IOException e) {
            throw new CliFailure(ExitCodes.INPUT, name + ": cannot read: " + e.getMessage(), e);
        } catch (InvalidMeshException e) {
            throw invalid(name, e);
        }
    }

    private static InputMesh fromFile(Path file) {
        String name = file.toString();
        if (Files.isDirectory(file)) {
            throw new CliFailure(ExitCodes.INPUT, name + ": is a directory, not an OBJ file");
        }
        try {
            return new InputMesh(name, ObjReader.read(file));
        } catch (NoSuchFileException e) {
            throw new CliFailure(ExitCodes.INPUT, name + ": no such file", e);
        } catch (AccessDeniedException e) {
            throw new CliFailure(ExitCodes.INPUT, name + ": permission denied", e);
        } catch (IOException e) {
            // the reason alone: a FileSystemException's message names the path again
            throw new CliFailure(ExitCodes.INPUT, name + ": cannot read: " + OutputTarget.describe(e), e);
        } catch (InvalidMeshException e) {
            if (isBinaryGltf(file)) {
                throw new CliFailure(ExitCodes.INPUT, name + ": binary glTF (its first bytes say \"glTF\"), not OBJ:"
                        + " loopsub reads OBJ only (and writes glTF: -o out.glb)", e);
            }
            throw invalid(name, e);
        }
    }

    /** Whether a file the OBJ reader refused starts as binary glTF does (loopsub's own output, say). */
    private static boolean isBinaryGltf(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(4);
            return Arrays.equals(magic, "glTF".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return false;
        }
    }

    private static InputMesh fromSample(CommandLine cmd, String sample) {
        String name = "sample:" + sample;
        InputStream in = Samples.open(sample);
        if (in == null) {
            throw new ParameterException(cmd, "unknown sample '" + sample + "'; known samples: "
                    + String.join(", ", Samples.all().keySet()));
        }
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return new InputMesh(name, ObjReader.read(reader, name));
        } catch (IOException e) {
            // the jar itself is damaged; nothing the user typed is wrong
            throw new CliFailure(ExitCodes.SOFTWARE, name + ": cannot read the built-in sample: " + e, e);
        } catch (InvalidMeshException e) {
            throw invalid(name, e);
        }
    }

    /**
     * @param name the input's name
     * @param e why the mesh cannot be used
     * @return the failure listing every problem, exit status 3
     */
    static CliFailure invalid(String name, InvalidMeshException e) {
        List<String> lines = e.problems().isEmpty()
                ? List.of(name + ": " + Problems.withoutSource(name, e.getMessage()))
                : Problems.lines(name, e.problems());
        return new CliFailure(ExitCodes.INPUT, lines, e);
    }

    /**
     * Welds and validates the mesh as the tessellator will, so that an invalid mesh is refused before
     * a GL context is made: that takes a while, and {@code auto} would first announce its choice. The
     * tessellator checks again; the weld is cheap next to a refinement. Vertices the engine's frame
     * cannot tell apart are refused here too ({@link InternalFrame#precisionProblem}), as {@code info}
     * reports them.
     *
     * @throws CliFailure (exit 3) naming every problem
     */
    void requireValid() {
        requireValid(Welding.EXACT);
    }

    /**
     * As {@link #requireValid()}, welded as the refinement will weld it.
     *
     * @param welding the refinement's {@code --weld}
     * @throws CliFailure (exit 3) naming every problem
     */
    void requireValid(Welding welding) {
        List<MeshProblem> problems = problems(welding, false);
        if (!problems.isEmpty()) {
            throw failure(new InvalidMeshException(problems), welding);
        }
    }

    /**
     * What preparing the mesh refuses, in the file's numbers ({@link #names()}).
     *
     * @param welding the weld the refinement applies
     * @param valence whether to check the valence limit too (as preparing the mesh does)
     * @return the validator's problems, else the valence's (if asked), else the engine frame's
     */
    private List<MeshProblem> problems(Welding welding, boolean valence) {
        WeldedMesh welded = InputWelder.weld(obj.mesh(), welding);
        TriangleMesh mesh = welded.mesh();
        ElementNames weldedNames = names().throughWeld(welded);
        List<MeshProblem> problems = MeshValidator.problems(mesh, weldedNames);
        if (!problems.isEmpty()) {
            return problems;
        }
        MeshProblem tooLarge = valence ? MeshValidator.valenceProblem(MeshTopology.of(mesh), weldedNames) : null;
        if (tooLarge != null) {
            return List.of(tooLarge);
        }
        MeshProblem precision = InternalFrame.precisionProblem(mesh, weldedNames);
        return precision == null ? List.of() : List.of(precision);
    }

    /**
     * How messages name the mesh's faces and vertices: the file's. Its vertices are the file's in
     * file order, so a vertex keeps its number; a triangle is named by the face it was cut from and
     * that face's line.
     *
     * @return names for {@code obj().mesh()}
     */
    ElementNames names() {
        return new FileNames(obj);
    }

    /**
     * The engine's warnings about the input in the file's numbers: the engine makes them with its
     * own numbering (it knows no file), and {@link InputWarnings} makes the same list, item for item,
     * either way, so each of the engine's items is swapped for its counterpart.
     *
     * @param warnings a result's warnings
     * @param welding the weld the refinement applied
     * @return the same warnings, those about the input named as the file names them
     */
    List<String> named(List<String> warnings, Welding welding) {
        if (warnings.isEmpty()) {
            return warnings;
        }
        WeldedMesh welded = InputWelder.weld(obj.mesh(), welding);
        MeshTopology topology = MeshTopology.of(welded.mesh());
        List<String> own = InputWarnings.of(welded, topology, ElementNames.OWN);
        List<String> file = InputWarnings.of(welded, topology, names());
        List<String> named = new java.util.ArrayList<>(warnings.size());
        for (String w : warnings) {
            int i = own.indexOf(w);
            named.add(i >= 0 ? file.get(i) : w);
        }
        return named;
    }

    /**
     * The failure for a mesh the tessellator (or {@link #requireValid}) refused, suggesting
     * {@code --weld none} where the exact-position weld made a mesh that is valid by its own indices
     * invalid (coincident but distinct vertices: seams split in the file, pieces touching at points).
     *
     * @param e the refusal
     * @param welding the weld it was refused under
     * @return exit 3, naming every problem
     */
    CliFailure refused(InvalidMeshException e, Welding welding) {
        // the engine names faces and vertices by its own numbers; the same checks here name the file's
        List<MeshProblem> named = problems(welding, true);
        return failure(named.isEmpty() ? e : new InvalidMeshException(named), welding);
    }

    /** The failure for a refusal named as the file names things, with the --weld none hint where it helps. */
    private CliFailure failure(InvalidMeshException refusal, Welding welding) {
        CliFailure failure = invalid(name, refusal);
        if (welding != Welding.EXACT || !validByIndex()) {
            return failure;
        }
        List<String> lines = new java.util.ArrayList<>(failure.lines());
        lines.add(name + ": valid by its own vertex indices: --weld none refines it as the file indexes it "
                + "(seams stay open)");
        return new CliFailure(ExitCodes.INPUT, lines, refusal);
    }

    /** @return whether the mesh is valid by the file's own indexing (no exact-position weld) */
    private boolean validByIndex() {
        try {
            TriangleMesh mesh = InputWelder.weld(obj.mesh(), Welding.NONE).mesh();
            MeshValidator.requireValid(mesh);
            // a valence past the limit is refused either way: no weld to blame
            MeshValidator.requireSupportedValence(MeshTopology.of(mesh));
            // so are vertices the frame cannot tell apart: without the weld they are still apart
            return InternalFrame.precisionProblem(mesh) == null;
        } catch (InvalidMeshException e) {
            return false;
        }
    }

    /** @return the warnings the reader gave */
    List<String> warnings() {
        return obj.warnings();
    }

    /**
     * Why this input needs the Java back end to be refined whole: its per-vertex channels
     * (primvars), which the GL back end does not refine yet.
     *
     * @return the reason, or null where the mesh has none
     */
    String javaOnlyReason() {
        List<org.loopsub.api.Primvar> channels = obj.mesh().primvars();
        return channels.isEmpty() ? null : "the input carries per-vertex " + channelNames(channels)
                + ", which only the Java back end refines";
    }

    /**
     * The mesh for the GL back end: without its per-vertex channels, which that back end does not
     * refine yet (it refuses a mesh that has them), and a note saying so where there were any.
     *
     * @param notes receives the note
     * @return the mesh, or the same without its channels
     */
    TriangleMesh glMesh(java.util.function.Consumer<String> notes) {
        TriangleMesh mesh = obj.mesh();
        if (mesh.primvars().isEmpty()) {
            return mesh;
        }
        notes.accept(name + ": the GL back end does not refine per-vertex channels yet: "
                + channelNames(mesh.primvars()) + " left out");
        return mesh.withPrimvars(List.of());
    }

    private static String channelNames(List<org.loopsub.api.Primvar> channels) {
        StringBuilder b = new StringBuilder(channels.size() == 1 ? "channel " : "channels ");
        for (int i = 0; i < channels.size(); i++) {
            b.append(i == 0 ? "" : ", ").append('\'').append(channels.get(i).name()).append('\'');
        }
        return b.toString();
    }
}
