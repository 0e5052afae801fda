// The filter's decision for one record (twin of LoopFilter.java's loop body): finished or active, the
// neighbour-finished bits of an active one and the slivers it will emit, written for the selections
// and the sliver scan that follow. Included by loop_filter.comp, and by loop_flag_edges.comp, which
// filters each record as soon as it has tested its spokes (one pass and one read of the record where
// there were two). The includer defines WRITES_META and holds the record's complete bits in `bits`
// (only the first word, bits 0-8, is read here).

layout(std430, binding = BINDING_KEEP) writeonly buffer Keep { uint keep[]; };
layout(std430, binding = BINDING_DONE) writeonly buffer Done { uint done[]; };
layout(std430, binding = BINDING_SLIVERS) writeonly buffer Slivers { uint slivers[]; };

uint bits[META_INTS - 2];
bool hasBit(int bit) { return (bits[bit >> 5] & (1u << uint(bit & 31))) != 0u; }

// A record past a resident window's count: the scans run over the whole room, and it selects nothing.
void filterNothing(uint r) {
    keep[r] = 0u;
    done[r] = 0u;
    slivers[r] = 0u;
}

void filterRecord(uint r, uint m0, uint m1, bool atMaxDepth) {
    bool finished = atMaxDepth || (hasBit(0) && hasBit(1) && hasBit(2));
    if (finished) {
        keep[r] = 0u;
        done[r] = 1u;
        slivers[r] = 0u;
        return;
    }
    uint nf = neighbourFinished(m0);
    for (int e = 0; e < 3; e++) {
        bool interior = nextEdgeInterior(valence(m0, e), gap(m1, e));
        // The neighbour (e+1, e, D_e) is finished when its three edges are: e and the two D spokes.
        if (interior && hasBit(e) && hasBit(3 + 2 * e) && hasBit(4 + 2 * e)) nf |= 1u << uint(e);
    }
    if (nf != neighbourFinished(m0)) srcM[metaOf(r, 0)] = m0 | nf << NEIGHBOUR_FINISHED_SHIFT;
    keep[r] = 1u;
    done[r] = 0u;
    slivers[r] = uint(bitCount(nf));
}
