package org.loopsub.obj;

import de.javagl.obj.Obj;
import de.javagl.obj.ObjData;
import de.javagl.obj.ObjFace;
import de.javagl.obj.Objs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.loopsub.api.Crease;
import org.loopsub.api.InvalidMeshException;
import org.loopsub.api.MeshProblem;
import org.loopsub.api.MeshProblem.Kind;
import org.loopsub.api.TriangleMesh;

/**
 * Reads Wavefront OBJ files into a {@link TriangleMesh}: {@code v} positions, {@code f} faces and
 * OpenSubdiv's {@code t crease 2/1/0 i j s} tags.
 *
 * <p>Faces with more than three vertices are fan-triangulated from their first vertex (one warning
 * with the count). {@code vt} and {@code vn} lines are accepted but not carried (one warning each);
 * {@code o}, {@code g}, {@code s}, {@code usemtl} and {@code mtllib} are ignored silently;
 * {@code l}, {@code p}, other {@code t} tags and unknown statements are ignored with one warning per
 * keyword. A {@code #} starts a comment anywhere on a line; a line ending in {@code \} continues on
 * the next one. Relative (negative) indices are resolved as OBJ defines them: {@code -1} is the last
 * vertex defined above the face.
 *
 * <p>Every problem is reported as an {@link InvalidMeshException} whose messages name the line
 * (and the face or vertex number, 1-based as in the file): at most one {@link MeshProblem} per
 * {@link Kind}, naming the first offending line and how many lines have that problem. The whole
 * file is read before failing so that the report is complete. The mesh is neither welded nor
 * validated here; that is the tessellator's job.
 */
public final class ObjReader {
    private ObjReader() {
    }

    /**
     * Reads an OBJ file (UTF-8; malformed bytes, which can only occur in names and comments, are
     * replaced).
     *
     * @param path the file
     * @return the mesh and the warnings
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
     * @return the mesh and the warnings
     * @throws IOException if the reader fails
     * @throws InvalidMeshException if the text is not a usable OBJ triangle mesh
     */
    public static ObjFile read(Reader reader, String sourceName) throws IOException, InvalidMeshException {
        Scanner scan = new Scanner(reader instanceof BufferedReader b ? b : new BufferedReader(reader), sourceName);
        Feed feed = new Feed(scan);
        Obj obj;
        try {
            obj = de.javagl.obj.ObjReader.read(feed, Objs.create());
        } catch (IOException | RuntimeException e) {
            if (e == feed.sourceFailure) {
                throw (IOException) e;
            }
            // The feed hands de.javagl only statements it has checked, so this is not expected;
            // still, name the place rather than letting a bare library exception escape.
            throw new InvalidMeshException(new MeshProblem(Kind.UNPARSEABLE,
                    scan.where(scan.lastDataLine) + ": cannot read the statement: " + e));
        }
        scan.finish();
        if (!scan.problems.isEmpty()) {
            throw scan.exception();
        }
        return build(obj, scan);
    }

    /** Turns de.javagl's data into the mesh; the scanner already vouched for syntax and indices. */
    private static ObjFile build(Obj obj, Scanner scan) {
        if (obj.getNumVertices() != scan.vertexLines.size || obj.getNumFaces() != scan.faceLines.size) {
            throw new InvalidMeshException(new MeshProblem(Kind.UNPARSEABLE, scan.source
                    + ": read " + obj.getNumVertices() + " vertices and " + obj.getNumFaces()
                    + " faces, but the file has " + scan.vertexLines.size + " and " + scan.faceLines.size));
        }
        float[] positions = ObjData.getVerticesArray(obj);
        int vertexCount = obj.getNumVertices();
        // Literals such as 1e39 are well-formed but overflow a float; only the parsed value shows it.
        for (int v = 0; v < vertexCount; v++) {
            for (int axis = 0; axis < 3; axis++) {
                float value = positions[3 * v + axis];
                if (!Float.isFinite(value)) {
                    scan.problem(Kind.NON_FINITE, scan.vertexLines.get(v), "vertex " + (v + 1) + " has "
                            + "xyz".charAt(axis) + " = " + value + " (the number does not fit a float)");
                    break;
                }
            }
        }
        if (!scan.problems.isEmpty()) {
            throw scan.exception();
        }
        int faceCount = obj.getNumFaces();
        int triangleCount = 0;
        for (int f = 0; f < faceCount; f++) {
            triangleCount += obj.getFace(f).getNumVertices() - 2;
        }
        int[] triangles = new int[3 * triangleCount];
        int t = 0;
        for (int f = 0; f < faceCount; f++) {
            ObjFace face = obj.getFace(f);
            int first = face.getVertexIndex(0);
            for (int k = 1; k + 1 < face.getNumVertices(); k++) {
                triangles[t++] = first;
                triangles[t++] = face.getVertexIndex(k);
                triangles[t++] = face.getVertexIndex(k + 1);
            }
        }
        return new ObjFile(new TriangleMesh(positions, triangles, scan.creases), scan.warnings());
    }

    /**
     * Hands de.javagl a cleaned copy of the file, statement by statement as it asks for more: only
     * checked {@code v} and {@code f} lines, comments and continuations removed, indices made
     * absolute. This keeps one pass over the file while the scanner knows the line numbers that
     * de.javagl does not track, and keeps de.javagl from seeing anything it would mis-read (it
     * ignores extra tokens, drops a character before a {@code \}, and throws unchecked exceptions
     * on short lines).
     */
    private static final class Feed extends Reader {
        private final Scanner scan;
        private final StringBuilder pending = new StringBuilder();
        private int pos;
        private boolean eof;
        IOException sourceFailure;

        Feed(Scanner scan) {
            this.scan = scan;
        }

        @Override
        public int read(char[] buf, int off, int len) throws IOException {
            while (pos == pending.length()) {
                if (eof) {
                    return -1;
                }
                pending.setLength(0);
                pos = 0;
                try {
                    while (pending.length() < 8192) {
                        if (!scan.next(pending)) {
                            eof = true;
                            break;
                        }
                    }
                } catch (IOException e) {
                    sourceFailure = e;
                    throw e;
                }
            }
            int n = Math.min(len, pending.length() - pos);
            pending.getChars(pos, pos + n, buf, off);
            pos += n;
            return n;
        }

        @Override
        public void close() {
            // the caller owns the source
        }
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

    /** A growable int array. */
    private static final class IntList {
        int[] data = new int[64];
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
    }

    /** Reads statements, checks the ones it knows, and writes the data ones for de.javagl. */
    private static final class Scanner {
        private static final int NUMBER = 0;
        private static final int NON_FINITE_WORD = 1;
        private static final int NOT_A_NUMBER = 2;

        final String source;
        private final BufferedReader in;
        private int physicalLine;
        int lastDataLine;
        private final List<String> tokens = new ArrayList<>();

        private int vCount;
        private int vtCount;
        private int vnCount;
        private int fCount;
        final IntList vertexLines = new IntList();
        final IntList faceLines = new IntList();
        final List<Crease> creases = new ArrayList<>();
        private final IntList creaseLines = new IntList();
        /** line, face number, 1-based index, for faces that point past the vertices read so far. */
        private final IntList forwardReferences = new IntList();

        final Map<Kind, Tally> problems = new EnumMap<>(Kind.class);
        private final Map<String, Tally> warnings = new LinkedHashMap<>();
        private int polygons;
        private int polygonTriangles;
        private int polygonFirstLine;

        Scanner(BufferedReader in, String source) {
            this.in = in;
            this.source = source;
        }

        String where(int line) {
            return source + ", line " + line;
        }

        void problem(Kind kind, int line, String text) {
            problems.computeIfAbsent(kind, k -> new Tally()).add(line, text);
        }

        private void warn(String key, int line, String text) {
            warnings.computeIfAbsent(key, k -> new Tally()).add(line, text);
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

        /** Checks what can only be checked once every vertex is known. */
        void finish() {
            for (int i = 0; i < forwardReferences.size; i += 3) {
                int index = forwardReferences.get(i + 2);
                if (index > vCount) {
                    problem(Kind.INDEX_OUT_OF_RANGE, forwardReferences.get(i), "face " + forwardReferences.get(i + 1)
                            + " uses vertex " + index + ", but the file has " + vCount + " vertices");
                }
            }
            for (int i = 0; i < creases.size(); i++) {
                Crease c = creases.get(i);
                int bad = c.v0() >= vCount ? c.v0() : c.v1() >= vCount ? c.v1() : -1;
                if (bad >= 0) {
                    problem(Kind.INDEX_OUT_OF_RANGE, creaseLines.get(i), "crease tag uses vertex index " + bad
                            + " (0-based), but the file has " + vCount + " vertices");
                }
            }
            if (problems.isEmpty()) {
                if (vCount == 0) {
                    problem(Kind.EMPTY, 0, "the file has no vertex (no 'v' line)");
                } else if (fCount == 0) {
                    problem(Kind.EMPTY, 0, "the file has " + vCount
                            + " vertices but no face (no 'f' line)");
                }
            }
        }

        /**
         * Reads one statement and appends what de.javagl should see of it to {@code out}.
         *
         * @return false at the end of the input
         */
        boolean next(StringBuilder out) throws IOException {
            String line = in.readLine();
            if (line == null) {
                return false;
            }
            int start = ++physicalLine;
            StringBuilder joined = null;
            String text = stripComment(line);
            while (endsWithBackslash(text)) {
                String trimmed = text.strip();
                String more = in.readLine();
                if (joined == null) {
                    joined = new StringBuilder();
                }
                joined.append(trimmed, 0, trimmed.length() - 1).append(' ');
                if (more == null) {
                    text = "";
                    break;
                }
                physicalLine++;
                text = stripComment(more);
            }
            if (joined != null) {
                text = joined.append(text).toString();
            }
            tokenize(text);
            if (tokens.isEmpty()) {
                return true;
            }
            String keyword = tokens.get(0);
            switch (keyword) {
                case "v" -> vertex(start, text, out);
                case "f" -> face(start, text, out);
                case "vt" -> {
                    numbers(start, text, 1, 3, "vt");
                    vtCount++;
                    warn("vt", start, "texture coordinates (vt) are not carried through refinement; ignored");
                }
                case "vn" -> {
                    numbers(start, text, 3, 3, "vn");
                    vnCount++;
                    warn("vn", start, "normals (vn) are ignored; output normals are computed from the surface");
                }
                case "t" -> tag(start, text);
                case "o", "g", "s", "usemtl", "mtllib" -> {
                    // names, smoothing groups and materials do not change the surface
                }
                case "l", "p" -> warn(keyword, start, "'" + keyword + "' elements (polylines, points) are ignored");
                default -> warn("?" + keyword, start, "unknown statement '" + keyword + "' ignored");
            }
            return true;
        }

        private void vertex(int line, String text, StringBuilder out) {
            vCount++;
            int found = tokens.size() - 1;
            if (found < 3 || found > 7) {
                problem(Kind.UNPARSEABLE, line, "'v' needs x y z (optionally w or r g b), found " + found
                        + " values in '" + text.strip() + "'");
                return;
            }
            boolean ok = true;
            for (int i = 1; i <= found; i++) {
                String token = tokens.get(i);
                int kind = classify(token);
                if (kind == NOT_A_NUMBER) {
                    problem(Kind.UNPARSEABLE, line, "'" + token + "' is not a number in '" + text.strip() + "'");
                    return;
                }
                if (kind == NON_FINITE_WORD && i <= 3) {
                    problem(Kind.NON_FINITE, line, "vertex " + vCount + " has " + "xyz".charAt(i - 1) + " = "
                            + token + "; coordinates must be finite");
                    ok = false;
                }
            }
            if (found > 3) {
                warn("v+", line, "values after x y z of a vertex (w or colour) are ignored");
            }
            if (ok && problems.isEmpty()) {
                out.append("v ").append(tokens.get(1)).append(' ').append(tokens.get(2)).append(' ')
                        .append(tokens.get(3)).append('\n');
                vertexLines.add(line);
                lastDataLine = line;
            }
        }

        private void face(int line, String text, StringBuilder out) {
            int face = ++fCount;
            int corners = tokens.size() - 1;
            if (corners < 3) {
                problem(Kind.UNPARSEABLE, line, "face " + face + " has " + corners
                        + " vertices; a face needs at least 3 ('" + text.strip() + "')");
                return;
            }
            int[] resolved = new int[corners];
            for (int c = 0; c < corners; c++) {
                String token = tokens.get(c + 1);
                String[] parts = token.indexOf('/') < 0 ? new String[] {token} : token.split("/", -1);
                if (parts.length > 3 || (parts.length == 2 && parts[1].isEmpty())) {
                    problem(Kind.UNPARSEABLE, line, "'" + token + "' is not a face vertex (v, v/vt, v//vn or v/vt/vn)");
                    return;
                }
                int v = index(line, face, parts[0], "vertex", vCount, false, token);
                if (v == Integer.MIN_VALUE) {
                    return;
                }
                if (parts.length >= 2 && !parts[1].isEmpty()
                        && index(line, face, parts[1], "texture coordinate", vtCount, true, token)
                        == Integer.MIN_VALUE) {
                    return;
                }
                if (parts.length == 3
                        && index(line, face, parts[2], "normal", vnCount, true, token) == Integer.MIN_VALUE) {
                    return;
                }
                resolved[c] = v;
            }
            if (corners > 3) {
                if (polygons++ == 0) {
                    polygonFirstLine = line;
                }
                polygonTriangles += corners - 2;
            }
            if (problems.isEmpty()) {
                out.append('f');
                for (int v : resolved) {
                    out.append(' ').append(v);
                }
                out.append('\n');
                faceLines.add(line);
                lastDataLine = line;
            }
        }

        /**
         * Parses one index of a face vertex and resolves a relative one.
         *
         * @return the absolute 1-based index, or {@link Integer#MIN_VALUE} after recording a problem
         */
        private int index(int line, int face, String digits, String what, int countSoFar, boolean ignored,
                          String token) {
            if (!isInteger(digits)) {
                problem(Kind.UNPARSEABLE, line, "'" + token + "' is not a face vertex (v, v/vt, v//vn or v/vt/vn)");
                return Integer.MIN_VALUE;
            }
            long value = parseLongSaturating(digits);
            if (value == 0) {
                problem(Kind.INDEX_OUT_OF_RANGE, line, "face " + face + " uses " + what
                        + " index 0; OBJ indices start at 1");
                return Integer.MIN_VALUE;
            }
            long absolute = value > 0 ? value : countSoFar + 1 + value;
            if (absolute < 1 || absolute > Integer.MAX_VALUE) {
                problem(Kind.INDEX_OUT_OF_RANGE, line, "face " + face + " uses " + what + " index " + digits
                        + ", but only " + countSoFar + " " + (countSoFar == 1 ? what + " is"
                        : (what.equals("vertex") ? "vertices" : what + "s") + " are") + " defined above it");
                return Integer.MIN_VALUE;
            }
            // A positive index may legally point below its face only if vertices follow; decide at the end.
            // Unused texture-coordinate and normal indices are not range-checked: nothing reads them.
            if (!ignored && absolute > countSoFar) {
                forwardReferences.add(line);
                forwardReferences.add(face);
                forwardReferences.add((int) absolute);
            }
            return (int) absolute;
        }

        /** {@code t name nInts/nFloats/nStrings ints floats strings} (OpenSubdiv's tag format). */
        private void tag(int line, String text) {
            // de.javagl does not know tags, so they are parsed here.
            if (tokens.size() < 3) {
                problem(Kind.UNPARSEABLE, line, "a tag needs a name and counts, e.g. 't crease 2/1/0 a b s' ('"
                        + text.strip() + "')");
                return;
            }
            String name = tokens.get(1);
            String[] counts = tokens.get(2).split("/", -1);
            int[] n = new int[3];
            boolean countsOk = counts.length == 3;
            for (int i = 0; countsOk && i < 3; i++) {
                countsOk = isInteger(counts[i]) && !counts[i].startsWith("-") && counts[i].length() < 6;
                if (countsOk) {
                    n[i] = Integer.parseInt(counts[i]);
                }
            }
            if (!countsOk || tokens.size() != 3 + n[0] + n[1] + n[2]) {
                problem(Kind.UNPARSEABLE, line, "malformed tag '" + text.strip()
                        + "'; expected 't name ints/floats/strings' followed by that many values");
                return;
            }
            if (!name.equals("crease")) {
                warn("t " + name, line, "'t " + name + "' tags are ignored");
                return;
            }
            if (n[0] < 2 || n[1] != 1 || n[2] != 0) {
                problem(Kind.UNPARSEABLE, line, "a crease tag needs 2 (or more) vertex indices and one sharpness, "
                        + "'t crease 2/1/0 a b s'; found '" + text.strip() + "'");
                return;
            }
            int[] vertices = new int[n[0]];
            for (int i = 0; i < n[0]; i++) {
                String token = tokens.get(3 + i);
                if (!isInteger(token)) {
                    problem(Kind.UNPARSEABLE, line, "crease vertex '" + token + "' is not an integer");
                    return;
                }
                long value = parseLongSaturating(token);
                if (value < 0 || value > Integer.MAX_VALUE) {
                    problem(Kind.INDEX_OUT_OF_RANGE, line, "crease tag uses vertex index " + token
                            + "; crease indices are 0-based and not negative");
                    return;
                }
                vertices[i] = (int) value;
            }
            String sharpnessToken = tokens.get(3 + n[0]);
            float sharpness;
            switch (classify(sharpnessToken)) {
                case NUMBER -> sharpness = Float.parseFloat(sharpnessToken);
                case NON_FINITE_WORD -> sharpness = parseNonFiniteWord(sharpnessToken);
                default -> {
                    problem(Kind.UNPARSEABLE, line, "crease sharpness '" + sharpnessToken + "' is not a number");
                    return;
                }
            }
            if (!(sharpness >= 0)) {
                problem(Kind.UNPARSEABLE, line, "crease sharpness " + sharpnessToken + " must be a number >= 0");
                return;
            }
            // several indices form a chain of tagged edges sharing the sharpness
            for (int i = 0; i + 1 < vertices.length; i++) {
                creases.add(new Crease(vertices[i], vertices[i + 1], sharpness));
                creaseLines.add(line);
            }
        }

        private void numbers(int line, String text, int min, int max, String keyword) {
            int found = tokens.size() - 1;
            if (found < min || found > max) {
                String expected = min == max ? "" + min : min + " to " + max;
                problem(Kind.UNPARSEABLE, line, "'" + keyword + "' needs " + expected
                        + " numbers, found " + found + " in '" + text.strip() + "'");
                return;
            }
            for (int i = 1; i <= found; i++) {
                if (classify(tokens.get(i)) == NOT_A_NUMBER) {
                    problem(Kind.UNPARSEABLE, line, "'" + tokens.get(i) + "' is not a number in '"
                            + text.strip() + "'");
                    return;
                }
            }
        }

        private void tokenize(String text) {
            tokens.clear();
            int n = text.length();
            int i = 0;
            while (i < n) {
                while (i < n && Character.isWhitespace(text.charAt(i))) {
                    i++;
                }
                int start = i;
                while (i < n && !Character.isWhitespace(text.charAt(i))) {
                    i++;
                }
                if (i > start) {
                    tokens.add(text.substring(start, i));
                }
            }
        }

        private static String stripComment(String line) {
            int hash = line.indexOf('#');
            return hash >= 0 ? line.substring(0, hash) : line;
        }

        private static boolean endsWithBackslash(String text) {
            int end = text.length() - 1;
            while (end >= 0 && Character.isWhitespace(text.charAt(end))) {
                end--;
            }
            return end >= 0 && text.charAt(end) == '\\';
        }

        /**
         * Accepts only plain decimals ({@code [+-]digits[.digits][e[+-]digits]}), a subset of what
         * {@link Float#parseFloat} takes (which also takes hex, {@code f}/{@code d} suffixes and
         * surrounding blanks), so what passes here never makes de.javagl throw. The words printf writes
         * for non-finite values ({@code nan}, {@code inf}, {@code infinity}, any case, signed) are
         * recognised so that they are reported as non-finite rather than unparseable.
         */
        static int classify(String t) {
            int n = t.length();
            int i = 0;
            if (n > 0 && (t.charAt(0) == '+' || t.charAt(0) == '-')) {
                i++;
            }
            if (isNonFiniteWord(t, i)) {
                return NON_FINITE_WORD;
            }
            int digits = 0;
            while (i < n && isDigit(t.charAt(i))) {
                i++;
                digits++;
            }
            if (i < n && t.charAt(i) == '.') {
                i++;
                while (i < n && isDigit(t.charAt(i))) {
                    i++;
                    digits++;
                }
            }
            if (digits == 0) {
                return NOT_A_NUMBER;
            }
            if (i < n && (t.charAt(i) == 'e' || t.charAt(i) == 'E')) {
                i++;
                if (i < n && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
                    i++;
                }
                int exponentDigits = 0;
                while (i < n && isDigit(t.charAt(i))) {
                    i++;
                    exponentDigits++;
                }
                if (exponentDigits == 0) {
                    return NOT_A_NUMBER;
                }
            }
            return i == n ? NUMBER : NOT_A_NUMBER;
        }

        private static boolean isNonFiniteWord(String t, int from) {
            String rest = t.substring(from);
            return rest.equalsIgnoreCase("nan") || rest.equalsIgnoreCase("inf") || rest.equalsIgnoreCase("infinity");
        }

        private static float parseNonFiniteWord(String t) {
            boolean negative = t.startsWith("-");
            String rest = t.substring(t.startsWith("-") || t.startsWith("+") ? 1 : 0);
            if (rest.equalsIgnoreCase("nan")) {
                return Float.NaN;
            }
            return negative ? Float.NEGATIVE_INFINITY : Float.POSITIVE_INFINITY;
        }

        private static boolean isInteger(String t) {
            int n = t.length();
            int i = n > 0 && (t.charAt(0) == '+' || t.charAt(0) == '-') ? 1 : 0;
            if (i == n) {
                return false;
            }
            for (; i < n; i++) {
                if (!isDigit(t.charAt(i))) {
                    return false;
                }
            }
            return true;
        }

        /** Parses a checked integer; values beyond the long range saturate (they are out of range anyway). */
        private static long parseLongSaturating(String t) {
            boolean negative = t.charAt(0) == '-';
            long value = 0;
            for (int i = t.charAt(0) == '+' || negative ? 1 : 0; i < t.length(); i++) {
                value = value * 10 + (t.charAt(i) - '0');
                if (value > (1L << 40)) {
                    value = 1L << 40;
                }
            }
            return negative ? -value : value;
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }
    }
}
