package io.github.idlekit;

/**
 * How long this thread's idle episodes last, as a decaying histogram over log-spaced bins: an episode starts at
 * the first idle call after work and ends when work is seen. Fixed size, allocation-free, O(1) for an episode
 * seen while spinning; for one that ended during a park, O(the fewer of the bins the park covers and the occupied
 * bins it does not), a few bins either way whether the park covers a couple of bins (a native timer's floor) or
 * nearly all the history (a coarse timer's tick).
 *
 * <p>Bins are {@value #BINS_PER_OCTAVE} per octave from {@value #FIRST_EDGE_NS} ns over {@value #OCTAVES}
 * octaves (to about four seconds), plus a first bin from 0. Eight per octave keeps a bin around a regular gap
 * narrow enough (about 9% of it) that parking until the bin's start and spinning the rest pays off.
 *
 * <p>An episode that ended during a park is only known to have ended somewhere in that park: it is recorded as that
 * interval, its weight spread over the bins the interval covers in proportion to the mass they already hold (evenly
 * where they hold none; see {@link #spread}), never as a point. Recording it at the park's midpoint would make short
 * gaps look long under a coarse timer, and the plan would then keep parking on them.
 *
 * <p>Where the bins some parks cover hold almost nothing but such intervals (under a coarse timer nearly every
 * episode ends in a park of a whole tick), their spreading is a guess that the parks themselves never correct. The
 * first two episodes seen to end together inside every one of them, with no park between them that missed that
 * moment, settle it: their weight moves to that point (see {@link #settleAt}), in a pass over those bins that only an
 * episode seen to end inside all those parks makes. Two more records tell regular work from memoryless work where
 * the parks alone cannot: whether the latest parks share a window ({@link ParkWindow}), and where episodes went on
 * before their first park ({@link UnparkedStarts}).
 *
 * <p>Older episodes fade: every new one weighs {@code 1 / (1 - decay)} times the one before, a slow fade that
 * keeps enough episodes for a stable estimate of a noisy workload. A change of workload is followed faster: an
 * episode that ends where the histogram holds less than {@value #SURPRISE_SHARE} of its weight within an octave
 * (for one that ended during a park: within the park, the share scaled down for parks shorter than two octaves,
 * which hold little of any workload) doubles the weight of itself and every later episode against the older ones,
 * so a new workload outweighs the old one within a few episodes while a stable one, rarely surprising, keeps its
 * history. Weights are rescaled before they overflow.
 *
 * <p>The bins hold their weights divided by one common scale, so that growing every bin a park covers by one factor
 * can grow the scale instead and shrink the few occupied bins outside the park. Bins at the ends of the occupied
 * range that hold less than {@value #NEGLIGIBLE_SHARE} of the weight are emptied, so that the range follows the
 * workload rather than everything it has ever been.
 *
 * <p>Its loops run to exclusive bounds: C2 guards a loop to an inclusive bound with a limit check, and one that
 * fails in a worker's first seconds sends the recording code back to the interpreter and C2 to compiling it again.
 */
final class IdleGapHistogram
{
    static final long FIRST_EDGE_NS = 250;
    static final int BINS_PER_OCTAVE = 8;
    static final int OCTAVES = 24;
    static final int BINS = BINS_PER_OCTAVE * OCTAVES + 1;
    static final int NEARBY_BINS = BINS_PER_OCTAVE;
    static final double SURPRISE_SHARE = 0.02;
    static final double SURPRISE_BOOST = 2.0;

    /**
     * Surprise is judged only against a history worth at least this many of the latest episode: against a few
     * episodes every spread-out workload looks surprising, and boosting would shrink the history further.
     */
    static final double MIN_HISTORY = 16;

    /**
     * Parks are settled (see {@link #settleAt}) only where episodes seen to end weigh less than this share of the bins
     * they cover: bins holding more of those have a shape that was seen, not guessed.
     */
    static final double SETTLE_BELOW_POINT_SHARE = 0.02;

    /**
     * Parks recorded before the two episodes that settle them, all of which must hold both: one park or two can hold
     * them by chance whatever the workload.
     */
    static final int SETTLE_AFTER_PARKS = 4;

    /**
     * A share of the weight too small to change any plan: an occupied range's end bin holding less is emptied when
     * the weights are rescaled. Not after every episode: an end bin fades below it only after thousands, so HotSpot
     * would compile the recording code without the emptying and recompile it the first time it came due.
     */
    static final double NEGLIGIBLE_SHARE = 1e-9;

    /**
     * The weights and the common scale are brought back to 1 once they pass this, long before they could overflow:
     * the decay's growth passes it every thousand episodes or so, so that the branch is taken while HotSpot still
     * profiles the recording code and is compiled in, rather than taken for the first time after C2 compiled it
     * away, which would send the code back to the interpreter and C2 to compiling it again.
     */
    private static final double RESCALE_ABOVE = 1e6;

    /**
     * Steps of the fixed-point iteration in {@link #memorylessMeanNs()}: each brings the estimate closer by a
     * factor of at most the share of episodes that ended in parks, so a few dozen settle any history that has
     * seen some episodes end while spinning.
     */
    static final int MEMORYLESS_FIT_STEPS = 32;

    private final long[] edgesNs = new long[BINS + 1];
    private final double[] mass = new double[BINS];
    private final double[] weightedSumNs = new double[BINS];
    private final double[] weightedSquaresNs2 = new double[BINS];
    private final double[] pointMass = new double[BINS];
    private final ParkWindow window = new ParkWindow();
    private final UnparkedStarts unparked = new UnparkedStarts(edgesNs);
    private final double growthPerEpisode;
    private double weight = 1.0;
    private double total;
    private double pointWeight;
    private double pointSumNs;
    private double intervalWeight;
    private double intervalFromSumNs;
    private double intervalWidthSumNs;
    private double scale = 1.0;
    private int lowest = BINS;
    private int highest = -1;
    private long episodes;
    private long intervalsSincePoint;
    private boolean candidatePending;
    private long candidateNs;
    private long commonFromNs;
    private long commonToNs;
    private long coveredFromNs;
    private long coveredToNs;

    /**
     * @param decay how much an episode's weight fades per later episode, in (0, 1).
     */
    IdleGapHistogram(final double decay)
    {
        if (!(decay > 0 && decay < 1))
        {
            throw new IllegalArgumentException("decay must be in (0, 1): " + decay);
        }
        growthPerEpisode = 1 / (1 - decay);
        edgesNs[0] = 0;
        for (int k = 1; k <= BINS; k++)
        {
            edgesNs[k] = Math.round(FIRST_EDGE_NS * Math.pow(2, (k - 1) / (double)BINS_PER_OCTAVE));
        }
    }

    /**
     * Makes this histogram hold what {@code other} holds, without allocating.
     *
     * @param other a histogram with the same decay.
     */
    void copyFrom(final IdleGapHistogram other)
    {
        System.arraycopy(other.mass, 0, mass, 0, BINS);
        System.arraycopy(other.weightedSumNs, 0, weightedSumNs, 0, BINS);
        System.arraycopy(other.weightedSquaresNs2, 0, weightedSquaresNs2, 0, BINS);
        System.arraycopy(other.pointMass, 0, pointMass, 0, BINS);
        weight = other.weight;
        total = other.total;
        pointWeight = other.pointWeight;
        pointSumNs = other.pointSumNs;
        intervalWeight = other.intervalWeight;
        intervalFromSumNs = other.intervalFromSumNs;
        intervalWidthSumNs = other.intervalWidthSumNs;
        scale = other.scale;
        lowest = other.lowest;
        highest = other.highest;
        episodes = other.episodes;
        intervalsSincePoint = other.intervalsSincePoint;
        candidatePending = other.candidatePending;
        candidateNs = other.candidateNs;
        commonFromNs = other.commonFromNs;
        commonToNs = other.commonToNs;
        coveredFromNs = other.coveredFromNs;
        coveredToNs = other.coveredToNs;
        window.copyFrom(other.window);
        unparked.copyFrom(other.unparked);
    }

    /**
     * Records how long the episode about to be {@link #record recorded} went on before its first park, and whether
     * its work was seen then: with each episode's, the bins where work ending at any moment would have been seen, and
     * where it was (see {@link #unparkedStartsRefuteMemoryless}). Call it before {@link #record} for that episode.
     *
     * @param ns       since its start, when it first parked, or when its work was seen if it never parked.
     * @param workSeen whether its work was seen before it parked, as it never did.
     */
    void recordUnparkedStart(final long ns, final boolean workSeen)
    {
        unparked.record(binOf(Math.max(0, ns)), workSeen);
    }

    /**
     * Records an episode that ended in {@code (fromNs, toNs]} after it started; a point when the two are equal.
     *
     * @param floorNs the park floor of the timer the episode's parks ran under: under a coarse one (see
     *                {@link ParkTimerModel#COARSE_FLOOR_NS}) a park that holds none of the weight is spread differently
     *                (see {@link #spread}).
     * @return true when the episode surprised the histogram (see the class documentation).
     */
    boolean record(final long fromNs, final long toNs, final long floorNs)
    {
        boolean surprised = false;
        final long lo = Math.max(0, Math.min(fromNs, toNs));
        final long hi = Math.max(lo, Math.max(fromNs, toNs));
        final int first = binOf(lo);
        final int last = binOf(hi);
        if (first == last)
        {
            if (total >= MIN_HISTORY * weight && nearbyMass(first) < SURPRISE_SHARE * total)
            {
                weight *= SURPRISE_BOOST;
                surprised = true;
            }
            add(first, weight, (lo + hi) / 2.0);
        }
        else
        {
            final double firstHeld = scale * mass[first] * shareWithin(first, lo, hi);
            final double lastHeld = scale * mass[last] * shareWithin(last, lo, hi);
            double held = massBetween(first, last) + firstHeld + lastHeld;
            final double octaves = log2(Math.max(hi, 1.0) / Math.max(lo, FIRST_EDGE_NS));
            if (total >= MIN_HISTORY * weight && held < SURPRISE_SHARE * total * Math.min(1, octaves / 2))
            {
                weight *= SURPRISE_BOOST;
                held = 0;
                surprised = true;
            }
            spread(lo, hi, first, last, held < NEGLIGIBLE_SHARE * total ? 0 : held, firstHeld, lastHeld,
                total > 0 && floorNs >= ParkTimerModel.COARSE_FLOOR_NS);
        }
        if (hi > lo)
        {
            candidatePending &= candidateNs > lo && candidateNs <= hi;
            commonFromNs = intervalsSincePoint == 0 ? lo : Math.max(commonFromNs, lo);
            commonToNs = intervalsSincePoint == 0 ? hi : Math.min(commonToNs, hi);
            coveredFromNs = intervalsSincePoint == 0 ? lo : Math.min(coveredFromNs, lo);
            coveredToNs = intervalsSincePoint == 0 ? hi : Math.max(coveredToNs, hi);
            intervalsSincePoint++;
            window.record(lo, hi);
            intervalWeight += weight;
            intervalFromSumNs += weight * lo;
            intervalWidthSumNs += weight * (hi - lo);
        }
        else
        {
            intervalsSincePoint = candidatePending ? intervalsSincePoint : 0;
            pointMass[first] += weight;
            pointWeight += weight;
            pointSumNs += weight * lo;
        }
        episodes++;
        weight *= growthPerEpisode;
        if (weight > RESCALE_ABOVE)
        {
            rescale();
        }
        return surprised;
    }

    /**
     * Before an episode seen to end at {@code ns} is recorded: where the last episode seen to end did so in the same
     * bin or the next, and every park since could have held it (a plan for the episodes after parks may spin through
     * them while the others park), at least {@value #SETTLE_AFTER_PARKS} episodes ended in parks before those two, each
     * of those parks could have held both, and episodes seen to end weigh less than {@value #SETTLE_BELOW_POINT_SHARE}
     * of the bins the parks cover (under a coarse timer nearly every episode ends in a park of a whole tick), moves the
     * weight of those bins to {@code ns}, and says so. Such a history cannot tell when within the parks work came: the
     * even spreading guessed it. Two episodes seen to end together inside every park are the likeliest answer (all the
     * weight there explains each of them for certain, so no other distribution is likelier), and unlikely by chance
     * where work comes at any moment: one alone would settle memoryless gaps on wherever the first of them ended. Left
     * spread, the guess would outweigh the points for as many episodes as the history holds, and a plan that spins
     * through the guessed early arrivals would keep spinning through whole gaps until then. Episodes seen to end before
     * the parks (work that was already there) say nothing of when work comes during them, and do not count.
     *
     * <p>Where the latest parks share a window ({@link #parksShareAWindow}) and the two episodes end inside it, the
     * window stands for the parks that miss them: a late item now and then ends an episode in a later park, outside
     * the others' common stretch, and regular gaps with late items were then never settled, so that a plan costed on
     * the first guesses' even spread spun through whole gaps where a window had long held. Those later parks' bins,
     * past the window's start and its longest park, keep their weight.
     *
     * @return whether the weight was moved.
     */
    boolean settleAt(final long ns)
    {
        final boolean confirms = candidatePending && Math.abs(binOf(ns) - binOf(candidateNs)) <= 1;
        candidatePending = false;
        final boolean inWindow = window.holds() && ns > window.fromNs() && ns <= window.toNs();
        if (intervalsSincePoint < SETTLE_AFTER_PARKS || !inWindow && (ns <= commonFromNs || ns > commonToNs))
        {
            return false;
        }
        final int from = Math.max(lowest, binOf(coveredFromNs));
        final int end = Math.min(highest, binOf(inWindow && !(ns > commonFromNs && ns <= commonToNs) ?
            Math.min(coveredToNs, window.fromNs() + window.longestParkNs()) : coveredToNs)) + 1;
        if (!confirms)
        {
            double covered = 0;
            double seen = 0;
            for (int k = from; k < end; k++)
            {
                covered += scale * mass[k];
                seen += pointMass[k];
            }
            candidatePending = seen < SETTLE_BELOW_POINT_SHARE * covered;
            candidateNs = ns;
            return false;
        }
        final int to = binOf(ns);
        double moved = mass[to];
        double movedSeen = pointMass[to];
        for (int k = from; k < end; k++)
        {
            moved += k == to ? 0 : mass[k];
            movedSeen += k == to ? 0 : pointMass[k];
            mass[k] = 0;
            weightedSumNs[k] = 0;
            weightedSquaresNs2[k] = 0;
            pointMass[k] = 0;
        }
        mass[to] = moved;
        pointMass[to] = movedSeen;
        weightedSumNs[to] = moved * ns;
        weightedSquaresNs2[to] = moved * (double)ns * ns;
        lowest = Math.min(lowest, to);
        highest = Math.max(highest, to);
        return true;
    }

    int binOf(final long ns)
    {
        if (ns < FIRST_EDGE_NS)
        {
            return 0;
        }
        final int octave = 63 - Long.numberOfLeadingZeros(ns / FIRST_EDGE_NS);
        if (octave >= OCTAVES)
        {
            return BINS - 1;
        }
        // the octave starts at FIRST_EDGE_NS << octave exactly and its j-th edge at 2^(j/8) times that, which is
        // at most 1 + j/8 times it, so the linear guess is the bin or the one below
        final long octaveStartNs = FIRST_EDGE_NS << octave;
        int k = 1 + BINS_PER_OCTAVE * octave + (int)((ns - octaveStartNs) * BINS_PER_OCTAVE / octaveStartNs);
        while (k < BINS - 1 && edgesNs[k + 1] <= ns)
        {
            k++;
        }
        return k;
    }

    long edgeNs(final int edge)
    {
        return edgesNs[edge];
    }

    /**
     * @return the share of recorded weight in bin {@code k}; 0 when nothing was recorded.
     */
    double probability(final int k)
    {
        return total > 0 ? scale * mass[k] / total : 0;
    }

    /**
     * @return the mean time of the episodes in bin {@code k}, or the bin's middle when it holds none.
     */
    double meanNs(final int k)
    {
        return mass[k] > 0 ? weightedSumNs[k] / mass[k] : (edgesNs[k] + edgesNs[k + 1]) / 2.0;
    }

    /**
     * @return the mean time of all the episodes held, 0 when nothing was recorded.
     */
    double overallMeanNs()
    {
        double massSum = 0;
        double timeSumNs = 0;
        for (int k = lowest; k < highest + 1; k++)
        {
            massSum += mass[k];
            timeSumNs += weightedSumNs[k];
        }
        return massSum > 0 ? timeSumNs / massSum : 0;
    }

    /**
     * @return the standard deviation of the episodes in bin {@code k} around their mean, 0 when it holds none.
     */
    double deviationNs(final int k)
    {
        if (mass[k] <= 0)
        {
            return 0;
        }
        final double mean = weightedSumNs[k] / mass[k];
        return Math.sqrt(Math.max(0, weightedSquaresNs2[k] / mass[k] - mean * mean));
    }

    long episodes()
    {
        return episodes;
    }

    /**
     * @return whether the latest episodes that ended in parks share a window between {@code fromNs} and {@code toNs}
     * (see {@link ParkWindow#shared}).
     */
    boolean parksShareAWindow(final long fromNs, final long toNs)
    {
        return window.shared(fromNs, toNs);
    }

    /**
     * The mean of the memoryless episodes that best explain what was recorded, or 0 when nothing was: the
     * episodes seen while spinning count at their lengths, and each one that ended during a park at the start of
     * that park plus where memoryless episodes with this mean end within it, on average (the fixed point of that
     * rule, the likeliest mean given the records; parks taken as all as long as their average). The bins cannot
     * give it: an episode that ended in a park is spread over the park in proportion to what the bins already
     * hold, which the parks themselves never correct, so under a coarse timer, where nearly every episode ends in
     * its first park of a whole tick, the bins say memoryless gaps of half a tick are as long as their first guess
     * made them, whatever they really are.
     */
    double memorylessMeanNs()
    {
        final double all = pointWeight + intervalWeight;
        if (!(all > 0))
        {
            return 0;
        }
        final double widthNs = intervalWeight > 0 ? intervalWidthSumNs / intervalWeight : 0;
        double meanNs = (pointSumNs + intervalFromSumNs + intervalWidthSumNs / 2) / all;
        for (int step = 0; step < MEMORYLESS_FIT_STEPS && meanNs > 0 && widthNs > 0; step++)
        {
            final double withinParkNs = meanNs - widthNs / Math.expm1(widthNs / meanNs);
            meanNs = (pointSumNs + intervalFromSumNs + intervalWeight * withinParkNs) / all;
        }
        return meanNs;
    }

    /**
     * @return whether the episodes seen while they had not yet parked ended between edges {@code from} and
     * {@code to} too seldom for memoryless ones with the mean {@code meanNs} (see
     * {@link UnparkedStarts#refuteMemoryless}).
     */
    boolean unparkedStartsRefuteMemoryless(final int from, final int to, final double meanNs)
    {
        return unparked.refuteMemoryless(from, to, meanNs);
    }

    /**
     * @return the weight recorded within an octave of bin {@code k}.
     */
    private double nearbyMass(final int k)
    {
        double nearby = 0;
        final int end = Math.min(highest, k + NEARBY_BINS) + 1;
        for (int b = Math.max(lowest, k - NEARBY_BINS); b < end; b++)
        {
            nearby += mass[b];
        }
        return scale * nearby;
    }

    /**
     * @return the weight in the bins strictly between {@code first} and {@code last}: summed directly, or, where
     * fewer occupied bins lie outside them, as the total less those (directly after all where that leaves too
     * little to trust the subtraction).
     */
    private double massBetween(final int first, final int last)
    {
        final int from = Math.max(first + 1, lowest);
        final int to = Math.min(last - 1, highest);
        if (from > to)
        {
            return 0;
        }
        if (fewerBetween(first, last))
        {
            return scale * sum(from, to);
        }
        final double between = total - scale * (sum(lowest, Math.min(first, highest)) +
            sum(Math.max(last, lowest), highest));
        return between > NEGLIGIBLE_SHARE * total ? between : scale * sum(from, to);
    }

    /**
     * @return whether fewer occupied bins lie strictly between {@code first} and {@code last} than outside them.
     */
    private boolean fewerBetween(final int first, final int last)
    {
        final int outside =
            Math.max(0, Math.min(first, highest) - lowest + 1) + Math.max(0, highest - Math.max(last, lowest) + 1);
        return Math.min(last - 1, highest) - Math.max(first + 1, lowest) < outside;
    }

    private double sum(final int from, final int to)
    {
        double sum = 0;
        final int end = to + 1;
        for (int k = from; k < end; k++)
        {
            sum += mass[k];
        }
        return sum;
    }

    /**
     * @return the share of bin {@code k}'s episodes that lie in {@code (lo, hi]}, taking them to lie evenly within
     * two deviations of their mean (a point where they all lie together); asked only of the two bins at an
     * interval's ends, since the bins between are covered whole.
     */
    private double shareWithin(final int k, final long lo, final long hi)
    {
        if (mass[k] <= 0)
        {
            return 0;
        }
        final double mean = meanNs(k);
        final double deviation = deviationNs(k);
        final double from = Math.max(edgesNs[k], mean - 2 * deviation);
        final double to = Math.min(edgesNs[k + 1], mean + 2 * deviation);
        if (to - from < 1)
        {
            return mean > lo && mean <= hi ? 1 : 0;
        }
        return Math.max(0, Math.min(hi, to) - Math.max(lo, from)) / (to - from);
    }

    /**
     * Spreads an episode known to have ended in {@code (lo, hi]} over the bins it covers: in proportion to the weight
     * {@code held} there already ({@code firstHeld} and {@code lastHeld} of it in the two end bins, which the interval
     * may cover in part), or, where there is none, evenly: in time for a later episode under a coarse timer, else per
     * octave. Even per octave puts the unknown arrival early as often as late: a plan that then spins a little longer
     * sees the truth, where one told that work comes late would park on; and under a fine timer, where plans park
     * until a moment, weight spread in time lands before the work, where plans would park across it in trains. Under
     * a coarse timer a plan cannot correct a park's early octaves: every park spans the tick from the episode's start,
     * and each is spread in proportion to what its bins hold, which only weight spread the same way fades. A park of a
     * tick that holds none of the weight (it surprised the histogram, or the first items came late and everything since
     * was spread where they were) would put most of its weight below a millisecond, and plans made from it would spin
     * at the start of every episode for hundreds of them. A bin covered whole takes its share as the episodes it holds
     * lie, so its weight, their sum and their squares all grow by one factor and its mean and deviation stay; where
     * fewer occupied bins lie outside the covered ones (a park of a coarse timer's tick covers a hundred bins and
     * nearly all the history), the common scale grows by the factor instead and those few bins shrink by it.
     */
    private void spread(
        final long lo,
        final long hi,
        final int first,
        final int last,
        final double held,
        final double firstHeld,
        final double lastHeld,
        final boolean evenlyInTime)
    {
        if (held > 0)
        {
            final double growth = 1 + weight / held;
            if (fewerBetween(first, last))
            {
                grow(Math.max(first + 1, lowest), Math.min(last - 1, highest), growth);
            }
            else
            {
                scale *= growth;
                grow(lowest, Math.min(first, highest), 1 / growth);
                grow(Math.max(last, lowest), highest, 1 / growth);
                if (scale > RESCALE_ABOVE)
                {
                    foldScale();
                }
            }
            total += (held - firstHeld - lastHeld) * (growth - 1);
            addShareOfEdgeBin(first, weight * firstHeld / held, lo, hi);
            addShareOfEdgeBin(last, weight * lastHeld / held, lo, hi);
            return;
        }
        double bins = 0;
        final int end = last + 1;
        for (int k = first; k < end; k++)
        {
            bins += evenShare(k, lo, hi, evenlyInTime);
        }
        for (int k = first; k < end; k++)
        {
            final double from = Math.max(lo, edgesNs[k]);
            final double to = Math.min(hi, edgesNs[k + 1]);
            if (to > from && bins > 0)
            {
                add(k, weight * evenShare(k, lo, hi, evenlyInTime) / bins, (from + to) / 2);
            }
        }
    }

    /**
     * Adds {@code share} to bin {@code k}, which {@code (lo, hi]} may cover only in part, at its episodes' mean or
     * the nearer end of the interval.
     */
    private void addShareOfEdgeBin(final int k, final double share, final long lo, final long hi)
    {
        if (share > 0)
        {
            add(k, share, Math.max(Math.max(lo, edgesNs[k]), Math.min(Math.min(hi, edgesNs[k + 1]), meanNs(k))));
        }
    }

    private void grow(final int from, final int to, final double growth)
    {
        final int end = to + 1;
        for (int k = from; k < end; k++)
        {
            mass[k] *= growth;
            weightedSumNs[k] *= growth;
            weightedSquaresNs2[k] *= growth;
        }
    }

    /**
     * @return bin {@code k}'s part of {@code (lo, hi]} when it is spread evenly: the time they share, or, per
     * octave, the share of the bin that the interval covers.
     */
    private double evenShare(final int k, final long lo, final long hi, final boolean inTime)
    {
        final long width = edgesNs[k + 1] - edgesNs[k];
        return inTime ? overlapNs(k, lo, hi) : width > 0 ? overlapNs(k, lo, hi) / width : 0;
    }

    private double overlapNs(final int k, final long lo, final long hi)
    {
        return Math.max(0, Math.min(hi, edgesNs[k + 1]) - Math.max(lo, edgesNs[k]));
    }

    private void add(final int k, final double w, final double atNs)
    {
        final double stored = w / scale;
        mass[k] += stored;
        weightedSumNs[k] += stored * atNs;
        weightedSquaresNs2[k] += stored * atNs * atNs;
        total += w;
        lowest = Math.min(lowest, k);
        highest = Math.max(highest, k);
    }

    /**
     * Empties the occupied range's end bins while they hold a negligible share of the weight.
     */
    private void dropNegligibleEnds()
    {
        while (lowest < highest && scale * mass[lowest] < NEGLIGIBLE_SHARE * total)
        {
            empty(lowest++);
        }
        while (highest > lowest && scale * mass[highest] < NEGLIGIBLE_SHARE * total)
        {
            empty(highest--);
        }
    }

    private void empty(final int k)
    {
        total -= scale * mass[k];
        mass[k] = 0;
        weightedSumNs[k] = 0;
        weightedSquaresNs2[k] = 0;
        pointMass[k] = 0;
    }

    private void rescale()
    {
        final double factor = 1 / weight;
        scale *= factor;
        total *= factor;
        pointWeight *= factor;
        pointSumNs *= factor;
        intervalWeight *= factor;
        intervalFromSumNs *= factor;
        intervalWidthSumNs *= factor;
        final int end = highest + 1;
        for (int k = lowest; k < end; k++)
        {
            pointMass[k] *= factor;
        }
        unparked.rescale();
        weight = 1.0;
        dropNegligibleEnds();
        if (scale < 1 / RESCALE_ABOVE)
        {
            foldScale();
        }
    }

    /**
     * Multiplies the scale into the bins, before it overflows or underflows.
     */
    private void foldScale()
    {
        grow(lowest, highest, scale);
        scale = 1.0;
    }

    private static double log2(final double value)
    {
        return Math.log(value) / Math.log(2);
    }
}
