package org.loopsub.samples.gltf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Set;

/**
 * A glTF file as the tests read it, without JglTF: the GLB container parsed by hand (12-byte header
 * {@code glTF}, version 2, total length; a JSON chunk, then a BIN chunk, each length a multiple of
 * 4), or the JSON of a {@code .gltf} with its buffer decoded from the {@code data:} URI; then the
 * accessors read through their buffer views. Reading it independently of the writer's library is
 * the point: a JglTF bug would otherwise read back what it wrote.
 *
 * <p>{@link #checkSchema()} checks what the specification requires of what loopsub writes; it is
 * not the Khronos validator, which is not part of the build (README: glTF output).
 *
 * @param json the document
 * @param bin the single buffer, little-endian
 */
public record GltfFile(JsonNode json, ByteBuffer bin) {
    /** glTF's component types: float and unsigned int, the only ones loopsub writes. */
    public static final int FLOAT = 5126;
    /** Unsigned int. */
    public static final int UNSIGNED_INT = 5125;

    /**
     * @param file a {@code .glb} or {@code .gltf} file
     * @return it, read
     * @throws IOException if it cannot be read
     */
    public static GltfFile read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return file.toString().toLowerCase().endsWith(".glb") ? glb(bytes) : gltf(bytes);
    }

    /** Checks the GLB container and splits it into its two chunks. */
    static GltfFile glb(byte[] bytes) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0x46546C67, b.getInt(0), "magic 'glTF'");
        assertEquals(2, b.getInt(4), "container version");
        assertEquals(bytes.length, b.getInt(8), "length in the header");
        int jsonLength = b.getInt(12);
        assertEquals(0x4E4F534A, b.getInt(16), "first chunk is JSON");
        assertEquals(0, jsonLength % 4, "JSON chunk padded to 4 bytes");
        int binAt = 20 + jsonLength;
        int binLength = b.getInt(binAt);
        assertEquals(0x004E4942, b.getInt(binAt + 4), "second chunk is BIN");
        assertEquals(0, binLength % 4, "BIN chunk padded to 4 bytes");
        assertEquals(bytes.length, binAt + 8 + binLength, "nothing after the BIN chunk");
        JsonNode json = new ObjectMapper().readTree(new String(bytes, 20, jsonLength, StandardCharsets.UTF_8));
        JsonNode buffer = json.get("buffers").get(0);
        assertTrue(buffer.get("uri") == null, "a GLB's buffer is its BIN chunk: no uri");
        int length = buffer.get("byteLength").asInt();
        assertTrue(length <= binLength && binLength - length < 4, "BIN chunk holds the buffer, padded by < 4");
        ByteBuffer bin = ByteBuffer.wrap(Arrays.copyOfRange(bytes, binAt + 8, binAt + 8 + length))
                .order(ByteOrder.LITTLE_ENDIAN);
        return new GltfFile(json, bin);
    }

    /** Parses the JSON and decodes its embedded buffer. */
    static GltfFile gltf(byte[] bytes) throws IOException {
        JsonNode json = new ObjectMapper().readTree(new String(bytes, StandardCharsets.UTF_8));
        JsonNode buffer = json.get("buffers").get(0);
        String uri = buffer.get("uri").asText();
        assertTrue(uri.startsWith("data:application/octet-stream;base64,")
                || uri.startsWith("data:application/gltf-buffer;base64,"), "embedded buffer: " + uri.substring(0, 40));
        byte[] data = Base64.getDecoder().decode(uri.substring(uri.indexOf(',') + 1));
        assertEquals(buffer.get("byteLength").asInt(), data.length, "buffer byteLength");
        return new GltfFile(json, ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN));
    }

    /** @return the one primitive of the one mesh */
    public JsonNode primitive() {
        return json.get("meshes").get(0).get("primitives").get(0);
    }

    /**
     * @param name an attribute, e.g. {@code POSITION}
     * @return its accessor index, or -1 if the primitive has none
     */
    public int attribute(String name) {
        JsonNode a = primitive().get("attributes").get(name);
        return a == null ? -1 : a.asInt();
    }

    /** @return the index accessor's values */
    public int[] indices() {
        int accessor = primitive().get("indices").asInt();
        JsonNode a = json.get("accessors").get(accessor);
        assertEquals(UNSIGNED_INT, a.get("componentType").asInt());
        int count = a.get("count").asInt();
        int[] out = new int[count];
        int stride = stride(a, 4);
        for (int i = 0; i < count; i++) {
            out[i] = bin.getInt(start(a) + i * stride);
        }
        return out;
    }

    /**
     * @param accessor a float accessor's index
     * @return its values, components of one element after another
     */
    public float[] floats(int accessor) {
        JsonNode a = json.get("accessors").get(accessor);
        assertEquals(FLOAT, a.get("componentType").asInt());
        int k = components(a.get("type").asText());
        int count = a.get("count").asInt();
        int stride = stride(a, 4 * k);
        float[] out = new float[count * k];
        for (int i = 0; i < count; i++) {
            for (int c = 0; c < k; c++) {
                out[i * k + c] = bin.getFloat(start(a) + i * stride + 4 * c);
            }
        }
        return out;
    }

    private int start(JsonNode accessor) {
        JsonNode view = json.get("bufferViews").get(accessor.get("bufferView").asInt());
        return view.path("byteOffset").asInt(0) + accessor.path("byteOffset").asInt(0);
    }

    private int stride(JsonNode accessor, int elementSize) {
        JsonNode view = json.get("bufferViews").get(accessor.get("bufferView").asInt());
        return view.has("byteStride") ? view.get("byteStride").asInt() : elementSize;
    }

    private static int components(String type) {
        return switch (type) {
            case "SCALAR" -> 1;
            case "VEC2" -> 2;
            case "VEC3" -> 3;
            case "VEC4" -> 4;
            default -> throw new AssertionError("unexpected accessor type " + type);
        };
    }

    /**
     * The rules of the glTF 2.0 specification that apply to what loopsub writes: asset version
     * "2.0"; a scene whose node holds the mesh; one triangle primitive (mode 4); accessors of float
     * (5126) or unsigned int (5125) components only, each inside its buffer view, aligned to its
     * component size; buffer views inside the buffer, offsets multiples of 4, strides multiples of 4
     * in 4..252 and at least the element size; vertex attributes of equal counts; POSITION's min and
     * max present and equal to the values' bounds; indices unsigned int, naming existing vertices.
     */
    public void checkSchema() {
        assertEquals("2.0", json.get("asset").get("version").asText(), "asset.version");
        int scene = json.path("scene").asInt(0);
        JsonNode nodes = json.get("scenes").get(scene).get("nodes");
        assertEquals(1, nodes.size());
        assertEquals(0, json.get("nodes").get(nodes.get(0).asInt()).get("mesh").asInt());
        assertEquals(1, json.get("meshes").size());
        assertEquals(1, json.get("meshes").get(0).get("primitives").size());
        assertEquals(4, primitive().path("mode").asInt(4), "mode 4: triangles");
        int bufferLength = json.get("buffers").get(0).get("byteLength").asInt();
        assertEquals(bufferLength, bin.capacity());
        for (JsonNode view : json.get("bufferViews")) {
            int offset = view.path("byteOffset").asInt(0);
            assertEquals(0, offset % 4, "bufferView byteOffset a multiple of 4");
            assertTrue(offset + view.get("byteLength").asInt() <= bufferLength, "bufferView inside the buffer");
            if (view.has("byteStride")) {
                int s = view.get("byteStride").asInt();
                assertTrue(s % 4 == 0 && s >= 4 && s <= 252, "byteStride " + s);
            }
        }
        Set<Integer> types = Set.of(FLOAT, UNSIGNED_INT);
        for (JsonNode a : json.get("accessors")) {
            int type = a.get("componentType").asInt();
            assertTrue(types.contains(type), "componentType " + type);
            int count = a.get("count").asInt();
            assertTrue(count >= 1, "accessor count >= 1");
            JsonNode view = json.get("bufferViews").get(a.get("bufferView").asInt());
            int element = 4 * components(a.get("type").asText());
            int stride = view.has("byteStride") ? view.get("byteStride").asInt() : element;
            assertTrue(stride >= element, "stride at least the element size");
            int offset = a.path("byteOffset").asInt(0);
            assertEquals(0, (offset + view.path("byteOffset").asInt(0)) % 4, "accessor aligned to its components");
            assertTrue(offset + (long) stride * (count - 1) + element <= view.get("byteLength").asInt(),
                    "accessor inside its bufferView");
        }
        int vertices = -1;
        for (Map.Entry<String, JsonNode> e : primitive().get("attributes").properties()) {
            int count = json.get("accessors").get(e.getValue().asInt()).get("count").asInt();
            assertTrue(vertices < 0 || vertices == count, "attributes of equal counts");
            vertices = count;
        }
        JsonNode position = json.get("accessors").get(attribute("POSITION"));
        assertEquals(FLOAT, position.get("componentType").asInt());
        assertEquals("VEC3", position.get("type").asText());
        float[] p = floats(attribute("POSITION"));
        for (int axis = 0; axis < 3; axis++) {
            float min = Float.POSITIVE_INFINITY;
            float max = Float.NEGATIVE_INFINITY;
            for (int i = axis; i < p.length; i += 3) {
                min = Math.min(min, p[i]);
                max = Math.max(max, p[i]);
            }
            assertEquals(min, position.get("min").get(axis).floatValue(), "POSITION min " + axis);
            assertEquals(max, position.get("max").get(axis).floatValue(), "POSITION max " + axis);
        }
        int[] indices = indices();
        assertEquals(0, indices.length % 3, "whole triangles");
        for (int i : indices) {
            assertTrue(i >= 0 && i < vertices, "index " + i + " names a vertex");
        }
    }
}
