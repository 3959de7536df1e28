package io.github.idlekit;

/**
 * How close a thread's idle episodes are to memoryless ones, and the memoryless shape with their likeliest mean,
 * for a {@link CostPlanner} to plan partly as: a histogram of a few dozen memoryless episodes, most of them known
 * only to have ended somewhere in a park, is lumpy where the truth is smooth, and a plan made for its lumps parks
 * across what it takes for gaps and makes the work that comes there wait. The memoryless shape with the learned mean
 * is what the threshold rule needs, and is known far better than any single bin.
 */
final class MemorylessFit
{
    /**
     * Learned episodes whose total variation, octave by octave (the bins below the park floor as one), from
     * memoryless episodes with the fitted mean is below this are planned for partly as those memoryless ones, the
     * more the closer (none at this distance, all at none). Regular, bursty and two-peaked workloads lie much further
     * from it and keep their own shape.
     */
    static final double MAX_DISTANCE = 0.4;

    /**
     * The memoryless mean is taken as the likeliest one given the parks the episodes ended in only where at least
     * this share of them outlasted a park floor (three or so episodes of a history that weighs about 64); otherwise
     * the bins' mean is kept. Where every episode ends within the first park, as regular gaps shorter than a coarse
     * timer's tick do when the plan parks at once, the likeliest memoryless mean is as short as the minimum spin
     * before the park allows: such episodes say nothing about where in the tick they end, and a plan made for it
     * would spin through every gap to find out, then park again once it had.
     */
    static final double IDENTIFIED_SHARE = 0.05;

    private static final int BINS = IdleGapHistogram.BINS;

    private IdleGapHistogram gaps;
    private double meanNs;
    private double share;

    /**
     * Measures how close the episodes {@code gaps} holds are to memoryless ones, by the total variation between the
     * two over octaves, and sets the share of a plan's distribution that is that memoryless one.
     * The bins the first park covers, from the end of the plan's spin to a floor later, count as one group: an
     * episode that ended in a park is known only to have ended somewhere in it, so how the histogram divides the
     * weight of the first park among shorter octaves is the spreading's guess, not an observation. Under a coarse
     * timer, where the first park spans every octave up to a 15.6 ms tick, judging those octaves one by one
     * measured that guess: memoryless gaps of a few milliseconds looked unlike memoryless ones, their plan followed
     * the guess's lumps, and a plan that parked at once, learning nothing more inside the tick, could keep parking
     * where spinning costs far less. For the same reason the memoryless mean is the likeliest one given the parks the
     * episodes ended in ({@link IdleGapHistogram#memorylessMeanNs()}), not the bins' mean, wherever enough episodes
     * outlast the first park to decide it (see {@link #IDENTIFIED_SHARE}).
     *
     * <p>The bins the plan spins through (at least {@link CalibratedIdleStrategy#MIN_SPIN_NS}, which every episode
     * spins) are judged octave by octave all the same: no park's spreading reaches them, and the episodes that end
     * there were seen. Grouped with the first park, bursts under a coarse tick (16 back-to-back events, then 10 ms)
     * looked memoryless with a sixteenth of the 10 ms as their mean, and their plan spun through most of each 10 ms
     * only to park through the burst's first event; and regular gaps of 10 µs, which a plan spins through, looked
     * memoryless within a native floor, so that the plan kept its long parks' period from the first where the
     * producer stalled, and the work that came during a stall waited up to the maximum park.
     *
     * <p>None of the plan is made for memoryless episodes where the latest parks the episodes ended in all overlap
     * in a window inside the first park's bins and half as long as the longest of those parks
     * ({@link IdleGapHistogram#parksShareAWindow}): parks that a timer's slack ended early have cut that window down
     * from the park's whole span, and memoryless work, ending anywhere, would soon have left it. Grouped as one,
     * the first park cannot tell such episodes from memoryless ones with the same mean, except by the share that
     * outlasts it: regular gaps of two thirds of a 15.6 ms tick with one late in fifty were planned for half as
     * memoryless ones, whose early arrivals made spinning through the whole gap look cheaper than the park, and the
     * plan did so for ten milliseconds a gap until the gaps it saw moved it back, then again a few hundred episodes
     * later.
     *
     * <p>Nor is any made where the episodes seen before their first park ended there too seldom for memoryless ones
     * ({@link IdleGapHistogram#unparkedStartsRefuteMemoryless}): where no park ends early (a timer's slack that never
     * ends one before it is due, a Windows tick) every park of an episode spans the same stretch and no window forms,
     * and regular gaps with a few late items look like memoryless ones whose likeliest mean, from the share that
     * outlasts the first park, is a fraction of the gap. Plans then spun through runs of whole gaps every hundred
     * episodes or so; the gaps they spun through, none of which ended early, say otherwise.
     *
     * @param gaps    the episodes seen.
     * @param spunNs  how long the plan in force busy-waits before its first park, at least the minimum spin.
     * @param floorNs how long the shortest park lasts.
     */
    void fit(final IdleGapHistogram gaps, final long spunNs, final long floorNs)
    {
        this.gaps = gaps;
        final int withinFloor = binsEndingBy(floorNs);
        double binsMeanNs = 0;
        double outlasting = 0;
        for (int k = 0; k < BINS; k++)
        {
            binsMeanNs += gaps.probability(k) * gaps.meanNs(k);
            outlasting += k >= withinFloor ? gaps.probability(k) : 0;
        }
        final double mean = outlasting >= IDENTIFIED_SHARE ? gaps.memorylessMeanNs() : binsMeanNs;
        meanNs = mean;
        share = 0;
        if (!(mean > 0))
        {
            return;
        }
        final int seenWhileSpinning = binsEndingBy(spunNs);
        final int withinFirstPark = Math.max(seenWhileSpinning, binsEndingBy(spunNs + floorNs));
        if (gaps.parksShareAWindow(gaps.edgeNs(seenWhileSpinning), gaps.edgeNs(withinFirstPark)) ||
            gaps.unparkedStartsRefuteMemoryless(seenWhileSpinning, withinFirstPark, mean))
        {
            return;
        }
        final double distance = octaveByOctave(0, seenWhileSpinning) + distance(seenWhileSpinning, withinFirstPark) +
            octaveByOctave(withinFirstPark, BINS);
        share = Math.max(0, 1 - distance / MAX_DISTANCE);
    }

    /**
     * @return the share of the plan's distribution that is memoryless, 0 to 1.
     */
    double share()
    {
        return share;
    }

    /**
     * @return the share of memoryless episodes with the fitted mean that end between edges {@code from} and
     * {@code to}.
     */
    double mass(final int from, final int to)
    {
        return Math.exp(-gaps.edgeNs(from) / meanNs) - Math.exp(-gaps.edgeNs(to) / meanNs);
    }

    /**
     * @return the mean time within bin {@code k} of memoryless episodes with the fitted mean.
     */
    double meanNs(final int k)
    {
        final double fromNs = gaps.edgeNs(k);
        final double widthNs = gaps.edgeNs(k + 1) - fromNs;
        final double x = widthNs / meanNs;
        return x < 1e-6 ? fromNs + widthNs / 2 : fromNs + meanNs - widthNs * Math.exp(-x) / -Math.expm1(-x);
    }

    /**
     * @return how many bins, from the first, end by {@code ns}.
     */
    private int binsEndingBy(final long ns)
    {
        int bins = 0;
        while (bins < BINS && gaps.edgeNs(bins + 1) <= ns)
        {
            bins++;
        }
        return bins;
    }

    /**
     * @return the distance from memoryless episodes of the bins between edges {@code from} and {@code to}, judged
     * an octave at a time.
     */
    private double octaveByOctave(final int from, final int to)
    {
        double distance = 0;
        for (int g = from; g < to; g += IdleGapHistogram.BINS_PER_OCTAVE)
        {
            distance += distance(g, Math.min(to, g + IdleGapHistogram.BINS_PER_OCTAVE));
        }
        return distance;
    }

    /**
     * @return half the difference between the learned share of episodes that end between edges {@code from} and
     * {@code to} and the memoryless share.
     */
    private double distance(final int from, final int to)
    {
        double learnedMass = 0;
        for (int k = from; k < to; k++)
        {
            learnedMass += gaps.probability(k);
        }
        return Math.abs(learnedMass - mass(from, to)) / 2;
    }
}
