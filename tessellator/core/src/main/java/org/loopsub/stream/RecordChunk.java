package org.loopsub.stream;

/**
 * A piece of the record stream: up to {@link #CAPACITY} records in two flat arrays. The stream of a
 * level is an ordered list of chunks; cutting it into chunks changes nothing in the output, because
 * every pass is a map over records and every scan is applied in chunk order.
 */
public final class RecordChunk {
    /** Records per chunk; a power of two so that a child index splits into chunk and offset by shifts. */
    public static final int CAPACITY_BITS = 12;
    /** Records per chunk. */
    public static final int CAPACITY = 1 << CAPACITY_BITS;

    /** Records in use. */
    public int count;
    /** Point slots, {@code layout.pointFloats()} per record. */
    public final float[] points;
    /** Metadata, {@code layout.metaInts()} per record. */
    public final int[] meta;
    /**
     * Level 0 once {@link RecordBuilder#addSlotSources} has noted them, else null: for each record
     * and point slot ({@code layout.pointSlots()} per record), the entry of {@link #sourceTable} the
     * slot holds a copy of, -1 for a slot left zero. An uploader may send these and the table
     * instead of the slots (GlLevel0). A move ({@link RecordBuilder#movePositions}) then rewrites
     * the table alone and leaves the slots {@link #slotsStale}.
     */
    public int[] slotSources;
    /**
     * Whether {@link #points}' slots still hold the positions before the last move, the table the
     * new ones: a reader of the slots calls {@link RecordBuilder#refreshSlots} first (an uploader
     * that gathers through the table need not).
     */
    public boolean slotsStale;
    /**
     * The per-vertex points {@link #slotSources} index, three floats an entry: the vertex positions,
     * then (with limit data) their limit normals, then (with {@code --limit}) their limit positions;
     * shared by the chunks of one stream.
     */
    public float[] sourceTable;
    /**
     * With {@link #slotSources}: each record's point words after its slots (sharpness, uvs), packed
     * one record after the other, so that an uploader sends them in one piece.
     */
    public float[] afterSlots;

    /**
     * @param layout the record layout
     * @param capacity records this chunk can hold
     */
    public RecordChunk(RecordLayout layout, int capacity) {
        this.points = new float[capacity * layout.pointFloats()];
        this.meta = new int[capacity * layout.metaInts()];
    }
}
