package org.loopsub.samples.cli;

import java.util.ArrayList;
import java.util.List;
import org.loopsub.api.MeshProblem;

/** Turns {@link MeshProblem}s into message lines of the form {@code <source>: <what>: <where and why>}. */
final class Problems {
    private Problems() {
    }

    /**
     * @param source the input as the user named it
     * @param problems what is wrong
     * @return one line per problem, without the {@code loopsub: } prefix
     */
    static List<String> lines(String source, List<MeshProblem> problems) {
        List<String> lines = new ArrayList<>();
        for (MeshProblem p : problems) {
            lines.add(source + ": " + label(p.kind()) + ": " + withoutSource(source, p.message()));
        }
        return lines;
    }

    /**
     * The reader's messages already start with the source name (it is the only place that knows
     * line numbers); the validator's do not. Strip it so every line names the source once.
     */
    static String withoutSource(String source, String message) {
        for (String separator : new String[] {", ", ": "}) {
            if (message.startsWith(source + separator)) {
                return message.substring(source.length() + separator.length());
            }
        }
        return message;
    }

    /** @return a short name of the problem class, as a user would say it */
    static String label(MeshProblem.Kind kind) {
        return switch (kind) {
            case EMPTY -> "empty mesh";
            case UNPARSEABLE -> "unparseable line";
            case INDEX_OUT_OF_RANGE -> "vertex index out of range";
            case NON_FINITE -> "coordinate not finite";
            case DEGENERATE_FACE -> "degenerate face";
            case DUPLICATE_FACE -> "duplicate face";
            case NON_MANIFOLD_EDGE -> "non-manifold edge";
            case NON_MANIFOLD_VERTEX -> "non-manifold vertex";
            case INCONSISTENT_ORIENTATION -> "inconsistent orientation";
            case BELOW_PRECISION -> "below float precision";
            case TOO_LARGE -> "too large";
        };
    }
}
