package org.loopsub.api;

import java.util.List;

/** The input mesh cannot be subdivided; {@link #problems()} says why, first offender first. */
public class InvalidMeshException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient List<MeshProblem> problems;

    /**
     * @param problems what is wrong, at least one
     */
    public InvalidMeshException(List<MeshProblem> problems) {
        super(problems.isEmpty() ? "invalid mesh" : problems.get(0).message()
                + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more problem"
                + (problems.size() > 2 ? "s" : "") + ")" : ""));
        this.problems = List.copyOf(problems);
    }

    /**
     * @param problem what is wrong
     */
    public InvalidMeshException(MeshProblem problem) {
        this(List.of(problem));
    }

    /** @return every problem found, the first one first */
    public List<MeshProblem> problems() {
        return problems;
    }

    /** @return the first problem */
    public MeshProblem firstProblem() {
        return problems.get(0);
    }
}
