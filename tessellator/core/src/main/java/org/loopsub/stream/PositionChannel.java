package org.loopsub.stream;

import static org.loopsub.stream.SplitRules.EDGE_MIDPOINT;
import static org.loopsub.stream.SplitRules.EDGE_SEMI_SHARP;
import static org.loopsub.stream.SplitScratch.putPoint;

import org.loopsub.rules.LoopRules;

/**
 * The position channel of the split: the new positions of the record's corners (vertex points) and
 * the edge points of every spoke of every corner, by Loop's masks under the rules {@link SplitRules}
 * decided; twin of {@code position_channel.glsl}. Shared spokes are computed from both ends and
 * agree because the masks are symmetric to the bit. The other channels and the writers read
 * {@link #vertexPoints} and {@link #edgePoints}.
 */
final class PositionChannel {
    private final SplitScratch scratch;
    private final SplitRules rules;
    private final float[] weights;
    private final int ringMax;
    private final float[] ring;
    private final int[] nextRule;
    private final int[] nextE0;
    private final int[] nextE1;
    private final int[] parentRule;
    private final int[] parentE0;
    private final int[] parentE1;
    private final float[] blendWeight;
    private final boolean[] blends;
    private final float[] edgeSharp;
    /** The ring sums of the corner being computed, per coordinate ({@link #ringSums}). */
    private final float[] sums = new float[3];
    /** V'_c at {@code 3c}: the new position of each corner. */
    final float[] vertexPoints = new float[9];
    /** The edge point of spoke (c, ring[i]) at {@link SplitScratch#ep}. */
    final float[] edgePoints;

    PositionChannel(SplitScratch scratch, SplitRules rules, float[] weights) {
        this.scratch = scratch;
        this.rules = rules;
        this.weights = weights;
        this.ringMax = scratch.ringMax;
        this.ring = scratch.ring;
        this.nextRule = rules.nextRule;
        this.nextE0 = rules.nextE0;
        this.nextE1 = rules.nextE1;
        this.parentRule = rules.parentRule;
        this.parentE0 = rules.parentE0;
        this.parentE1 = rules.parentE1;
        this.blendWeight = rules.blendWeight;
        this.blends = rules.blends;
        this.edgeSharp = rules.edgeSharp;
        this.edgePoints = new float[3 * ringMax * 3];
    }

    /**
     * V'_c, the new position of corner c: its old one when frozen, else by the crease rules in a
     * sharp record, the boundary mask on a boundary, or Loop's vertex mask.
     */
    void vertexPoint(float[] p, int pb, int c, int k, int g, boolean frozen) {
        int v = pb + 3 * c;
        int out = 3 * c;
        if (frozen) {
            putPoint(vertexPoints, out, p, v);
            return;
        }
        if (rules.sharpRecord) {
            creaseVertexPoint(p, pb, c, k, g);
            return;
        }
        if (g != RecordLayout.NO_GAP) {
            int a = pb + scratch.ringSlot3(c, g);
            int b = pb + scratch.ringSlot3(c, (g + 1) % k);
            for (int x = 0; x < 3; x++) {
                vertexPoints[out + x] = LoopRules.boundaryVertexPoint(p[v + x], p[a + x], p[b + x]);
            }
            return;
        }
        float w = weights[2 * k];
        float beta = weights[2 * k + 1];
        ringSums(p, pb, c, k);
        for (int x = 0; x < 3; x++) {
            vertexPoints[out + x] = LoopRules.vertexPoint(w, beta, p[v + x], sums[x]);
        }
    }

    /**
     * The sums of corner c's ring, one per coordinate, each added smallest first, at {@link #sums}
     * (the shader loads the ring once for all three and sorts each coordinate's run in registers).
     */
    private void ringSums(float[] p, int pb, int c, int k) {
        for (int x = 0; x < 3; x++) {
            for (int i = 0; i < k; i++) {
                ring[i] = p[pb + scratch.ringSlot3(c, i) + x];
            }
            sums[x] = LoopRules.sortedSum(ring, k);
        }
    }

    /** The vertex point of corner c in a record with sharpness, by the rules {@link SplitRules#creaseRule} decides. */
    private void creaseVertexPoint(float[] p, int pb, int c, int k, int g) {
        rules.creaseRule(p, pb, c, k, g);
        // the smooth and the dart rule take Loop's vertex mask
        if (nextRule[c] < LoopRules.CREASE || blends[c] && parentRule[c] < LoopRules.CREASE) {
            ringSums(p, pb, c, k);
        }
        for (int x = 0; x < 3; x++) {
            float child = maskCoordinate(p, pb, c, k, g, nextRule[c], nextE0[c], nextE1[c], x, sums[x]);
            vertexPoints[3 * c + x] = blends[c] ? LoopRules.blend(blendWeight[c],
                    maskCoordinate(p, pb, c, k, g, parentRule[c], parentE0[c], parentE1[c], x, sums[x]), child) : child;
        }
    }

    /**
     * One coordinate of corner c's vertex mask under a rule (e0, e1: its sharp spokes for a crease;
     * sum: that coordinate's ring sum from {@link #ringSums}, for the smooth rule).
     */
    private float maskCoordinate(float[] p, int pb, int c, int k, int g, int rule, int e0, int e1, int x, float sum) {
        int v = pb + 3 * c;
        if (rule == LoopRules.CORNER) {
            return p[v + x];
        }
        if (rule == LoopRules.CREASE) {
            return LoopRules.boundaryVertexPoint(p[v + x], p[pb + scratch.ringSlot3(c, e0) + x],
                    p[pb + scratch.ringSlot3(c, e1) + x]);
        }
        return LoopRules.vertexPoint(weights[2 * k], weights[2 * k + 1], p[v + x], sum);
    }

    /** The edge point of spoke i of corner c, by the mask {@link SplitRules#spokeRule} chooses. */
    void edgePoint(float[] p, int pb, int[] meta, int mb, int c, int k, int g, int i) {
        int a = pb + 3 * c;
        int b = pb + scratch.ringSlot3(c, i);
        int out = scratch.ep(c, i);
        int mode = rules.spokeRule(p, pb, meta, mb, c, k, g, i);
        if (mode == EDGE_MIDPOINT) {
            for (int x = 0; x < 3; x++) {
                edgePoints[out + x] = LoopRules.midpoint(p[a + x], p[b + x]);
            }
            return;
        }
        int oc = pb + scratch.ringSlot3(c, (i + k - 1) % k);
        int od = pb + scratch.ringSlot3(c, (i + 1) % k);
        if (mode == EDGE_SEMI_SHARP) {
            float sharp = edgeSharp[c * ringMax + i];
            for (int x = 0; x < 3; x++) {
                edgePoints[out + x] = LoopRules.creaseEdgePoint(sharp, p[a + x], p[b + x], p[oc + x], p[od + x]);
            }
            return;
        }
        for (int x = 0; x < 3; x++) {
            edgePoints[out + x] = LoopRules.edgePoint(p[a + x], p[b + x], p[oc + x], p[od + x]);
        }
    }
}
