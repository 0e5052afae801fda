package org.loopsub.mesh;

/**
 * How messages about a mesh name its faces and vertices. The checks run on the mesh after unused
 * vertices are dropped, positions welded and polygons cut into triangles, so their own numbers can
 * differ from the ones a user knows (a file's); a caller that knows where each triangle and vertex
 * came from says so here. The default methods give the mesh's own 1-based numbers.
 *
 * <p>Indices passed in are 0-based indices of the mesh the check runs on; {@link #throughWeld}
 * turns names for a mesh as given into names for its welded form.
 */
public interface ElementNames {
    /**
     * Each mesh's own numbers, 1-based: "face 3", "vertex 7"; through a weld, the welded mesh's own
     * (the engine's numbering, which callers without a source to point to have always seen).
     */
    ElementNames OWN = new ElementNames() {
        @Override
        public ElementNames throughWeld(WeldedMesh welded) {
            return this;
        }
    };

    /**
     * @param triangle a triangle
     * @return a phrase naming it, e.g. "face 3"
     */
    default String face(int triangle) {
        return "face " + (triangle + 1);
    }

    /**
     * @param triangles two or more triangles
     * @return a phrase naming them together, e.g. "faces 2 and 3" or "faces 1, 2, 3"
     */
    default String faces(int... triangles) {
        StringBuilder sb = new StringBuilder("faces ");
        for (int i = 0; i < triangles.length; i++) {
            if (i > 0) {
                sb.append(triangles.length == 2 ? " and " : ", ");
            }
            sb.append(triangles[i] + 1);
        }
        return sb.toString();
    }

    /**
     * @param vertex a vertex
     * @return the 1-based number a user knows it by (in "vertex N" and lists of vertices)
     */
    default long vertexNumber(int vertex) {
        return vertex + 1L;
    }

    /**
     * Names for the welded mesh from names for the mesh as given: triangles keep their order through
     * the weld, and each welded vertex is named as its first source vertex.
     *
     * @param welded the weld of the mesh these names are for
     * @return names for {@code welded.mesh()}
     */
    default ElementNames throughWeld(WeldedMesh welded) {
        ElementNames given = this;
        int[] source = welded.sourceVertices();
        return new ElementNames() {
            @Override
            public String face(int triangle) {
                return given.face(triangle);
            }

            @Override
            public String faces(int... triangles) {
                return given.faces(triangles);
            }

            @Override
            public long vertexNumber(int vertex) {
                return given.vertexNumber(source[vertex]);
            }
        };
    }
}
