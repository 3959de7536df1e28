package io.github.idlekit;

/**
 * Idle episodes that have ended and are not yet learnt from, oldest first. Learning from an episode (the gap
 * histogram, the first-park blocks, the exploration count) touches memory that a park of a few milliseconds leaves
 * cold, and the call that ends one episode starts the next: learnt from there, the cost lands on the work that
 * follows other work within microseconds (the rest of a burst), the very work that should wait least. Kept here,
 * an episode is learnt from once a later one has waited long enough to afford it, or when no room is left (under a
 * coarse timer, a batch at a time as a later one starts).
 * Allocation-free; used by the worker's thread only.
 */
final class PendingEpisodes
{
    private static final byte PROMPTLY_WOKEN = 1;
    private static final byte ENDED_IN_FIRST_PARK = 2;
    private static final byte EXPLORING = 4;
    private static final byte AFTER_PARK = 8;

    private final long[] fromNs;
    private final long[] endedNs;
    private final long[] exploreFromNs;
    private final long[] exploreUntilNs;
    private final long[] unparkedNs;
    private final byte[] flags;
    private int size;

    /**
     * @param capacity how many episodes it holds.
     */
    PendingEpisodes(final int capacity)
    {
        fromNs = new long[capacity];
        endedNs = new long[capacity];
        exploreFromNs = new long[capacity];
        exploreUntilNs = new long[capacity];
        unparkedNs = new long[capacity];
        flags = new byte[capacity];
    }

    /**
     * Adds an episode; only while {@link #isFull()} is false.
     *
     * @param fromNs           since its start, when it was last seen going on.
     * @param endedNs          since its start, when it was seen to have ended.
     * @param promptlyWoken    whether a wake ended its park promptly (see
     *                         {@link CalibratedIdleStrategy#PROMPT_WAKE_NS}).
     * @param endedInFirstPark whether it ended during its first park.
     * @param exploring        whether it explored.
     * @param exploreFromNs    since its start, when its exploring spin went past its plan's.
     * @param exploreUntilNs   since its start, when its exploring spin was to end.
     * @param unparkedNs       since its start, when it first parked, or when it was seen to end if it never did.
     * @param afterPark        whether it followed an episode whose work was seen only as a park ended (see
     *                         {@link EpisodeContext#AFTER_PARK}).
     */
    void add(
        final long fromNs,
        final long endedNs,
        final boolean promptlyWoken,
        final boolean endedInFirstPark,
        final boolean exploring,
        final long exploreFromNs,
        final long exploreUntilNs,
        final long unparkedNs,
        final boolean afterPark)
    {
        final int i = size++;
        this.fromNs[i] = fromNs;
        this.endedNs[i] = endedNs;
        this.exploreFromNs[i] = exploreFromNs;
        this.exploreUntilNs[i] = exploreUntilNs;
        this.unparkedNs[i] = unparkedNs;
        flags[i] = (byte)((promptlyWoken ? PROMPTLY_WOKEN : 0) | (endedInFirstPark ? ENDED_IN_FIRST_PARK : 0) |
            (exploring ? EXPLORING : 0) | (afterPark ? AFTER_PARK : 0));
    }

    int size()
    {
        return size;
    }

    boolean isFull()
    {
        return size == flags.length;
    }

    /**
     * Forgets every episode held, once all were learnt from.
     */
    void clear()
    {
        size = 0;
    }

    long fromNs(final int i)
    {
        return fromNs[i];
    }

    long endedNs(final int i)
    {
        return endedNs[i];
    }

    boolean promptlyWoken(final int i)
    {
        return (flags[i] & PROMPTLY_WOKEN) != 0;
    }

    boolean endedInFirstPark(final int i)
    {
        return (flags[i] & ENDED_IN_FIRST_PARK) != 0;
    }

    boolean exploring(final int i)
    {
        return (flags[i] & EXPLORING) != 0;
    }

    boolean afterPark(final int i)
    {
        return (flags[i] & AFTER_PARK) != 0;
    }

    long exploreFromNs(final int i)
    {
        return exploreFromNs[i];
    }

    long exploreUntilNs(final int i)
    {
        return exploreUntilNs[i];
    }

    long unparkedNs(final int i)
    {
        return unparkedNs[i];
    }
}
