// Pass 3 of a level, the split (twin of LoopSplit.java, same function names and loop shape): each
// active record j becomes four children 4j + k, plus one sliver per edge whose neighbour has
// finished. With DIRECT defined the children are written as output triangles; with UNIFORM defined
// every record is active (record j is the j-th active one) and none has slivers.
//
// Children go to a segment of their own, in tiles of TILE like the source (loop_record.glsl): the four
// children of parent j, 4j .. 4j + 3, share a tile, so a regular parent writes each float of its
// children as one vec4, and a warp's 16-byte stores fill four 128-byte lines. Slivers and direct
// triangles are output triangles (TRIANGLE_FLOATS each), bound as ranges whose starts need not fall
// on a triangle: SLIVER_FLOAT_BASE and DIRECT_FLOAT_BASE say where this dispatch's first one starts
// inside its bound range (for direct triangles a multiple of 4 floats: both halves store vec4s).
//
// This file is the pass's entry (splitOne, main) and its buffers. Which records a build splits and
// where their output goes is the split's schedule, the twin of SplitSchedule.java: split_schedule.glsl
// (included first: the records, lists, counts and bases of each build) and split_halves.glsl (last:
// which half takes a record, the general path in a lane's shares, splitLanes). The split itself is
// in the includes between them, each the twin of the Java class of its name (docs/design.md, "The
// split as channels"): the record and the shared scratch (split_scratch), the rules decided once per
// record (split_rules), the channels that apply them (position_channel, uv_channel, limit_channel),
// the two writers (triangle_writer, child_writer) and the regular path (regular_split). Each include
// guards its own body with the feature macros; they are included in that order, each after what it
// uses.
#include "loop_record.glsl"

layout(local_size_x = GROUP) in;

#ifdef REGULAR_ONLY
layout(std430, binding = BINDING_DST_POINTS) writeonly buffer DstPoints { vec4 dstP4[]; };
layout(std430, binding = BINDING_DST_META) writeonly buffer DstMeta { uvec4 dstM4[]; };
#else
layout(std430, binding = BINDING_DST_POINTS) writeonly buffer DstPoints { float dstP[]; };
layout(std430, binding = BINDING_DST_META) writeonly buffer DstMeta { uint dstM[]; };
#endif
layout(std430, binding = BINDING_OUT) writeonly buffer SliverOut { float sliverP[]; };
layout(std430, binding = BINDING_SLIVER_OFFSET) readonly buffer SliverOffset { uint sliverOffset[]; };
layout(std430, binding = BINDING_WEIGHTS) readonly buffer Weights { float weights[]; };
layout(std430, binding = BINDING_DIRECT_OUT) writeonly buffer DirectOut { vec4 directP4[]; };
#ifdef UVS
// Each output corner's (u, v), at OUT_UV_FLOAT of its position's float (loop_record.glsl).
layout(std430, binding = BINDING_OUT_UVS) writeonly buffer SliverUvs { float sliverUv[]; };
layout(std430, binding = BINDING_DIRECT_UVS) writeonly buffer DirectUvs { vec4 directUv4[]; };
#endif
#ifdef NORMALS
// Each output triangle's corner normals, at the same floats as its positions.
layout(std430, binding = BINDING_OUT_NORMALS) writeonly buffer SliverNormals { float sliverN[]; };
layout(std430, binding = BINDING_DIRECT_NORMALS) writeonly buffer DirectNormals { vec4 directN4[]; };
#endif

#include "split_schedule.glsl"
#include "split_scratch.glsl"
#include "split_rules.glsl"
#include "position_channel.glsl"
#include "uv_channel.glsl"
#include "limit_channel.glsl"
#include "triangle_writer.glsl"
#include "child_writer.glsl"
#include "regular_split.glsl"
#include "split_halves.glsl"

// Computes this invocation's record; false if the record is left to the other kind of dispatch
// (REGULAR_ONLY / GENERAL_ONLY: two dispatches over the same records, each writing the children of
// its own kind, so that the short regular path is not compiled with the general path's registers).
bool splitOne(uint j) {
    if (!takesPart(j)) return false;
    uint r = recordOf(j);
    sR = r;
    uint m0 = srcM[metaOf(r, 0)];
    uint m1 = srcM[metaOf(r, 1)];
    sNf = neighbourFinished(m0);
    sRegular = regularRecord(r, m0, m1);
    beginRules(m0, m1);
    if (!ownHalf(j, r)) return false;
    bornUvs(r);
#if defined(FUSED_UVS)
    fusedRegularUvs(j, r, m0);
#elif defined(REGULAR_ONLY)
    splitRegular(j, r, m0);
#else
    splitGeneral(j, r, m0, m1);
#endif
    return true;
}

void main() {
#if defined(LIST_PARENTS)
    listParents();
#elif defined(GENERAL_LANES)
    splitLanes();
#else
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint j = group * uint(GROUP) + gl_LocalInvocationID.x;
    loadResidentSizes();
    if (splitOne(j)) writeChildRecords(j);
#endif
}
