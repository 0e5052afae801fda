package org.loopsub.obj;

import de.javagl.obj.FloatTuple;
import de.javagl.obj.Obj;
import de.javagl.obj.ObjFace;
import de.javagl.obj.ObjGroup;
import de.javagl.obj.ReadableObj;
import de.javagl.obj.Objs;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The second reading: de.javagl:obj parses the text {@link ObjText} writes from our parse, and the
 * two results must agree on every count, coordinate bit, index, group and material. A difference
 * means that our parser, our writer or our understanding of de.javagl's model is wrong, never that
 * the input is, so it is an {@link IllegalStateException}.
 */
final class ObjCrossCheck {
    private ObjCrossCheck() {
    }

    /**
     * @param model our parse
     * @param source names the input in messages
     * @return de.javagl's parse of the text written from {@code model}, checked against it
     * @throws IllegalStateException if de.javagl fails on the text or reads it differently
     */
    static Obj parseAndCompare(ObjModel model, String source) {
        Obj obj;
        try {
            obj = de.javagl.obj.ObjReader.read(new ObjText(model), Objs.create());
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException(prefix(source) + "de.javagl:obj cannot read the text written from"
                    + " our parse (" + e + ")" + SUFFIX, e);
        }
        requireAgreement(model, obj, source);
        return obj;
    }

    private static final String SUFFIX = "; this is a bug in loopsub's OBJ reader, not in the input";

    /**
     * @param ours our parse
     * @param theirs de.javagl's
     * @param source names the input in messages
     * @throws IllegalStateException naming the first difference
     */
    static void requireAgreement(ObjModel ours, ReadableObj theirs, String source) {
        String difference = firstDifference(ours, theirs);
        if (difference != null) {
            throw new IllegalStateException(prefix(source) + "our OBJ parse and de.javagl:obj's disagree: "
                    + difference + SUFFIX);
        }
    }

    private static String prefix(String source) {
        return source + ": ";
    }

    /** @return the first difference in words, or null */
    static String firstDifference(ObjModel ours, ReadableObj theirs) {
        String d = compareTuples("vertex", ours.vertexCount(), theirs.getNumVertices(), i -> 3,
                (i, k) -> ours.positions.get(3 * i + k), theirs::getVertex);
        if (d == null) {
            d = compareTuples("texture coordinate", ours.texCoordCount(), theirs.getNumTexCoords(),
                    ours.texCoordDimensions::get, (i, k) -> ours.texCoords.get(ObjModel.TEX_STRIDE * i + k),
                    theirs::getTexCoord);
        }
        if (d == null) {
            d = compareTuples("normal", ours.normalCount(), theirs.getNumNormals(), i -> 3,
                    (i, k) -> ours.normals.get(3 * i + k), theirs::getNormal);
        }
        if (d == null) {
            d = compareFaces(ours, theirs);
        }
        if (d == null) {
            d = compareGroups("group", groupCounts(ours), theirs.getNumGroups(), theirs::getGroup);
        }
        if (d == null) {
            d = compareGroups("material", materialCounts(ours), theirs.getNumMaterialGroups(),
                    theirs::getMaterialGroup);
        }
        if (d == null) {
            // de.javagl keeps the names of the last mtllib statement only, as one name
            List<String> libraries = ours.materialLibraries.isEmpty() ? List.of()
                    : List.of(ours.materialLibraries.get(ours.materialLibraries.size() - 1));
            if (!libraries.equals(theirs.getMtlFileNames())) {
                d = "mtllib " + libraries + " here, " + theirs.getMtlFileNames() + " there";
            }
        }
        return d;
    }

    private interface Dimensions {
        int of(int element);
    }

    private interface Value {
        float of(int element, int component);
    }

    private interface Tuples {
        FloatTuple get(int element);
    }

    private static String compareTuples(String what, int ourCount, int theirCount, Dimensions dimensions,
                                        Value ours, Tuples theirs) {
        if (ourCount != theirCount) {
            return ourCount + " " + what + " elements here, " + theirCount + " there";
        }
        for (int i = 0; i < ourCount; i++) {
            FloatTuple tuple = theirs.get(i);
            int n = dimensions.of(i);
            if (tuple.getDimensions() != n) {
                return what + " " + (i + 1) + " has " + n + " values here, " + tuple.getDimensions() + " there";
            }
            for (int k = 0; k < n; k++) {
                float a = ours.of(i, k);
                float b = tuple.get(k);
                // bits, not ==: -0 and 0 must both survive, and NaN must not pass as equal
                if (Float.floatToRawIntBits(a) != Float.floatToRawIntBits(b)) {
                    return what + " " + (i + 1) + " value " + (k + 1) + " is " + FloatFormat.format(a)
                            + " here, " + FloatFormat.format(b) + " there";
                }
            }
        }
        return null;
    }

    private static String compareFaces(ObjModel ours, ReadableObj theirs) {
        int count = ours.faceCount();
        if (count != theirs.getNumFaces()) {
            return count + " faces here, " + theirs.getNumFaces() + " there";
        }
        for (int f = 0; f < count; f++) {
            ObjFace face = theirs.getFace(f);
            int first = ours.faceStarts.get(f);
            int corners = ours.faceStarts.get(f + 1) - first;
            if (face.getNumVertices() != corners) {
                return "face " + (f + 1) + " has " + corners + " corners here, " + face.getNumVertices() + " there";
            }
            boolean texCoords = ours.cornerTexCoords.get(first) >= 0;
            boolean normals = ours.cornerNormals.get(first) >= 0;
            if (face.containsTexCoordIndices() != texCoords || face.containsNormalIndices() != normals) {
                return "face " + (f + 1) + " has " + form(texCoords, normals) + " corners here, "
                        + form(face.containsTexCoordIndices(), face.containsNormalIndices()) + " there";
            }
            for (int c = 0; c < corners; c++) {
                int v = ours.cornerVertices.get(first + c);
                int vt = ours.cornerTexCoords.get(first + c);
                int vn = ours.cornerNormals.get(first + c);
                if (face.getVertexIndex(c) != v || (texCoords && face.getTexCoordIndex(c) != vt)
                        || (normals && face.getNormalIndex(c) != vn)) {
                    return "face " + (f + 1) + " corner " + (c + 1) + " is " + corner(v, texCoords ? vt : -1,
                            normals ? vn : -1) + " here, " + corner(face.getVertexIndex(c),
                            texCoords ? face.getTexCoordIndex(c) : -1, normals ? face.getNormalIndex(c) : -1)
                            + " there";
                }
            }
        }
        return null;
    }

    private static String form(boolean texCoords, boolean normals) {
        return "v" + (texCoords ? "/vt" : normals ? "/" : "") + (normals ? "/vn" : "");
    }

    private static String corner(int v, int vt, int vn) {
        return (v + 1) + (vt >= 0 || vn >= 0 ? "/" : "") + (vt >= 0 ? "" + (vt + 1) : "")
                + (vn >= 0 ? "/" + (vn + 1) : "");
    }

    /** Faces per group name, as OBJ defines groups: faces before any {@code g} are in "default". */
    static Map<String, Integer> groupCounts(ObjModel model) {
        Map<String, Integer> counts = new HashMap<>();
        Set<String> active = Set.of("default");
        int from = 0;
        for (int e = 0; e <= model.groupFaces.size; e++) {
            int to = e < model.groupFaces.size ? model.groupFaces.get(e) : model.faceCount();
            // count whole runs of faces, not faces one by one: a group changes rarely
            if (to > from) {
                for (String name : active) {
                    counts.merge(name, to - from, Integer::sum);
                }
                from = to;
            }
            if (e < model.groupFaces.size) {
                active = new LinkedHashSet<>(model.groupNames.get(e));
            }
        }
        return counts;
    }

    /** Faces per material name; faces before any {@code usemtl} have none. */
    static Map<String, Integer> materialCounts(ObjModel model) {
        Map<String, Integer> counts = new HashMap<>();
        String active = null;
        int from = 0;
        for (int e = 0; e <= model.materialFaces.size; e++) {
            int to = e < model.materialFaces.size ? model.materialFaces.get(e) : model.faceCount();
            if (to > from) {
                if (active != null) {
                    counts.merge(active, to - from, Integer::sum);
                }
                from = to;
            }
            if (e < model.materialFaces.size) {
                active = model.materialNames.get(e);
            }
        }
        return counts;
    }

    private interface Groups {
        ObjGroup get(int index);
    }

    private static String compareGroups(String what, Map<String, Integer> ours, int theirCount, Groups theirs) {
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < theirCount; i++) {
            ObjGroup group = theirs.get(i);
            // de.javagl creates "default" up front, faces or not; a group without faces is no group
            if (group.getNumFaces() > 0) {
                counts.merge(group.getName(), group.getNumFaces(), Integer::sum);
            }
        }
        if (!Objects.equals(ours, counts)) {
            return what + " faces " + new java.util.TreeMap<>(ours) + " here, " + new java.util.TreeMap<>(counts)
                    + " there";
        }
        return null;
    }
}
