// Places one level's output and children on the GPU, for a prepared mesh's adaptive frame
// (RESIDENT; ResidentFrame.java issues it, GlSizes.java reads the result back). One invocation,
// after the level's scans: the level's finished triangles go at the output's end, then its slivers,
// then (when the split writes triangles) its direct triangles on a multiple of 4, each window's
// share in window order: the placement GlOutput.reserve makes on the host otherwise. The children of
// all windows go to one segment, each window's after the ones before it. Writes each window's
// effective counts and bases for loop_emit_finished and loop_split, the next level's record count,
// the level's statistics, the output's new end and the draw command. If the split would not fit the
// room the host planned (the children, the output, room for the next level to stop in, or records
// left where the host planned no further level), the frame stops here: every record of the level is
// written whole, as at a depth stop (crack-free: neighbours at one level share their corners), no
// child follows, and the overflow word tells the host the level and what the split wanted, to plan
// more room for the next frames. The host keeps room for level 0 whole, and a level splits only if
// its children fit whole too, so a stop always fits.
layout(local_size_x = 1) in;

layout(std430, binding = BINDING_SIZES) buffer Sizes { uint sizes[]; };
layout(std430, binding = BINDING_OUT) writeonly buffer Out { float outP[]; };
#ifdef NORMALS
layout(std430, binding = BINDING_OUT_NORMALS) writeonly buffer OutNormals { float outN[]; };
#endif
#ifdef UVS
layout(std430, binding = BINDING_OUT_UVS) writeonly buffer OutUvs { float outUv[]; };
#endif
layout(std430, binding = BINDING_DRAW) writeonly buffer Draw { uint drawCommand[]; };

uniform uint uFirstBlock;     // the block of this level's first window
uniform uint uWindows;        // windows of this level
uniform uint uLevel;
uniform bool uDirect;         // the split writes the children as triangles
uniform bool uChildren;       // the split writes child records (not at the last levels)
uniform bool uMustFinish;     // no level is planned after this one: nothing may stay active
uniform uint uOutCap;         // triangles the output buffer holds
uniform uint uChildRoom;      // records the level's child segment holds

uint slot(uint w, uint field) { return (uFirstBlock + w) * SIZES_BLOCK_WORDS + SIZES_BLOCKS + field; }

void main() {
    // where the frame stopped (0: not yet), for GlSizes' reader: 1000 + 10 level + reason
    uint why = sizes[SIZES_OVERFLOW];
    uint end = sizes[SIZES_END];
    uint finishedTotal = 0u;
    uint sliverTotal = 0u;
    uint activeTotal = 0u;
    for (uint w = 0u; w < uWindows; w++) {
        finishedTotal += sizes[slot(w, SIZES_FINISHED)];
        sliverTotal += sizes[slot(w, SIZES_SLIVERS)];
        activeTotal += sizes[slot(w, SIZES_ACTIVE)];
    }
    uint finishedBase = end;
    uint sliverBase = finishedBase + finishedTotal;
    uint afterSlivers = sliverBase + sliverTotal;
    bool direct = uDirect && activeTotal > 0u;
    uint directBase = direct ? (afterSlivers + 3u) / 4u * 4u : afterSlivers;
    uint newEnd = direct ? directBase + 4u * activeTotal : afterSlivers;
    // why the level cannot split (0: it can); after an earlier stop no records are left, none applies
    uint reason = 0u;
    if (uChildren && 4u * activeTotal > uChildRoom) reason = 1u;
    // counts below 2^32 / 36 keep every float index in range
    else if (newEnd > uOutCap || newEnd < end) reason = 2u;
    // the children, drawn whole if the next level stops (4 * activeTotal <= uChildRoom < 2^32 here)
    else if (uChildren && 4u * activeTotal > uOutCap - newEnd) reason = 2u;
    else if (uMustFinish && activeTotal > 0u) reason = 3u;
    if (reason != 0u) {
        if (why == 0u) {
            sizes[SIZES_OVERFLOW] = 1000u + 10u * uLevel + reason;
            sizes[SIZES_WANT_NEXT] = activeTotal > 0x3FFFFFFFu ? 0xFFFFFFFFu : 4u * activeTotal;
            sizes[SIZES_WANT_END] = newEnd < end ? 0xFFFFFFFFu : newEnd;
        }
        uint base = end;
        for (uint w = 0u; w < uWindows; w++) {
            uint all = sizes[slot(w, SIZES_FINISHED)] + sizes[slot(w, SIZES_ACTIVE)];
            sizes[slot(w, SIZES_FINISHED_EFF)] = all;
            sizes[slot(w, SIZES_ACTIVE_EFF)] = 0u;
            sizes[slot(w, SIZES_FINISHED_BASE)] = base;
            sizes[slot(w, SIZES_WHOLE)] = 1u;
            base += all;
        }
        sizes[slot(0u, SIZES_CHILD_COUNT)] = 0u;
        uint stopped = SIZES_STATS + SIZES_STATS_WORDS * uLevel;
        sizes[stopped] = activeTotal + finishedTotal;
        sizes[stopped + 1u] = activeTotal + finishedTotal;
        sizes[stopped + 2u] = 0u;
        sizes[stopped + 3u] = 0u;
        sizes[SIZES_END] = base;
        drawCommand[0] = 3u * base;
        drawCommand[1] = 1u;
        drawCommand[2] = 0u;
        drawCommand[3] = 0u;
        return;
    }
    uint childBase = 0u;
    for (uint w = 0u; w < uWindows; w++) {
        uint f = sizes[slot(w, SIZES_FINISHED)];
        uint s = sizes[slot(w, SIZES_SLIVERS)];
        uint a = sizes[slot(w, SIZES_ACTIVE)];
        sizes[slot(w, SIZES_FINISHED_EFF)] = f;
        sizes[slot(w, SIZES_ACTIVE_EFF)] = a;
        sizes[slot(w, SIZES_FINISHED_BASE)] = finishedBase;
        sizes[slot(w, SIZES_SLIVER_BASE)] = sliverBase;
        sizes[slot(w, SIZES_DIRECT_BASE)] = directBase;
        sizes[slot(w, SIZES_CHILD_BASE)] = childBase;
        sizes[slot(w, SIZES_WHOLE)] = 0u;
        finishedBase += f;
        sliverBase += s;
        directBase += 4u * a;
        childBase += 4u * a;
    }
    // the next level's one segment: its count sits in the first window's block
    sizes[slot(0u, SIZES_CHILD_COUNT)] = uChildren ? childBase : 0u;
    // the padding before the direct block: degenerate triangles, as GlOutput.reserve writes them
    for (uint f = TRIANGLE_FLOATS * afterSlivers; direct && f < TRIANGLE_FLOATS * ((afterSlivers + 3u) / 4u * 4u); f++) {
        outP[f] = 0.0;
#ifdef NORMALS
        outN[f] = 0.0;
#endif
    }
#ifdef UVS
    for (uint f = TRIANGLE_UV_FLOATS * afterSlivers; direct && f < TRIANGLE_UV_FLOATS * ((afterSlivers + 3u) / 4u * 4u); f++) {
        outUv[f] = 0.0;
    }
#endif
    uint stats = SIZES_STATS + SIZES_STATS_WORDS * uLevel;
    sizes[stats] = activeTotal + finishedTotal;
    sizes[stats + 1u] = finishedTotal;
    sizes[stats + 2u] = sliverTotal;
    sizes[stats + 3u] = direct ? 4u * activeTotal : 0u;
    sizes[SIZES_END] = newEnd;
    drawCommand[0] = 3u * newEnd;
    drawCommand[1] = 1u;
    drawCommand[2] = 0u;
    drawCommand[3] = 0u;
}
