package io.github.idlekit;

/**
 * Where, over a histogram's bins, episodes went on before their first park, and where their work was seen then: the
 * one record that tells memoryless work from regular work where every episode ends in a park that spans the same
 * stretch (a timer's slack that never ends a park early, a Windows tick), and the parks alone cannot. Fixed size,
 * allocation-free, O(1) per episode.
 */
final class UnparkedStarts
{
    /**
     * How much likelier, in nats, too few endings seen before the first park must be under a workload that ends
     * fewer there than under memoryless work for {@link #refuteMemoryless} to say so: a deficit that memoryless work
     * shows by chance at one cut in a few hundred, and rarely at the worst of a plan's cuts.
     */
    static final double DEFICIT_NATS = 4;

    /**
     * How much an episode's part fades per later episode, far slower than the histogram's: through the first park's
     * stretch, episodes are seen to end only where a plan spun through it, rare where parking is right. Forgotten at
     * the histogram's pace, the gaps seen there stopped counting within a hundred episodes or so, and each time a plan
     * spun through a run of them to see them again.
     */
    static final double DECAY = 1.0 / 1024;
    private static final double GROWTH = 1 / (1 - DECAY);

    private final long[] edgesNs;
    private final double[] ends;
    private final double[] workSeen;
    private double weight = 1.0;

    /**
     * @param edgesNs the histogram's bin edges, one more than its bins; read, never written.
     */
    UnparkedStarts(final long[] edgesNs)
    {
        this.edgesNs = edgesNs;
        ends = new double[edgesNs.length - 1];
        workSeen = new double[edgesNs.length - 1];
    }

    /**
     * Makes this record hold what {@code other} holds, without allocating.
     *
     * @param other a record over the same bins.
     */
    void copyFrom(final UnparkedStarts other)
    {
        System.arraycopy(other.ends, 0, ends, 0, ends.length);
        System.arraycopy(other.workSeen, 0, workSeen, 0, workSeen.length);
        weight = other.weight;
    }

    /**
     * Records that an episode went on unparked until bin {@code k}, where it first parked, or where its work was seen.
     *
     * @param seen whether its work was seen there, as it never parked.
     */
    void record(final int k, final boolean seen)
    {
        ends[k] += weight;
        workSeen[k] += seen ? weight : 0;
        weight *= GROWTH;
    }

    /**
     * Whether the episodes seen while they had not yet parked ended between edges {@code from} and {@code to} too
     * seldom for memoryless ones with the mean {@code meanNs}: the log-likelihood ratio of the fewest endings, from
     * {@code from} to any edge up to {@code to}, against what a constant rate would give among the episodes that went
     * on unparked there, is above {@value #DEFICIT_NATS}. Work that comes at any moment ends some of those episodes
     * early, where the plans spun through them, and regular work none.
     */
    boolean refuteMemoryless(final int from, final int to, final double meanNs)
    {
        double goingOn = 0;
        for (int k = from; k < ends.length; k++)
        {
            goingOn += ends[k];
        }
        double expected = 0;
        double seen = 0;
        double deficit = 0;
        for (int k = from; k < to; k++)
        {
            final double parkedWithin = ends[k] - workSeen[k];
            expected += (goingOn - parkedWithin / 2) * -Math.expm1(-(edgesNs[k + 1] - edgesNs[k]) / meanNs);
            seen += workSeen[k];
            goingOn -= ends[k];
            deficit = Math.max(deficit,
                seen < expected ? expected - seen + (seen > 0 ? seen * Math.log(seen / expected) : 0) : 0);
        }
        return deficit * GROWTH / weight > DEFICIT_NATS;
    }

    /**
     * Brings the weights back to 1, long before they could overflow.
     */
    void rescale()
    {
        final double factor = 1 / weight;
        for (int k = 0; k < ends.length; k++)
        {
            ends[k] *= factor;
            workSeen[k] *= factor;
        }
        weight = 1.0;
    }
}
