package org.loopsub.samples.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopsub.obj.ObjReader;

/**
 * Seeded random mutations of real OBJ files through {@code loopsub subdivide} (and now and then
 * {@code loopsub info}), in process: every case must end with exit 0 (and an output file that reads
 * back) or exit 3 (and no output file, no temporary file), never with another status or a stack
 * trace.
 *
 * <p>The mutations are what damaged or hand-edited files hold: lines deleted, duplicated or
 * swapped; the file cut at a random byte; face indices swapped, made 0, negative or out of range;
 * numbers replaced by huge, tiny, non-finite, signed-zero or garbage tokens; noise bytes; crease
 * tags corrupted; whole meshes scaled towards the float limits; stray statements, continuations,
 * comments, line ends and byte-order marks. Each case is made from the seed and its number alone:
 * {@code -Dloopsub.fuzz.seed=S} chooses the seed, {@code -Dloopsub.fuzz.cases=N} the number of
 * cases, {@code -Dloopsub.fuzz.case=K} runs case K only (as a failure message prints it). Failing
 * inputs are also copied to {@code target/input-fuzz-failures/}.
 */
@Tag("slow")
class InputFuzzTest {
    private static final long SEED = Long.getLong("loopsub.fuzz.seed", 0x10095AB5EEDL);
    private static final int CASES = Integer.getInteger("loopsub.fuzz.cases", 300);
    private static final int ONLY_CASE = Integer.getInteger("loopsub.fuzz.case", -1);

    /** Replacements for a number: beyond, at and below the float range, non-finite, and not numbers. */
    private static final String[] NUMBERS = {"1e39", "-1e39", "1e308", "-1e308", "3.4028235e38", "-3.4028235e38",
        "3e38", "1e38", "-1e38", "1e30", "1e20", "1e7", "1e-45", "-1e-45", "1e-320", "1e-38", "1.17549435e-38",
        "NaN", "nan", "-nan", "Infinity", "-Infinity", "inf", "-inf", "-0", "0", "+0.0", "garbage", "0x1p3", "1f",
        "2.5d", "1e", ".", "--1", "1.5.5", "", "1,5", "\u00e9", "1e99999999999", "0.000000000000000000001",
        "123456789012345678901234567890"};
    /** Valid numbers at the edges of the float range. */
    private static final String[] FINITE_EXTREMES = {"3.4028235e38", "-3.4028235e38", "3e38", "1e38", "-1e38",
        "1e30", "-1e30", "1e20", "1e7", "16777217", "1e-7", "1e-30", "1.17549435e-38", "1e-40", "1e-45", "-1e-45",
        "0", "-0"};
    /** Replacements for a face or crease index. */
    private static final String[] INDICES = {"0", "-0", "-1", "-2", "-9999", "2147483647", "2147483648",
        "-2147483648", "99999999999999999999", "1/1", "1//1", "1/1/1", "1/", "/1", "1.5", "x", "", "+1"};
    /** Statements and fragments inserted as whole lines. */
    private static final String[] LINES = {"g", "g a b", "o thing", "s 1", "usemtl", "usemtl red", "mtllib x.mtl",
        "vt 0 0", "vt 0.5", "vn 0 0 1", "vn nan 0 0", "f 1/1 2/1 3/1", "f 1//1 2//1 3//1", "f 1 2 3 4 5", "f 1 2",
        "f -1 -2 -3", "v 0 0 0", "v 1e38 1e38 1e38", "v -3e38 3e38 0", "l 1 2", "p 1", "t crease 2/1/0 0 1 1",
        "t crease 2/1/0 0 0 1", "t corner 1/1/0 0 2", "#", "\\", "# \\", "frobnicate", "\uFEFF", "v 0 0 0 \\"};

    /** The broken fixtures, last in {@link #sources()}. */
    private static final int BROKEN = 5;

    @TempDir
    Path dir;

    /** A file to mutate: its name (for messages) and text. */
    private record Source(String name, String text) {
    }

    private static List<Source> sources() {
        List<Source> sources = new ArrayList<>();
        for (String name : List.of("icosahedron.obj", "tetrahedron.obj", "mesh_with_border.obj", "rookT.obj")) {
            try {
                sources.add(new Source(name, Files.readString(Cli.mesh(name), StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        // every statement form the reader knows, so that mutations reach all of its paths
        sources.add(new Source("cube-with-everything", """
                mtllib cube.mtl
                o cube
                v -1 -1 -1
                v 1 -1 -1
                v 1 1 -1
                v -1 1 -1
                v -1 -1 1 1
                v 1 -1 1
                v 1 1 \\
                  1
                v -1 1 1  # last corner
                vt 0 0
                vt 1 0
                vt 1 1
                vn 0 0 -1
                g bottom
                usemtl grey
                f 1/1/1 4/2/1 3/3/1 2/1/1
                g sides
                s 1
                f 1//1 2//1 6//1 5//1
                f 2 3 7 6
                f 3/1 4/2 8/3 7/1
                f -4 -8 -5 -1
                g top
                f 5 6 7 8
                t crease 2/1/0 0 1 2.5
                t crease 3/1/0 4 5 6 inf
                """));
        for (String name : List.of("nonmanifold_edge.obj", "inconsistent_orientation.obj", "degenerate_face.obj",
                "nan_coordinate.obj", "index_zero.obj")) {
            try (InputStream in = java.nio.file.Files.newInputStream(org.loopsub.corpus.TestMeshes.broken(name))) {
                assertTrue(in != null, "fixture " + name);
                sources.add(new Source(name, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return sources;
    }

    /**
     * Valid meshes three times in four, so that most mutants reach the engine; the broken fixtures
     * (the first {@link #BROKEN} after the valid ones) the rest of the time.
     */
    private static Source pickSource(List<Source> sources, Random random) {
        int valid = sources.size() - BROKEN;
        return random.nextInt(4) > 0 ? sources.get(random.nextInt(valid))
                : sources.get(valid + random.nextInt(BROKEN));
    }

    @Test
    void mutatedInputsExitWith0Or3WithoutTraceOrDebris() throws IOException {
        List<Source> sources = sources();
        List<String> failures = new ArrayList<>();
        int[] exits = new int[8];
        long start = System.nanoTime();
        int from = ONLY_CASE >= 0 ? ONLY_CASE : 0;
        int to = ONLY_CASE >= 0 ? ONLY_CASE + 1 : CASES;
        int ran = 0;
        for (int k = from; k < to; k++) {
            ran++;
            String failure = runCase(sources, k, exits);
            if (failure != null) {
                failures.add(failure);
                if (failures.size() >= 5) {
                    break;
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("InputFuzzTest: seed %d, %d cases in %.1f s: %d exit 0, %d exit 3%n", SEED,
                ran, seconds, exits[0], exits[3]);
        if (!failures.isEmpty()) {
            fail(failures.size() + " failing case(s) (seed " + SEED + "):\n\n" + String.join("\n\n", failures));
        }
        assertTrue(ONLY_CASE >= 0 || exits[0] > CASES / 10, "some mutants are still valid meshes: " + exits[0]);
        assertTrue(ONLY_CASE >= 0 || exits[3] > CASES / 10, "some mutants are refused: " + exits[3]);
    }

    /** @return null if the case passes, else what went wrong, with what it takes to replay it */
    private String runCase(List<Source> sources, int k, int[] exits) throws IOException {
        // java.util.Random's first draws from neighbouring seeds are alike; SplittableRandom mixes the bits
        Random random = new Random(new SplittableRandom(SEED + k * 0x9E3779B97F4A7C15L).nextLong());
        Source source = pickSource(sources, random);
        List<String> applied = new ArrayList<>();
        byte[] mutant = mutate(source.text(), random, applied);
        Path caseDir = Files.createDirectory(dir.resolve("case-" + k));
        Path input = caseDir.resolve("mutant.obj");
        Files.write(input, mutant);
        Path output = caseDir.resolve("out.obj");
        List<String> args = new ArrayList<>(List.of("subdivide", input.toString(), "-o", output.toString(),
                "--backend", "java", "--threads", "1"));
        switch (random.nextInt(9)) {
            case 0 -> args.addAll(List.of("--adaptive", "--max-depth", "2", "--max-edge",
                    List.of("0.5", "1e-3", "1e30", "1e38", "3e-39").get(random.nextInt(5))));
            case 1 -> args.addAll(List.of("--adaptive", "--max-depth", "2", "--flatness",
                    List.of("0.01", "1e-30", "1e30").get(random.nextInt(3))));
            case 2 -> args.addAll(List.of("--levels", "1", "--scheme", "warren"));
            case 3 -> args.addAll(List.of("--levels", "0"));
            // info reads, welds and validates too, and reports instead of refining
            case 4 -> args = new ArrayList<>(List.of("info", input.toString()));
            default -> args.addAll(List.of("--levels", "1"));
        }
        boolean writes = args.get(0).equals("subdivide");
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        exits[Math.min(Math.max(r.exitCode(), 0), exits.length - 1)]++;

        List<String> problems = new ArrayList<>();
        if (r.exitCode() != ExitCodes.OK && r.exitCode() != ExitCodes.INPUT) {
            problems.add("exit " + r.exitCode() + " (expected 0 or 3)");
        }
        if (r.err().contains("\tat ") || r.err().contains("at org.") || r.err().contains("Exception")) {
            problems.add("stack trace or exception name on stderr");
        }
        List<String> left;
        try (Stream<Path> files = Files.list(caseDir)) {
            left = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        if ((r.exitCode() == ExitCodes.INPUT || !writes) && !left.equals(List.of("mutant.obj"))) {
            problems.add("exit " + r.exitCode() + " left files behind: " + left);
        }
        if (r.exitCode() == ExitCodes.OK && writes) {
            if (!left.equals(List.of("mutant.obj", "out.obj"))) {
                problems.add("exit 0 left " + left + " (expected mutant.obj and out.obj)");
            } else {
                try {
                    ObjReader.read(output);
                } catch (Exception e) {
                    problems.add("the output does not read back: " + e);
                }
            }
        }
        if (problems.isEmpty()) {
            deleteTree(caseDir);
            return null;
        }
        Path kept = Paths.get("target", "input-fuzz-failures", "case-" + k + ".obj");
        Files.createDirectories(kept.getParent());
        Files.write(kept, mutant);
        return "case " + k + " (replay: -Dloopsub.fuzz.seed=" + SEED + " -Dloopsub.fuzz.case=" + k + "; input kept as "
                + kept.toAbsolutePath() + "): " + String.join("; ", problems) + "\n  source " + source.name()
                + ", mutations " + applied + "\n  command "
                + String.join(" ", args).replace(input.toString(), "<mutant>") + "\n" + indent(r.both());
    }

    private static String indent(String text) {
        String cut = text.length() > 3000 ? text.substring(0, 3000) + "\n..." : text;
        return "  | " + cut.replace("\n", "\n  | ");
    }

    /** Applies one to three mutations; {@code applied} receives their descriptions. */
    static byte[] mutate(String text, Random random, List<String> applied) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        int count = 1 + random.nextInt(3);
        byte[] bytes = null;
        for (int m = 0; m < count; m++) {
            // a third of the mutations keep the file valid OBJ but move numbers to the edges of float
            int kind = random.nextInt(3) == 0 ? 10 + random.nextInt(2) : random.nextInt(14);
            if (kind >= 12) {
                // byte-level mutations come last, on the text as it then is
                bytes = (bytes != null ? bytes : String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
                bytes = kind == 12 ? truncate(bytes, random, applied) : noise(bytes, random, applied);
                continue;
            }
            if (bytes != null) {
                continue;
            }
            mutateLines(lines, kind, random, applied);
        }
        return bytes != null ? bytes : String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    private static void mutateLines(List<String> lines, int kind, Random random, List<String> applied) {
        if (lines.isEmpty()) {
            lines.add("");
        }
        int at = random.nextInt(lines.size());
        switch (kind) {
            case 0 -> {
                applied.add("delete line " + (at + 1));
                lines.remove(at);
            }
            case 1 -> {
                applied.add("duplicate line " + (at + 1));
                lines.add(at, lines.get(at));
            }
            case 2 -> {
                int other = random.nextInt(lines.size());
                applied.add("swap lines " + (at + 1) + " and " + (other + 1));
                String line = lines.get(at);
                lines.set(at, lines.get(other));
                lines.set(other, line);
            }
            case 3, 4 -> {
                int face = pick(lines, "f ", random);
                if (face < 0) {
                    return;
                }
                String[] tokens = lines.get(face).split(" ");
                int corner = 1 + random.nextInt(tokens.length - 1);
                if (kind == 3 && tokens.length > 2) {
                    int other = 1 + random.nextInt(tokens.length - 1);
                    String t = tokens[corner];
                    tokens[corner] = tokens[other];
                    tokens[other] = t;
                    applied.add("swap corners " + corner + " and " + other + " on line " + (face + 1));
                } else {
                    String replacement = random.nextInt(3) == 0
                            ? String.valueOf(random.nextInt(2000) - 1000) : INDICES[random.nextInt(INDICES.length)];
                    tokens[corner] = replacement;
                    applied.add("corner " + corner + " of line " + (face + 1) + " := '" + replacement + "'");
                }
                lines.set(face, String.join(" ", tokens));
            }
            case 5, 6 -> {
                int vertex = pick(lines, random.nextInt(5) == 0 ? "t crease" : "v ", random);
                if (vertex < 0) {
                    return;
                }
                String[] tokens = lines.get(vertex).split(" ");
                int field = tokens[0].equals("t") ? tokens.length - 1 : 1 + random.nextInt(tokens.length - 1);
                String replacement = NUMBERS[random.nextInt(NUMBERS.length)];
                tokens[field] = replacement;
                applied.add("value " + field + " of line " + (vertex + 1) + " := '" + replacement + "'");
                lines.set(vertex, String.join(" ", tokens));
            }
            case 7 -> {
                // crease tags: counts, indices, sharpness
                int tag = pick(lines, "t ", random);
                if (tag < 0) {
                    lines.add(at, "t crease 2/1/0 " + random.nextInt(20) + " " + random.nextInt(20) + " 1");
                    applied.add("crease tag inserted at line " + (at + 1));
                    return;
                }
                String[] tokens = lines.get(tag).split(" ");
                int field = 2 + random.nextInt(tokens.length - 2);
                String replacement = field == 2 ? List.of("2/1", "3/1/0", "2/0/0", "1/1/0", "2/1/0/0", "x/1/0",
                        "-2/1/0").get(random.nextInt(7)) : field == tokens.length - 1
                        ? NUMBERS[random.nextInt(NUMBERS.length)] : INDICES[random.nextInt(INDICES.length)];
                tokens[field] = replacement;
                applied.add("tag field " + field + " of line " + (tag + 1) + " := '" + replacement + "'");
                lines.set(tag, String.join(" ", tokens));
            }
            case 8 -> {
                String line = LINES[random.nextInt(LINES.length)];
                applied.add("insert '" + line + "' at line " + (at + 1));
                lines.add(at, line);
            }
            case 9 -> {
                String[] ends = {"\\", " \\", " # c", "\r", "\r\r", "#", "\t", " 1", " x"};
                String end = ends[random.nextInt(ends.length)];
                applied.add("append '" + end.replace("\r", "\\r") + "' to line " + (at + 1));
                lines.set(at, lines.get(at) + end);
            }
            case 10 -> {
                // the whole mesh towards the float limits, or far from the origin
                double[] factors = {1e30, 1e36, 1.7e38, 1e-30, 1e-38, 1e-42};
                double[] offsets = {1e7, 1e30, 3e38};
                int how = random.nextInt(3);
                double factor = how == 0 ? factors[random.nextInt(factors.length)]
                        : how == 1 ? offsets[random.nextInt(offsets.length)] : Float.MAX_VALUE / maxAbs(lines);
                // negative values shrink by another factor, which moves the bounding-box centre
                double negative = how == 2 ? factor * (0.05 + 0.95 * random.nextDouble()) : factor;
                applied.add(how == 0 ? "scale every v by " + factor : how == 1 ? "move every v by " + factor
                        : "scale every v so that the largest |coordinate| is the largest float (negative values by "
                                + negative + ")");
                for (int i = 0; i < lines.size(); i++) {
                    String[] tokens = lines.get(i).trim().split("\\s+");
                    if (tokens.length >= 4 && tokens[0].equals("v")) {
                        try {
                            StringBuilder sb = new StringBuilder("v");
                            for (int c = 1; c <= 3; c++) {
                                double value = Double.parseDouble(tokens[c]);
                                double moved = how == 1 ? value + factor : value * (value < 0 ? negative : factor);
                                // the largest coordinate lands on the largest float, not beyond
                                float f = (float) Math.max(-Float.MAX_VALUE, Math.min(Float.MAX_VALUE, moved));
                                sb.append(' ').append(f);
                            }
                            lines.set(i, sb.toString());
                        } catch (NumberFormatException e) {
                            // a value an earlier mutation broke stays broken
                        }
                    }
                }
            }
            default -> {
                // one vertex far away (a spike), or one coordinate at an edge of the float range
                int vertex = pick(lines, "v ", random);
                if (vertex < 0) {
                    return;
                }
                String value = FINITE_EXTREMES[random.nextInt(FINITE_EXTREMES.length)];
                if (random.nextBoolean()) {
                    applied.add("vertex line " + (vertex + 1) + " := v " + value + " " + value + " " + value);
                    lines.set(vertex, "v " + value + " " + value + " " + value);
                } else {
                    String[] tokens = lines.get(vertex).trim().split("\\s+");
                    int field = 1 + random.nextInt(Math.min(3, tokens.length - 1));
                    tokens[field] = value;
                    applied.add("value " + field + " of line " + (vertex + 1) + " := '" + value + "'");
                    lines.set(vertex, String.join(" ", tokens));
                }
            }
        }
    }

    private static byte[] truncate(byte[] bytes, Random random, List<String> applied) {
        int at = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
        applied.add("truncate at byte " + at);
        return Arrays.copyOf(bytes, at);
    }

    private static byte[] noise(byte[] bytes, Random random, List<String> applied) {
        int at = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
        byte[] noise = new byte[1 + random.nextInt(16)];
        random.nextBytes(noise);
        applied.add(noise.length + " noise bytes at byte " + at);
        byte[] out = new byte[bytes.length + noise.length];
        System.arraycopy(bytes, 0, out, 0, at);
        System.arraycopy(noise, 0, out, at, noise.length);
        System.arraycopy(bytes, at, out, at + noise.length, bytes.length - at);
        return out;
    }

    /** @return the largest |x|, |y| or |z| of the {@code v} lines that parse, at least a tiny positive number */
    private static double maxAbs(List<String> lines) {
        double max = Double.MIN_VALUE;
        for (String line : lines) {
            String[] tokens = line.trim().split("\\s+");
            if (tokens.length >= 4 && tokens[0].equals("v")) {
                for (int c = 1; c <= 3; c++) {
                    try {
                        double value = Math.abs(Double.parseDouble(tokens[c]));
                        if (Double.isFinite(value)) {
                            max = Math.max(max, value);
                        }
                    } catch (NumberFormatException e) {
                        // not a coordinate
                    }
                }
            }
        }
        return max;
    }

    /** @return a random line starting with {@code prefix}, or -1 */
    private static int pick(List<String> lines, String prefix, Random random) {
        int start = random.nextInt(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            int at = (start + i) % lines.size();
            if (lines.get(at).startsWith(prefix)) {
                return at;
            }
        }
        return -1;
    }

    private static void deleteTree(Path caseDir) throws IOException {
        try (Stream<Path> files = Files.list(caseDir)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(caseDir);
    }
}
