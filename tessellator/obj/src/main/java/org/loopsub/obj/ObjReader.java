package org.loopsub.obj;

import de.javagl.obj.Obj;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.loopsub.api.Crease;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.MeshProblem.Kind;
import org.loopsub.api.Primvar;
import org.loopsub.api.TriangleMesh;

/**
 * Reads Wavefront OBJ files into a {@link TriangleMesh}: a validating parser of the statements a
 * triangle mesh uses, with the line of every problem, whose result de.javagl:obj confirms.
 *
 * <p><b>Text.</b> UTF-8 (malformed bytes, which can only matter in names, are replaced); a leading
 * byte-order mark is skipped; lines end at LF, CR LF or CR. {@code #} starts a comment anywhere on a
 * line; a {@code \} ending a line (before any comment) continues the statement on the next line.
 * Tokens are separated by blanks (space, tab, form feed, vertical tab); other control characters
 * outside comments are refused (binary data), and a NUL anywhere stops the reading at once
 * ({@code TextOnly}: binary data read by mistake is refused at its first bytes, not read whole).
 * Keywords are lower case, as OBJ defines them.
 *
 * <p><b>Numbers</b> ({@code v}, {@code vt}, {@code vn}, crease sharpness) are plain decimals,
 * {@code [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?}, rounded to the nearest float;
 * hexadecimal floats, {@code f}/{@code d} suffixes and the words {@code NaN}/{@code Infinity} that
 * {@link Float#parseFloat} would take are refused. Every value of {@code v}, {@code vt} and
 * {@code vn} must be finite: {@code nan}, {@code inf} and literals beyond the float range
 * ({@code 1e39}) are reported as {@link Kind#NON_FINITE} with the line. Literals below the float
 * range round to a subnormal or to zero, as IEEE rounding has it.
 *
 * <p><b>Statements.</b>
 * <ul>
 * <li>{@code v x y z}, optionally followed by {@code w} or {@code r g b} (3 to 7 numbers): a vertex
 *     colour {@code r g b} (six numbers) becomes the mesh's {@linkplain org.loopsub.api.Primvar primvar}
 *     {@code "color"}, a {@link org.loopsub.api.Primvar.Interpolation#VERTEX} channel of width 3, when
 *     every vertex has one (some without: no channel, one warning); other values after {@code z}
 *     are ignored with one warning;</li>
 * <li>{@code vt u [v [w]]}: texture coordinates, the mesh's {@linkplain TriangleMesh#hasUvs() uv
 *     channel} when every face has a {@code vt} index at every corner: uv {@code i} is the
 *     {@code i}-th {@code vt} of the file, {@code v} is 0 where only {@code u} is given, and
 *     {@code w} is dropped (with a warning if it is not 0). If some faces have them and others do
 *     not, the mesh gets no uv channel, with a warning naming the first face without; if no face
 *     uses them, with a warning too. Either way they stay in {@link ObjFile#obj()};</li>
 * <li>{@code vn x y z}: kept in {@link ObjFile#obj()}, not in the mesh (one warning);</li>
 * <li>{@code f} with at least three corners, each {@code v}, {@code v/vt}, {@code v//vn} or
 *     {@code v/vt/vn} (a face that mixes forms keeps the indices all its corners have); indices are
 *     1-based, or relative when negative ({@code -1} is the last element defined above the face);
 *     index 0 and indices beyond the elements defined are refused (a positive index may point to an
 *     element defined later in the file). Faces with more than three corners are fan-triangulated
 *     from their first corner, with one warning, and one more naming the first polygon whose fan
 *     folds (a triangle faces against the polygon's Newell normal: a concave polygon whose first
 *     corner does not see all the others); each triangle's uv indices come from the same
 *     corners as its vertices;</li>
 * <li>{@code t crease n/1/0 i0 i1 ... s}, OpenSubdiv's tag: {@code n >= 2} 0-based vertex indices,
 *     consecutive ones forming tagged edges (so they must differ), and a sharpness {@code s >= 0}
 *     ({@code inf} and literals beyond the float range mean infinitely sharp);</li>
 * <li>{@code t corner n/1/0 i0 .. s} or {@code t corner n/n/0 i0 .. s0 ..}: vertex sharpness, one
 *     value for all the vertices or one each ({@link org.loopsub.api.Corner});</li>
 * <li>{@code g} (no name means the group {@code default}), {@code usemtl}, {@code mtllib}: kept in
 *     {@link ObjFile#obj()} ({@code usemtl} or {@code mtllib} without a name is ignored with a
 *     warning); {@code o} and {@code s}: accepted, no effect;</li>
 * <li>{@code l}, {@code p}, other {@code t} tags and unknown statements: ignored, one warning per
 *     keyword.</li>
 * </ul>
 *
 * <p><b>Problems</b> are reported as an {@link InvalidMeshException} whose messages start with
 * {@code <source>, line <n>: } (a continued statement is reported at its first line) and name the
 * face or vertex (1-based, as in the file): at most one {@link MeshProblem} per {@link Kind}, naming
 * the first offending line and how many lines have that problem. The whole text is read before
 * failing so that the report is complete. The mesh is neither welded nor validated here; that is
 * the tessellator's job.
 *
 * <p><b>Second reading.</b> Each statement is parsed once, here. The data statements are then
 * written back out as plain OBJ ({@link ObjText}: absolute indices, floats in digits that read back
 * to the same bits) and parsed again by de.javagl:obj, whose object model {@link ObjFile#obj()}
 * exposes; both readings must agree on every count, coordinate bit, face index, group and material,
 * or the reader throws an {@link IllegalStateException}: that would be a bug of ours, not of the
 * input.
 */
public final class ObjReader {
    /** Longest statement quoted in a message: a line of binary data can be megabytes long. */
    private static final int QUOTE = 60;

    private ObjReader() {
    }

    /**
     * Reads an OBJ file (UTF-8; malformed bytes, which can only occur in names and comments, are
     * replaced).
     *
     * @param path the file
     * @return the mesh, the warnings and de.javagl's model of the file
     * @throws IOException if the file cannot be read
     * @throws InvalidMeshException if the file is not a usable OBJ triangle mesh
     */
    public static ObjFile read(Path path) throws IOException, InvalidMeshException {
        // InputStreamReader replaces malformed input instead of throwing, unlike Files.newBufferedReader
        try (Reader reader = new InputStreamReader(Files.newInputStream(path), StandardCharsets.UTF_8)) {
            return read(reader, path.toString());
        }
    }

    /**
     * Reads OBJ text. The reader is not closed.
     *
     * @param reader the text
     * @param sourceName names the source in messages (a file name)
     * @return the mesh, the warnings and de.javagl's model of the text
     * @throws IOException if the reader fails
     * @throws InvalidMeshException if the text is not a usable OBJ triangle mesh
     */
    public static ObjFile read(Reader reader, String sourceName) throws IOException, InvalidMeshException {
        Parser parser = parse(reader, sourceName);
        Obj obj = ObjCrossCheck.parseAndCompare(parser.model, sourceName);
        return new ObjFile(parser.mesh(), parser.warnings(), obj, parser.triangleFaces(), parser.model.faceLines.toArray());
    }

    /**
     * The first reading alone, for tests of the second.
     *
     * @param reader the text
     * @param sourceName names the source in messages
     * @return what was parsed
     * @throws IOException if the reader fails
     * @throws InvalidMeshException if the text is not a usable OBJ triangle mesh
     */
    static ObjModel parseModel(Reader reader, String sourceName) throws IOException {
        return parse(reader, sourceName).model;
    }

    private static Parser parse(Reader reader, String sourceName) throws IOException {
        Parser parser = new Parser(new ObjStatements(new BufferedReader(new TextOnly(reader), 1 << 16)), sourceName);
        try {
            parser.parse();
        } catch (TextOnly.NulCharacter e) {
            throw new InvalidMeshException(new MeshProblem(Kind.UNPARSEABLE, parser.where((int) Math.min(e.line,
                    Integer.MAX_VALUE)) + ": a NUL character: binary data, not OBJ text"));
        }
        if (!parser.problems.isEmpty()) {
            throw parser.exception();
        }
        return parser;
    }

    /** A problem or warning class: the first line that shows it, and how many lines do. */
    private static final class Tally {
        int firstLine = Integer.MAX_VALUE;
        String message;
        int count;

        void add(int line, String text) {
            count++;
            if (line < firstLine) {
                firstLine = line;
                message = text;
            }
        }
    }

    /** Parses statements into an {@link ObjModel}, collecting problems and warnings by line. */
    private static final class Parser {
        private static final int VERTEX = 0;
        private static final int TEX_COORD = 1;
        private static final int NORMAL = 2;
        private static final String[] ELEMENT = {"vertex", "texture coordinate", "normal"};
        private static final String[] ELEMENTS = {"vertices", "texture coordinates", "normals"};

        private final ObjStatements st;
        private final String source;
        final ObjModel model = new ObjModel();
        /** r, g, b per vertex (0 where a {@code v} has none), parallel to the model's positions. */
        private final ObjModel.Floats colors = new ObjModel.Floats();
        private int coloredVertices;
        private int colorFirstLine;

        private final List<Crease> creases = new ArrayList<>();
        private final ObjModel.Ints creaseLines = new ObjModel.Ints();
        private final List<org.loopsub.api.Corner> cornerTags = new ArrayList<>();
        private final ObjModel.Ints cornerLines = new ObjModel.Ints();
        /** line, face number, element kind, 1-based index: faces pointing past the elements read so far. */
        private final ObjModel.Ints forwardReferences = new ObjModel.Ints();
        /** Per corner of the face being read: its v, vt and vn indices, 0-based (-1 where absent). */
        private final ObjModel.Ints cornerScratch = new ObjModel.Ints();

        final Map<Kind, Tally> problems = new EnumMap<>(Kind.class);
        private final Map<String, Tally> warnings = new LinkedHashMap<>();
        private int polygons;
        private int polygonTriangles;
        private int polygonFirstLine;
        /** {@code vt} statements, and the line of the first. */
        private int texCoordLines;
        private int texCoordFirstLine;
        /** {@code vt} statements with a third value other than 0, and the line of the first. */
        private int texCoordWLines;
        private int texCoordWFirstLine;
        /** Faces with a {@code vt} index at every corner. */
        private int facesWithUvs;
        /** The first face without, 1-based, and its line; 0 while there is none. */
        private int firstFaceWithoutUvs;
        private int firstFaceWithoutUvsLine;

        Parser(ObjStatements statements, String source) {
            this.st = statements;
            this.source = source;
        }

        private String where(int line) {
            return source + ", line " + line;
        }

        private void problem(Kind kind, String text) {
            problems.computeIfAbsent(kind, k -> new Tally()).add(st.line(), text);
        }

        private void problem(Kind kind, int line, String text) {
            problems.computeIfAbsent(kind, k -> new Tally()).add(line, text);
        }

        private void warn(String key, String text) {
            warnings.computeIfAbsent(key, k -> new Tally()).add(st.line(), text);
        }

        /** A warning decided after the last statement, about {@code lines} lines from {@code line} on. */
        private void warn(String key, int line, int lines, String text) {
            Tally tally = new Tally();
            tally.add(line, text);
            tally.count = lines;
            warnings.put(key, tally);
        }

        InvalidMeshException exception() {
            List<MeshProblem> list = new ArrayList<>();
            for (Map.Entry<Kind, Tally> entry : problems.entrySet()) {
                Tally tally = entry.getValue();
                // EMPTY concerns the whole file, not a line
                String place = entry.getKey() == Kind.EMPTY ? source : where(tally.firstLine);
                String count = tally.count > 1 ? " (" + tally.count + " lines with this problem)" : "";
                list.add(new MeshProblem(entry.getKey(), place + ": " + tally.message + count));
            }
            return new InvalidMeshException(list);
        }

        List<String> warnings() {
            List<String> list = new ArrayList<>();
            if (polygons > 0) {
                list.add(where(polygonFirstLine) + ": " + polygons + " face" + (polygons > 1 ? "s" : "")
                        + " with more than 3 vertices split into " + polygonTriangles
                        + " triangles (fan from the first vertex)");
            }
            warnings.forEach((key, tally) -> list.add(where(tally.firstLine) + ": " + tally.message
                    + (tally.count > 1 ? " (" + tally.count + " lines)" : "")));
            return list;
        }

        void parse() throws IOException {
            while (st.next()) {
                statement();
            }
            finish();
        }

        private void statement() {
            String keyword = st.token(0);
            if (st.controlCharacter() >= 0) {
                problem(Kind.UNPARSEABLE, String.format(Locale.ROOT, "control character U+%04X outside a comment"
                        + " in '%s' (binary data in a text file?)", st.controlCharacter(), st.text(QUOTE)));
                // keep the numbering of later elements right, so that their messages are too
                switch (keyword) {
                    case "v" -> placeholder(VERTEX);
                    case "vt" -> placeholder(TEX_COORD);
                    case "vn" -> placeholder(NORMAL);
                    case "f" -> model.endFace(st.line());
                    default -> {
                        // nothing is numbered
                    }
                }
                return;
            }
            switch (keyword) {
                case "v" -> element(VERTEX, 3, 7);
                case "vt" -> {
                    element(TEX_COORD, 1, 3);
                    // whether they reach the mesh depends on the faces: decided at the end (finish)
                    if (texCoordLines++ == 0) {
                        texCoordFirstLine = st.line();
                    }
                }
                case "vn" -> {
                    element(NORMAL, 3, 3);
                    warn("vn", "normals (vn) are ignored; output normals are computed from the surface");
                }
                case "f" -> face();
                case "t" -> tag();
                case "g" -> {
                    List<String> names = new ArrayList<>(st.size() - 1);
                    for (int i = 1; i < st.size(); i++) {
                        names.add(st.token(i));
                    }
                    // OBJ: a 'g' without names returns to the default group
                    model.groupFaces.add(model.faceCount());
                    model.groupNames.add(names.isEmpty() ? List.of("default") : names);
                }
                case "usemtl" -> {
                    if (st.size() == 1) {
                        warn("usemtl", "'usemtl' without a material name ignored");
                    } else {
                        model.materialFaces.add(model.faceCount());
                        model.materialNames.add(rest());
                    }
                }
                case "mtllib" -> {
                    if (st.size() == 1) {
                        warn("mtllib", "'mtllib' without a file name ignored");
                    } else {
                        model.materialLibraries.add(rest());
                    }
                }
                case "o", "s" -> {
                    // object names and smoothing groups do not change the surface
                }
                case "l", "p" -> warn(keyword, "'" + keyword + "' elements (polylines, points) are ignored");
                default -> warn("?" + keyword, "unknown statement '" + quote(keyword) + "' ignored");
            }
        }

        /** @return the tokens after the keyword, joined by single blanks (a name may have blanks) */
        private String rest() {
            StringBuilder sb = new StringBuilder(st.token(1));
            for (int i = 2; i < st.size(); i++) {
                sb.append(' ').append(st.token(i));
            }
            return sb.toString();
        }

        private ObjModel.Floats values(int kind) {
            return kind == VERTEX ? model.positions : kind == TEX_COORD ? model.texCoords : model.normals;
        }

        private int count(int kind) {
            return kind == VERTEX ? model.vertexCount() : kind == TEX_COORD ? model.texCoordCount()
                    : model.normalCount();
        }

        /** Adds an element of zeros: the statement was refused, but later numbers must stay right. */
        private void placeholder(int kind) {
            ObjModel.Floats values = values(kind);
            for (int i = 0; i < 3; i++) {
                values.add(0);
                if (kind == VERTEX) {
                    colors.add(0);
                }
            }
            if (kind == TEX_COORD) {
                model.texCoordDimensions.add(3);
            }
        }

        /** {@code v}, {@code vt} or {@code vn}: {@code min} to {@code max} finite numbers. */
        private void element(int kind, int min, int max) {
            int number = count(kind) + 1;
            int found = st.size() - 1;
            String keyword = st.token(0);
            if (found < min || found > max) {
                String expected = kind == VERTEX ? "x y z (optionally w or r g b)"
                        : min == max ? min + " numbers" : min + " to " + max + " numbers";
                problem(Kind.UNPARSEABLE, "'" + keyword + "' needs " + expected + ", found " + found
                        + " values in '" + st.text(QUOTE) + "'");
                placeholder(kind);
                return;
            }
            float[] xyz = new float[3];
            float[] rgb = new float[3];
            boolean finite = true;
            for (int i = 1; i <= found; i++) {
                String token = st.token(i);
                float value;
                switch (ObjNumbers.classify(token)) {
                    case ObjNumbers.DECIMAL -> value = ObjNumbers.parseDecimal(token);
                    case ObjNumbers.NON_FINITE_WORD -> value = ObjNumbers.parseNonFiniteWord(token);
                    default -> {
                        problem(Kind.UNPARSEABLE, "'" + quote(token) + "' is not a number in '" + st.text(QUOTE)
                                + "'" + notANumberHint(token));
                        placeholder(kind);
                        return;
                    }
                }
                if (!Float.isFinite(value)) {
                    String axis = component(kind, i, found);
                    boolean word = ObjNumbers.classify(token) == ObjNumbers.NON_FINITE_WORD;
                    if (finite) {
                        problem(Kind.NON_FINITE, ELEMENT[kind] + " " + number + " has " + axis + " = " + quote(token)
                                + (word ? "" : " (the number does not fit a float)") + "; "
                                + (kind == VERTEX ? "coordinates" : "values") + " must be finite");
                    }
                    finite = false;
                }
                if (i <= 3) {
                    xyz[i - 1] = value;
                } else if (i <= 6) {
                    rgb[i - 4] = value;
                }
            }
            boolean colored = kind == VERTEX && found == 6;
            if (kind == VERTEX && found > 3 && !colored) {
                warn("v+", "values after x y z of a vertex that are not a colour r g b (w or colour with a fourth"
                        + " value) are ignored");
            }
            if (!finite) {
                placeholder(kind);
                return;
            }
            ObjModel.Floats values = values(kind);
            for (int i = 0; i < 3; i++) {
                values.add(i < found ? xyz[i] : 0f);
                if (kind == VERTEX) {
                    colors.add(colored ? rgb[i] : 0f);
                }
            }
            if (colored && coloredVertices++ == 0) {
                colorFirstLine = st.line();
            }
            if (kind == TEX_COORD) {
                model.texCoordDimensions.add(found);
                if (found == 3 && xyz[2] != 0 && texCoordWLines++ == 0) {
                    texCoordWFirstLine = st.line();
                }
            }
        }

        private static String component(int kind, int i, int found) {
            if (i <= 3) {
                return String.valueOf((kind == TEX_COORD ? "uvw" : "xyz").charAt(i - 1));
            }
            return found == 4 ? "w" : "value " + i;
        }

        /** Why Java would take a token that OBJ does not, if it would; the message says we know. */
        private static String notANumberHint(String token) {
            try {
                Float.parseFloat(token);
                return " (OBJ numbers are plain decimals: no hexadecimal, no f/d suffix)";
            } catch (NumberFormatException e) {
                return "";
            }
        }

        /** {@code f}: corners, indices resolved now or (forward references) at the end. */
        private void face() {
            int face = model.faceCount() + 1;
            int corners = st.size() - 1;
            if (corners < 3) {
                problem(Kind.UNPARSEABLE, "face " + face + " has " + corners
                        + " vertices; a face needs at least 3 ('" + st.text(QUOTE) + "')");
                model.endFace(st.line());
                return;
            }
            if (corners > TriangleMesh.MAX_VALENCE + 1) {
                // Refused now, not after a fan of hundreds of thousands of triangles (and a second
                // reading that takes minutes over such a line): a fan from its first vertex gives that
                // vertex a neighbour per other vertex, and a face that repeats vertices folds onto itself.
                problem(Kind.TOO_LARGE, "face " + face + " has " + corners + " vertices; at most "
                        + (TriangleMesh.MAX_VALENCE + 1) + " are supported (split into a fan from its first"
                        + " vertex, it would give that vertex up to " + (corners - 1) + " neighbours, and "
                        + TriangleMesh.MAX_VALENCE + " is the most a vertex may have)");
                model.endFace(st.line());
                return;
            }
            cornerScratch.size = 0;
            // forms as bits: 1 = has vt, 2 = has vn; the face keeps what all its corners have
            // (OBJ wants one form per face, but exporters that mix them exist: dropping what not every
            // corner has keeps the model consistent without a refusal; a face left without vt then
            // keeps the whole mesh from a uv channel, with a warning, see uvWarnings)
            int commonForm = 3;
            for (int c = 1; c <= corners; c++) {
                String token = st.token(c);
                int slash1 = token.indexOf('/');
                int slash2 = slash1 < 0 ? -1 : token.indexOf('/', slash1 + 1);
                int end = token.length();
                boolean wellFormed = (slash2 < 0 || token.indexOf('/', slash2 + 1) < 0)
                        // "1/" and "1//" name no element
                        && !(slash1 >= 0 && slash2 < 0 && slash1 == end - 1)
                        && !(slash2 >= 0 && slash2 == end - 1);
                int form = slash1 < 0 ? 0 : slash2 < 0 ? 1 : slash2 == slash1 + 1 ? 2 : 3;
                if (!wellFormed) {
                    problem(Kind.UNPARSEABLE, "'" + quote(token)
                            + "' is not a face vertex (v, v/vt, v//vn or v/vt/vn) in '" + st.text(QUOTE) + "'");
                    model.endFace(st.line());
                    return;
                }
                commonForm &= form;
                int v = index(face, token, 0, slash1 < 0 ? end : slash1, VERTEX);
                int vt = form == 1 || form == 3
                        ? index(face, token, slash1 + 1, form == 1 ? end : slash2, TEX_COORD) : 0;
                int vn = form >= 2 ? index(face, token, slash2 + 1, end, NORMAL) : 0;
                if (v < 0 || vt < 0 || vn < 0) {
                    model.endFace(st.line());
                    return;
                }
                cornerScratch.add(v - 1);
                cornerScratch.add(vt - 1);
                cornerScratch.add(vn - 1);
            }
            for (int i = 0; i < cornerScratch.size; i += 3) {
                model.cornerVertices.add(cornerScratch.get(i));
                model.cornerTexCoords.add((commonForm & 1) != 0 ? cornerScratch.get(i + 1) : -1);
                model.cornerNormals.add((commonForm & 2) != 0 ? cornerScratch.get(i + 2) : -1);
            }
            model.endFace(st.line());
            if ((commonForm & 1) != 0) {
                facesWithUvs++;
            } else if (firstFaceWithoutUvs == 0) {
                firstFaceWithoutUvs = face;
                firstFaceWithoutUvsLine = st.line();
            }
            if (corners > 3) {
                if (polygons++ == 0) {
                    polygonFirstLine = st.line();
                }
                polygonTriangles += corners - 2;
            }
        }

        /**
         * Parses one index of a face corner and resolves a relative one.
         *
         * @return the absolute 1-based index, or -1 after recording a problem
         */
        private int index(int face, String token, int from, int to, int kind) {
            if (!ObjNumbers.isInteger(token, from, to)) {
                problem(Kind.UNPARSEABLE, "'" + quote(token)
                        + "' is not a face vertex (v, v/vt, v//vn or v/vt/vn) in '" + st.text(QUOTE) + "'");
                return -1;
            }
            long value = ObjNumbers.parseInteger(token, from, to);
            String what = ELEMENT[kind];
            if (value == 0) {
                problem(Kind.INDEX_OUT_OF_RANGE, "face " + face + " uses " + what
                        + " index 0; OBJ indices start at 1");
                return -1;
            }
            int countSoFar = count(kind);
            long absolute = value > 0 ? value : countSoFar + 1 + value;
            if (absolute < 1 || absolute > Integer.MAX_VALUE) {
                problem(Kind.INDEX_OUT_OF_RANGE, "face " + face + " uses " + what + " index "
                        + quote(token.substring(from, to)) + ", but only " + countSoFar + " "
                        + (countSoFar == 1 ? what + " is" : ELEMENTS[kind] + " are") + " defined above it");
                return -1;
            }
            // A positive index may point below its face if elements follow; decide at the end.
            if (absolute > countSoFar) {
                forwardReferences.add(st.line());
                forwardReferences.add(face);
                forwardReferences.add(kind);
                forwardReferences.add((int) absolute);
            }
            return (int) absolute;
        }

        /** {@code t name nInts/nFloats/nStrings ints floats strings} (OpenSubdiv's tag format). */
        private void tag() {
            if (st.size() < 3) {
                problem(Kind.UNPARSEABLE, "a tag needs a name and counts, e.g. 't crease 2/1/0 a b s' ('"
                        + st.text(QUOTE) + "')");
                return;
            }
            String name = st.token(1);
            String[] counts = st.token(2).split("/", -1);
            int[] n = new int[3];
            boolean countsOk = counts.length == 3;
            for (int i = 0; countsOk && i < 3; i++) {
                // at most 5 digits: a tag longer than that is not one
                countsOk = !counts[i].isEmpty() && counts[i].length() < 6 && counts[i].chars().allMatch(
                        ch -> ch >= '0' && ch <= '9');
                if (countsOk) {
                    n[i] = Integer.parseInt(counts[i]);
                }
            }
            if (!countsOk || st.size() != 3 + n[0] + n[1] + n[2]) {
                problem(Kind.UNPARSEABLE, "malformed tag '" + st.text(QUOTE)
                        + "'; expected 't name ints/floats/strings' followed by that many values");
                return;
            }
            if (name.equals("corner")) {
                corner(n);
                return;
            }
            if (!name.equals("crease")) {
                warn("t " + name, "'t " + quote(name) + "' tags are ignored");
                return;
            }
            if (n[0] < 2 || n[1] != 1 || n[2] != 0) {
                problem(Kind.UNPARSEABLE, "a crease tag needs 2 (or more) vertex indices and one sharpness, "
                        + "'t crease 2/1/0 a b s'; found '" + st.text(QUOTE) + "'");
                return;
            }
            int[] vertices = new int[n[0]];
            for (int i = 0; i < n[0]; i++) {
                int value = tagVertex("crease", st.token(3 + i));
                if (value < 0) {
                    return;
                }
                vertices[i] = value;
                if (i > 0 && vertices[i] == vertices[i - 1]) {
                    problem(Kind.UNPARSEABLE, "crease tag joins vertex " + value + " to itself in '"
                            + st.text(QUOTE) + "'");
                    return;
                }
            }
            float sharpness = sharpness("crease", st.token(3 + n[0]));
            if (Float.isNaN(sharpness)) {
                return;
            }
            // several indices form a chain of tagged edges sharing the sharpness
            for (int i = 0; i + 1 < vertices.length; i++) {
                creases.add(new Crease(vertices[i], vertices[i + 1], sharpness));
                creaseLines.add(st.line());
            }
        }

        /**
         * A tag's vertex index: a 0-based, non-negative integer.
         *
         * @return the index, or -1 after reporting the problem
         */
        private int tagVertex(String tag, String token) {
            if (!ObjNumbers.isInteger(token)) {
                problem(Kind.UNPARSEABLE, tag + " vertex '" + quote(token) + "' is not an integer");
                return -1;
            }
            long value = ObjNumbers.parseInteger(token, 0, token.length());
            if (value < 0 || value > Integer.MAX_VALUE) {
                problem(Kind.INDEX_OUT_OF_RANGE, tag + " tag uses vertex index " + quote(token)
                        + "; " + tag + " indices are 0-based and not negative");
                return -1;
            }
            return (int) value;
        }

        /**
         * A tag's sharpness: a number {@code >= 0}, infinity (a word or a literal beyond the float
         * range) for infinitely sharp, -0 read as +0 (one zero sharpness, whatever its sign).
         *
         * @return the sharpness, or NaN after reporting the problem
         */
        private float sharpness(String tag, String token) {
            float s;
            switch (ObjNumbers.classify(token)) {
                case ObjNumbers.DECIMAL -> s = ObjNumbers.parseDecimal(token);
                case ObjNumbers.NON_FINITE_WORD -> s = ObjNumbers.parseNonFiniteWord(token);
                default -> {
                    problem(Kind.UNPARSEABLE, tag + " sharpness '" + quote(token) + "' is not a number"
                            + notANumberHint(token));
                    return Float.NaN;
                }
            }
            if (!(s >= 0)) {
                problem(Kind.UNPARSEABLE, tag + " sharpness " + quote(token) + " must be a number >= 0");
                return Float.NaN;
            }
            return s + 0f;
        }

        /**
         * {@code t corner k/1/0 v.. s} or {@code t corner k/k/0 v.. s..}: vertex sharpness, one value
         * for all the vertices or one each (OpenSubdiv's corner tag).
         */
        private void corner(int[] n) {
            if (n[0] < 1 || (n[1] != 1 && n[1] != n[0]) || n[2] != 0) {
                problem(Kind.UNPARSEABLE, "a corner tag needs vertex indices and one sharpness (or one each), "
                        + "'t corner 1/1/0 v s'; found '" + st.text(QUOTE) + "'");
                return;
            }
            for (int i = 0; i < n[0]; i++) {
                int value = tagVertex("corner", st.token(3 + i));
                if (value < 0) {
                    return;
                }
                float sharpness = sharpness("corner", st.token(3 + n[0] + (n[1] == 1 ? 0 : i)));
                if (Float.isNaN(sharpness)) {
                    return;
                }
                cornerTags.add(new org.loopsub.api.Corner(value, sharpness));
                cornerLines.add(st.line());
            }
        }

        /** Checks what can only be checked once every element is known. */
        private void finish() {
            for (int i = 0; i < forwardReferences.size; i += 4) {
                int kind = forwardReferences.get(i + 2);
                int index = forwardReferences.get(i + 3);
                int total = count(kind);
                if (index > total) {
                    problem(Kind.INDEX_OUT_OF_RANGE, forwardReferences.get(i), "face " + forwardReferences.get(i + 1)
                            + " uses " + ELEMENT[kind] + " " + index + ", but the file has " + total + " "
                            + (total == 1 ? ELEMENT[kind] : ELEMENTS[kind]));
                }
            }
            int vertexCount = model.vertexCount();
            if (coloredVertices > 0 && coloredVertices < vertexCount) {
                warn("v rgb", colorFirstLine, 1, "vertex colours (v x y z r g b) on " + coloredVertices + " of "
                        + vertexCount + " vertices are ignored: the \"color\" primvar needs one on every vertex");
            }
            for (int i = 0; i < creases.size(); i++) {
                Crease c = creases.get(i);
                int bad = c.v0() >= vertexCount ? c.v0() : c.v1() >= vertexCount ? c.v1() : -1;
                if (bad >= 0) {
                    problem(Kind.INDEX_OUT_OF_RANGE, creaseLines.get(i), "crease tag uses vertex index " + bad
                            + " (0-based), but the file has " + vertexCount + " vertices");
                }
            }
            for (int i = 0; i < cornerTags.size(); i++) {
                if (cornerTags.get(i).vertex() >= vertexCount) {
                    problem(Kind.INDEX_OUT_OF_RANGE, cornerLines.get(i), "corner tag uses vertex index "
                            + cornerTags.get(i).vertex() + " (0-based), but the file has " + vertexCount + " vertices");
                }
            }
            if (problems.isEmpty()) {
                if (vertexCount == 0) {
                    problem(Kind.EMPTY, 0, "the file has no vertex (no 'v' line)");
                } else if (model.faceCount() == 0) {
                    problem(Kind.EMPTY, 0, "the file has " + vertexCount + " vertices but no face (no 'f' line)");
                }
            }
            uvWarnings();
            if (problems.isEmpty()) {
                foldWarning();
            }
        }

        /**
         * Warns about polygons whose fan from the first vertex folds: a triangle of the fan faces
         * against the polygon's (Newell) normal, which happens when a concave polygon's first vertex
         * does not see all the others. The fan is still a valid mesh, so nothing downstream notices,
         * but the surface overlaps itself there.
         */
        private void foldWarning() {
            float[] p = model.positions.data;
            int[] corners = model.cornerVertices.data;
            int folded = 0;
            int firstFace = 0;
            int firstLine = 0;
            for (int f = 0; f < model.faceCount(); f++) {
                int first = model.faceStarts.get(f);
                int end = model.faceStarts.get(f + 1);
                if (end - first <= 3) {
                    continue;
                }
                double nx = 0;
                double ny = 0;
                double nz = 0;
                for (int k = first; k < end; k++) {
                    int a = 3 * corners[k];
                    int b = 3 * corners[k + 1 < end ? k + 1 : first];
                    nx += ((double) p[a + 1] - p[b + 1]) * ((double) p[a + 2] + p[b + 2]);
                    ny += ((double) p[a + 2] - p[b + 2]) * ((double) p[a] + p[b]);
                    nz += ((double) p[a] - p[b]) * ((double) p[a + 1] + p[b + 1]);
                }
                int o = 3 * corners[first];
                boolean folds = false;
                for (int k = first + 1; k + 1 < end && !folds; k++) {
                    int a = 3 * corners[k];
                    int b = 3 * corners[k + 1];
                    double ux = (double) p[a] - p[o];
                    double uy = (double) p[a + 1] - p[o + 1];
                    double uz = (double) p[a + 2] - p[o + 2];
                    double vx = (double) p[b] - p[o];
                    double vy = (double) p[b + 1] - p[o + 1];
                    double vz = (double) p[b + 2] - p[o + 2];
                    double dot = (uy * vz - uz * vy) * nx + (uz * vx - ux * vz) * ny + (ux * vy - uy * vx) * nz;
                    // a flat triangle (dot 0) faces no way; FlatFaces warns about those
                    folds = dot < 0;
                }
                if (folds && folded++ == 0) {
                    firstFace = f + 1;
                    firstLine = model.faceLines.get(f);
                }
            }
            if (folded > 0) {
                warn("fold", firstLine, folded, "face " + firstFace + " is not convex and its fan from the first"
                        + " vertex folds over: a triangle of the fan faces against the polygon's normal, so the"
                        + " surface overlaps itself there (triangulate it before, or start it at a vertex that"
                        + " sees all the others)");
            }
        }

        /**
         * @return whether the mesh gets a uv channel: every face has a {@code vt} index at every
         *     corner (a uv channel is per corner, all or nothing: a face without would have no uv)
         */
        private boolean carriesUvs() {
            return model.texCoordCount() > 0 && facesWithUvs == model.faceCount();
        }

        /** Says why {@code vt} lines do not reach the mesh, or what of them does not. */
        private void uvWarnings() {
            if (texCoordLines == 0) {
                return;
            }
            if (facesWithUvs == 0) {
                warn("vt", texCoordFirstLine, texCoordLines,
                        "texture coordinates (vt) are used by no face; ignored");
            } else if (!carriesUvs()) {
                int faces = model.faceCount();
                warn("vt", firstFaceWithoutUvsLine, 1, "face " + firstFaceWithoutUvs
                        + " lacks a texture coordinate (vt) at some corner, while " + facesWithUvs + " of the "
                        + faces + " faces have one at every corner; texture coordinates are kept only when"
                        + " every face has them: all ignored");
            } else if (texCoordWLines > 0) {
                warn("vt w", texCoordWFirstLine, texCoordWLines,
                        "third texture coordinates (w) are ignored; the mesh keeps u and v");
            }
        }

        /** @return the faces fan-triangulated, with the vertices, crease tags and, if every face has them, uvs */
        TriangleMesh mesh() {
            int faceCount = model.faceCount();
            int triangleCount = 0;
            for (int f = 0; f < faceCount; f++) {
                triangleCount += model.faceStarts.get(f + 1) - model.faceStarts.get(f) - 2;
            }
            float[] positions = model.positions.toArray();
            TriangleMesh.Builder mesh = TriangleMesh.builder(positions.length / 3, triangleCount)
                    .setPositions(0, positions, 0, positions.length / 3);
            boolean uvs = carriesUvs();
            if (uvs) {
                int count = model.texCoordCount();
                mesh.uvs(count);
                float[] tex = model.texCoords.data;
                for (int i = 0; i < count; i++) {
                    mesh.setUv(i, tex[ObjModel.TEX_STRIDE * i], tex[ObjModel.TEX_STRIDE * i + 1]);
                }
            }
            int t = 0;
            int[] corners = model.cornerVertices.data;
            int[] texCorners = model.cornerTexCoords.data;
            for (int f = 0; f < faceCount; f++) {
                int first = model.faceStarts.get(f);
                int end = model.faceStarts.get(f + 1);
                for (int k = first + 1; k + 1 < end; k++) {
                    if (uvs) {
                        mesh.setUvIndices(t, texCorners[first], texCorners[k], texCorners[k + 1]);
                    }
                    mesh.setTriangle(t++, corners[first], corners[k], corners[k + 1]);
                }
            }
            if (coloredVertices > 0 && coloredVertices == model.vertexCount()) {
                mesh.primvar(Primvar.vertex(ObjWriter.COLOR, 3, colors.toArray()));
            }
            return mesh.creases(creases).corners(cornerTags).build();
        }

        /** @return for each triangle of {@link #mesh()}, the 0-based face of the file it was cut from */
        int[] triangleFaces() {
            int faceCount = model.faceCount();
            ObjModel.Ints faces = new ObjModel.Ints();
            for (int f = 0; f < faceCount; f++) {
                for (int k = model.faceStarts.get(f) + 2; k < model.faceStarts.get(f + 1); k++) {
                    faces.add(f);
                }
            }
            return faces.toArray();
        }

        /** A token for a message: control characters shown as {@code ?}, long ones cut. */
        private static String quote(String token) {
            return ObjStatements.printable(token, QUOTE);
        }
    }
}
