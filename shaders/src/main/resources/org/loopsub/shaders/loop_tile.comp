// Level 0's records into tiles of TILE (loop_record.glsl's layout), on the GPU: the host uploads them
// as the record builder made them, one record after the other (GlLevel0), and this pass moves word f
// of record r to ((r / TILE) * uWords + f) * TILE + r % TILE; the lanes past the last record become
// zeros.
// Points and metadata alike, as 32-bit words. (Tiling on the host cost more than the refinement's
// first levels: docs/design.md, "Where records live".) Records with slot sources go up
// gathered: their point slots as entries of a per-vertex table, which this pass looks up (uSlots > 0).

layout(local_size_x = 256) in;

layout(std430, binding = BINDING_POINTS) readonly buffer Records { uint records[]; };
layout(std430, binding = BINDING_DST_POINTS) writeonly buffer Tiled { uint tiled[]; };

uniform uint uCount;       // records
uniform uint uWords;       // words per record
uniform uint uTotal;       // words to write: TILE per tile and word
uniform uint uSlots;       // 0: whole records; else point slots gathered (GlLevel0.uploadGathered)
uniform uint uTableWords;  // the gathered upload's per-vertex table, 3 words an entry, at word 0

// A gathered upload: the table, then each record's slot entries (uSlots a record, ~0u: a zero slot),
// then each record's words after its slots.
uint gathered(uint r, uint f) {
    if (f < 3u * uSlots) {
        uint e = records[uTableWords + r * uSlots + f / 3u];
        return e == 0xFFFFFFFFu ? 0u : records[3u * e + f % 3u];
    }
    uint rest = uWords - 3u * uSlots;
    return records[uTableWords + uCount * uSlots + r * rest + (f - 3u * uSlots)];
}

void main() {
    uint i = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    if (i >= uTotal) return;
    uint lane = i & TILE_MASK;
    uint f = (i >> TILE_SHIFT) % uWords;
    uint r = ((i >> TILE_SHIFT) / uWords) * TILE + lane;
    tiled[i] = r >= uCount ? 0u : uSlots == 0u ? records[r * uWords + f] : gathered(r, f);
}
