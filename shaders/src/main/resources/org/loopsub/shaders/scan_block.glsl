// Building blocks shared by the tile kernels of the reduce-then-scan (scan_reduce, scan_downsweep,
// select_scatter). Included after the kernel has declared `src` (BINDING_SCAN_SRC) and `uCount` (location 0).
// Defines from ScanPolicy: WG_SIZE (threads, a multiple of the subgroup size), ITEMS (per thread).
// Optional: PREDICATE (read src as 0/1 flags), USE_SUBGROUP (KHR_shader_subgroup arithmetic).

#define TILE (WG_SIZE * ITEMS)
layout(local_size_x = WG_SIZE) in;

#ifdef PREDICATE
#define LOAD(v) ((v) != 0u ? 1u : 0u)
#else
#define LOAD(v) (v)
#endif

// barrier() alone orders shared memory in compute shaders from GLSL 4.30 on; some older drivers
// wanted the explicit memory barrier, and it costs nothing extra.
#define SYNC() memoryBarrierShared(); barrier()

// Above 65535 groups ComputeProgram lays the dispatch out as an x/y grid.
uint groupIndex() {
    return gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
}

// Staging for the striped <-> blocked transposition. One word of padding per 32 keeps the
// blocked reads (stride ITEMS) off a single bank.
#define PAD(i) ((i) + ((i) >> 5u))
shared uint sTile[PAD(TILE)];

#ifdef USE_SUBGROUP
shared uint sScan[WG_SIZE + 1u];

// Exclusive scan of one value per invocation over the work group; `total` gets the group's sum.
uint wgExclusiveScan(uint v, out uint total) {
    uint incl = subgroupInclusiveAdd(v);
    if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) {
        sScan[gl_SubgroupID] = incl;
    }
    SYNC();
    if (gl_SubgroupID == 0u) {
        // a loop, because narrow subgroups (8 lanes) can leave more subgroup sums than lanes
        uint carry = 0u;
        for (uint b = 0u; b < gl_NumSubgroups; b += gl_SubgroupSize) {
            uint i = b + gl_SubgroupInvocationID;
            uint x = i < gl_NumSubgroups ? sScan[i] : 0u;
            uint xi = subgroupInclusiveAdd(x);
            if (i < gl_NumSubgroups) {
                sScan[i] = carry + xi - x;
            }
            carry += subgroupAdd(x);
        }
        if (gl_SubgroupInvocationID == 0u) {
            sScan[WG_SIZE] = carry;
        }
    }
    SYNC();
    total = sScan[WG_SIZE];
    uint r = sScan[gl_SubgroupID] + incl - v;
    SYNC(); // the next call overwrites sScan
    return r;
}
#else
shared uint sScan[2u * WG_SIZE];

// Exclusive scan of one value per invocation over the work group; `total` gets the group's sum.
// Hillis-Steele over shared memory, double-buffered so each step needs one barrier.
uint wgExclusiveScan(uint v, out uint total) {
    uint t = gl_LocalInvocationID.x;
    uint cur = 0u;
    sScan[t] = v;
    SYNC();
    for (uint off = 1u; off < WG_SIZE; off <<= 1u) {
        uint x = sScan[cur + t];
        if (t >= off) {
            x += sScan[cur + t - off];
        }
        cur = WG_SIZE - cur;
        sScan[cur + t] = x;
        SYNC();
    }
    uint incl = sScan[cur + t];
    total = sScan[cur + WG_SIZE - 1u];
    SYNC(); // the next call overwrites sScan
    return incl - v;
}
#endif

// Loads tile elements [start, start + TILE) of src (0 past uCount) with coalesced striped reads and
// hands each invocation its ITEMS consecutive ones.
void loadTile(uint start, out uint items[ITEMS]) {
    uint t = gl_LocalInvocationID.x;
    for (uint k = 0u; k < ITEMS; k++) {
        uint i = k * WG_SIZE + t;
        sTile[PAD(i)] = start + i < uCount ? LOAD(src[start + i]) : 0u;
    }
    SYNC();
    for (uint k = 0u; k < ITEMS; k++) {
        items[k] = sTile[PAD(t * ITEMS + k)];
    }
    SYNC(); // callers stage their results in sTile next
}

// Turns the tile held in items into tile-local exclusive prefix sums; returns the tile's total.
uint scanTile(inout uint items[ITEMS]) {
    uint s = 0u;
    for (uint k = 0u; k < ITEMS; k++) {
        uint v = items[k];
        items[k] = s;
        s += v;
    }
    uint total;
    uint base = wgExclusiveScan(s, total);
    for (uint k = 0u; k < ITEMS; k++) {
        items[k] += base;
    }
    return total;
}
