package io.github.idlekit;

/**
 * Chooses, for the idle episodes a thread has seen, when to spin and when to park so that the expected cost
 * E[CPU] + λ·E[latency] is least, by backward induction over the bin edges of an {@link IdleGapHistogram}.
 *
 * <p>At each edge, given that work has not come yet, the choices are: spin (or yield) to the next edge, paying
 * the time spun and noticing work at once; park until a later edge, paying one park's CPU and making work that
 * comes meanwhile wait for the park's end; park until just before the episodes of a later bin usually end (its
 * mean, less the park's spread and the bin's own spread) and spin through the rest of that bin, which is how
 * regular gaps are met; or park again and again across several bins with the period that balances the CPU of
 * frequent wake-ups against the latency of long parks (the square-root rule: a period p costs about w/p of CPU
 * per unit of idle time and λ·p/2 of latency per event, least at p = √(2·w·idle/λ)). Only parks the timer can
 * deliver are allowed: at least the floor, less an eighth since bin edges rarely fall on the floor itself, and at
 * most the maximum park, which a user sets to bound how long work can wait, or, where the floor and its spread are
 * longer, those and an eighth. A park aimed short of the floor is costed as ending a floor after it began, as it
 * does (see {@link #parkEndNs(long, double)}).
 *
 * <p>What falls out: regular gaps park until just before the gap and spin the rest; memoryless gaps spin for a
 * threshold and then park; a coarse timer with gaps shorter than a tick parks at once or spins through, whichever
 * costs less; rare work parks with the square-root period. Episodes that look memoryless are planned for partly as
 * exactly memoryless ones with the learned mean (see {@link MemorylessFit}). Past the learned
 * distribution's 98th percentile the arrival rate is taken to be at least that of a memoryless workload with the
 * same mean (see {@link #HAZARD_FLOOR}). A small prior, spread evenly over time up to the
 * histogram's horizon and as much again beyond it, keeps empty bins from looking free to spin through, so the plan
 * never spins for ever where work has stopped coming; being even in time, it adds almost nothing to the short
 * bins, where a prior would otherwise buy spinning that nothing observed asks for.
 *
 * <p>Bounded work (bins times a few dozen look-ahead steps), no allocation: the arrays are preallocated. A plan is
 * made in steps of one octave's bins or one bin's choice, and {@link #advance(ThreadWaits, long)} returns between
 * two steps once a deadline passes: a planner the JIT has not compiled yet takes many times longer than it later
 * does, and the worker, which plans instead of parking, must get back to its work within a slice. Each pass over
 * the bins is a method of its own, called once a plan or once a bin, for the same compiler: a method called a few
 * times a second that loops over every bin is compiled on stack replacement once for each of its loops and then
 * again whole, each compilation taking, on a machine with few CPUs, one that a worker busy-waits on; a method with
 * one short loop is compiled once.
 */
final class CostPlanner
{
    static final double PRIOR_SHARE = 0.002;

    /**
     * Past the learned distribution's 98th percentile ({@value #TAIL_SHARE} of episodes still idle), work is taken
     * to keep arriving, among the episodes still idle, at no less than this share of the rate of a memoryless
     * workload with the learned mean.
     * A few dozen episodes say little about the tail: without a floor on the arrival rate there, the plan would
     * treat it as empty and park for the maximum, and the few events that do come late would wait that long.
     */
    static final double HAZARD_FLOOR = 1.0;
    static final double TAIL_SHARE = 0.02;

    /**
     * In the tail, the few episodes seen say the arrival rate is at most this many times the memoryless one: the
     * last episode seen would otherwise make the rate after it look certain, and the plan would stop there.
     */
    static final double TAIL_HAZARD_CAP = 2.0;
    static final int SMOOTHING_BINS = IdleGapHistogram.BINS_PER_OCTAVE;

    /**
     * A plan made at least this much for memoryless episodes keeps its park trains' period from an episode's first
     * park (see {@link IdleSchedule#steadyTrains}): the work that comes early is then weighed on a shape known well,
     * and backing off from a floor at every episode's start would cost several wake-ups the plan does not count.
     * Other plans back off, as a safety net: where the episodes are bursty or coupled to the worker's own parks (a
     * pipeline's neighbouring stages), a plan's long first parks are what lets the workers fall asleep together.
     */
    static final double STEADY_TRAINS_SHARE = 0.25;
    static final int HALF_OCTAVE = IdleGapHistogram.BINS_PER_OCTAVE / 2;
    static final int MAX_TRAIN_BINS = 8 * IdleGapHistogram.BINS_PER_OCTAVE;

    /**
     * Only bins holding at least this share of the episodes are parked into: where arrivals are that
     * concentrated, parking until just before them pays; elsewhere a park to a bin edge does as well.
     */
    static final double HEAVY_BIN_SHARE = 0.005;

    /**
     * How far a choice looks ahead, in bins: every bin nearby, then ever sparser, so that planning stays a few
     * thousand steps; each bin is an eighth of an octave, so the sparser steps still end within a few percent
     * of where a finer search would.
     */
    private static final int[] STEPS = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 20, 24, 32, 48, 64, 96, 128, 192 };
    private static final int[] TRAIN_STEPS = { 0, 1, 2, 4, 8, 16, 32, 64 };

    /**
     * Past the last bin where, besides the prior, at least this share of episodes is still idle, the plan is
     * costed as parking with the longest period, without weighing every choice, and written to end there: past it
     * the strategy parks as past any plan's end (see {@link IdleSchedule}).
     */
    static final double NEGLIGIBLE_SHARE = 1e-6;

    private static final int SMOOTHING = 0;
    private static final int LOADING = 1;
    private static final int NORMALISING = 2;
    private static final int CHOOSING = 3;
    private static final int DONE = 4;

    private static final int SPIN = 0;
    private static final int PARK_TO_EDGE = 1;
    private static final int PARK_INTO_BIN = 2;
    private static final int PARK_EVERY = 3;
    private static final int BINS = IdleGapHistogram.BINS;

    private final double[] probability = new double[BINS];
    private final double[] learned = new double[BINS];
    private final double[] learnedMeanNs = new double[BINS];
    private final double[] meanNs = new double[BINS];
    private final long[] parkEndNs = new long[BINS];
    private final double[] survival = new double[BINS + 1];
    private final double[] massBefore = new double[BINS + 1];
    private final double[] timeMassBefore = new double[BINS + 1];
    private final double[] cost = new double[BINS + 1];
    private final int[] choice = new int[BINS];
    private final int[] target = new int[BINS];
    private final long[] periodNs = new long[BINS];
    private final int[] heavy = new int[BINS];
    private final MemorylessFit memorylessFit = new MemorylessFit();
    private int heavyCount;

    // The plan being made: its inputs, fixed when it begins, and how far it has got. In each stage, next is the
    // bin (or edge) it goes on from, and -1 before the stage's own setup step.
    private IdleGapHistogram gaps;
    private boolean forWakes;
    private double latencyWeight;
    private long parkCpuNs;
    private long wokenParkCostNs;
    private long spunNs;
    private long floorNs;
    private long shortestParkNs;
    private long spreadNs;
    private long longestParkNs;
    private long longestAimNs;
    private int stage = DONE;
    private int next;
    private double smoothedShare;
    private double learnedTotal;
    private double learnedBefore;
    private double total;
    private double learnedShare;
    private double priorShare;
    private double tailHazardPerNs;
    private int lastBin;
    private int firstTrainEnd;
    private int firstHeavy;
    // the least cost found so far, its choice and the edge it goes to: at the edge being weighed, or, for wakes,
    // over every edge a spin could end at
    private double least;
    private int bestChoice;
    private int bestTarget;

    /**
     * Starts a least-cost plan, to be made by {@link #advance} and written by {@link #write}.
     *
     * @param gaps             the episodes seen.
     * @param timer            what this thread's parks last.
     * @param latencyWeight    λ: CPU nanoseconds one nanosecond of latency is worth.
     * @param parkCpuNs        w: the CPU one park costs.
     * @param maxParkNs        the longest park allowed.
     * @param spinBeforeParkNs how long the plan in force busy-waits before its first park.
     */
    void begin(
        final IdleGapHistogram gaps,
        final ParkTimerModel timer,
        final double latencyWeight,
        final long parkCpuNs,
        final long maxParkNs,
        final long spinBeforeParkNs)
    {
        this.gaps = gaps;
        this.forWakes = false;
        this.latencyWeight = latencyWeight;
        this.parkCpuNs = parkCpuNs;
        spunNs = Math.max(CalibratedIdleStrategy.MIN_SPIN_NS, spinBeforeParkNs);
        floorNs = timer.floorNs();
        shortestParkNs = floorNs - floorNs / 8;
        spreadNs = timer.spreadNs();
        longestParkNs = Math.max(maxParkNs, floorNs + spreadNs);
        longestAimNs = maxParkNs >= floorNs + spreadNs ? maxParkNs : longestParkNs + longestParkNs / 8;
        stage = SMOOTHING;
        next = -1;
    }

    /**
     * Starts a plan for a worker whose parks end when work comes (a producer wakes it): a park then costs the same
     * however long it lasts, so the plan spins to the edge {@code s} where E[min(T, s)] plus the chance of still
     * being idle at {@code s} times that cost is least, and then parks for the maximum.
     *
     * @param gaps            the episodes seen.
     * @param wokenParkCostNs a park's CPU plus λ times the wake-up latency.
     * @param maxParkNs       the longest park allowed.
     */
    void beginForWakes(final IdleGapHistogram gaps, final long wokenParkCostNs, final long maxParkNs)
    {
        this.gaps = gaps;
        this.forWakes = true;
        this.wokenParkCostNs = wokenParkCostNs;
        spunNs = CalibratedIdleStrategy.MIN_SPIN_NS;
        floorNs = 0;
        spreadNs = 0;
        longestParkNs = maxParkNs;
        stage = SMOOTHING;
        next = -1;
    }

    /**
     * Goes on with the plan begun last, a step at a time, until it is made or {@code clock} passes
     * {@code untilNs}.
     *
     * @return true once the plan is made.
     */
    boolean advance(final ThreadWaits clock, final long untilNs)
    {
        while (stage != DONE)
        {
            step();
            if (clock.nanoTime() - untilNs >= 0)
            {
                break;
            }
        }
        return stage == DONE;
    }

    /**
     * @return whether the plan begun last is one for a worker whose parks end when work comes.
     */
    boolean forWakes()
    {
        return forWakes;
    }

    /**
     * Rewrites {@code schedule} with the plan {@link #advance} has made.
     */
    void write(final IdleSchedule schedule)
    {
        if (forWakes)
        {
            schedule.clear(longestParkNs);
            if (bestTarget > 0)
            {
                schedule.add(IdleSchedule.SPIN, gaps.edgeNs(bestTarget), 0);
            }
        }
        else
        {
            writeSchedule(schedule);
        }
    }

    private void step()
    {
        switch (stage)
        {
            case SMOOTHING:
                smoothOctave();
                break;
            case LOADING:
                loadOctave();
                break;
            case NORMALISING:
                normalise();
                break;
            default:
                if (forWakes)
                {
                    chooseSpinBeforeWokenPark();
                }
                else
                {
                    chooseAt(next--);
                    if (next < 0)
                    {
                        stage = DONE;
                    }
                }
        }
    }

    /**
     * Fills {@link #learned} with the histogram, partly smoothed over an octave either side, an octave of bins per
     * step: a few dozen episodes of a spread-out workload leave many bins empty by chance, and a plan that believed
     * them would park right across them. How much is smoothed follows how concentrated the episodes are (one minus
     * the square root of the sum of squared shares of half-octave groups): regular gaps, all in one place, keep
     * their sharp edge, which the plan needs to park until just before them; memoryless gaps are smoothed almost
     * entirely, and mixed with the memoryless shape as close as they are to it.
     */
    private void smoothOctave()
    {
        if (next < 0)
        {
            startSmoothing();
            next = 0;
            return;
        }
        final int end = Math.min(BINS, next + IdleGapHistogram.BINS_PER_OCTAVE);
        for (int k = next; k < end; k++)
        {
            smoothBin(k);
        }
        next = end;
        if (next == BINS)
        {
            stage = LOADING;
            next = -1;
        }
    }

    private void startSmoothing()
    {
        double concentration = 0;
        for (int g = 0; g < BINS; g += HALF_OCTAVE)
        {
            double group = 0;
            for (int k = g; k < Math.min(BINS, g + HALF_OCTAVE); k++)
            {
                group += gaps.probability(k);
            }
            concentration += group * group;
        }
        smoothedShare = 1 - Math.sqrt(concentration);
        memorylessFit.fit(gaps, spunNs, floorNs);
    }

    private void smoothBin(final int k)
    {
        double spread = 0;
        double weights = 0;
        final int nearbyEnd = Math.min(BINS, k + SMOOTHING_BINS + 1);
        for (int b = Math.max(1, k - SMOOTHING_BINS); b < nearbyEnd; b++)
        {
            final double weight = SMOOTHING_BINS + 1 - Math.abs(b - k);
            spread += weight * gaps.probability(b);
            weights += weight;
        }
        final double observed = (1 - memorylessFit.share()) *
            ((1 - smoothedShare) * gaps.probability(k) + smoothedShare * spread / weights);
        final double memoryless = memorylessFit.share() * memorylessFit.mass(k, k + 1);
        learned[k] = observed + memoryless;
        learnedMeanNs[k] = learned[k] > 0 ?
            (observed * gaps.meanNs(k) + memoryless * memorylessFit.meanNs(k)) / learned[k] : gaps.meanNs(k);
    }

    /**
     * Turns the smoothed histogram into the distribution the plan is made for, an octave of bins per step: the
     * learned episodes, the prior, and past the 98th percentile at least the memoryless arrival rate.
     */
    private void loadOctave()
    {
        if (next < 0)
        {
            double sum = 0;
            double sumNs = 0;
            for (int k = 0; k < BINS; k++)
            {
                sum += learned[k];
                sumNs += learned[k] * learnedMeanNs[k];
            }
            learnedTotal = sum;
            learnedShare = sum > 0 ? 1 - PRIOR_SHARE : 0;
            priorShare = sum > 0 ? PRIOR_SHARE : 1.0;
            tailHazardPerNs = sum > 0 ? HAZARD_FLOOR / Math.max(1, sumNs / sum) : 0;
            learnedBefore = 0;
            total = 0;
            next = 0;
            return;
        }
        final double horizonNs = gaps.edgeNs(BINS);
        final int end = Math.min(BINS, next + IdleGapHistogram.BINS_PER_OCTAVE);
        for (int k = next; k < end; k++)
        {
            final double widthNs = gaps.edgeNs(k + 1) - gaps.edgeNs(k);
            final double fromPrior = priorShare * widthNs / (2 * horizonNs);
            final double learnedStillIdle = learnedTotal - learnedBefore;
            double fromLearned = learnedShare * learned[k];
            if (learnedTotal > 0 && learnedStillIdle < TAIL_SHARE * learnedTotal)
            {
                final double learnedHazard = learnedStillIdle > 0 ? learned[k] / learnedStillIdle : 1;
                final double floorHazard = -Math.expm1(-tailHazardPerNs * widthNs);
                final double hazard = Math.max(floorHazard, Math.min(learnedHazard, TAIL_HAZARD_CAP * floorHazard));
                fromLearned = Math.max(0, 1 - total - fromPrior) * Math.min(1, hazard);
            }
            learnedBefore += learned[k];
            probability[k] = fromLearned + fromPrior;
            total += probability[k];
            final double middleNs = (gaps.edgeNs(k) + gaps.edgeNs(k + 1)) / 2.0;
            meanNs[k] = probability[k] > 0 ?
                (fromLearned * learnedMeanNs[k] + fromPrior * middleNs) / probability[k] : middleNs;
            parkEndNs[k] = (long)(gaps.meanNs(k) - spreadNs - 2 * gaps.deviationNs(k));
        }
        next = end;
        if (next == BINS)
        {
            stage = NORMALISING;
        }
    }

    /**
     * Scales the distribution to one and sums it up, then sets out what the choices need: the cost of still being
     * idle past the last bin, the heavy bins, and the negligible tail, where the plan just parks with the longest
     * period. Each pass over the bins is a method of its own (see the class comment).
     */
    private void normalise()
    {
        final double beyond = Math.max(priorShare / 2, 1 - total);
        scaleToOne(beyond, 1 / (total + beyond));
        sumFromStart();
        stage = CHOOSING;
        if (forWakes)
        {
            bestTarget = 0;
            least = wokenParkCostNs;
            next = 1;
            return;
        }
        cost[BINS] = survival[BINS] * (parkCpuNs + latencyWeight * longestParkNs / 2.0);
        findHeavyBins();
        lastBin = firstNegligibleBin();
        parkThroughNegligibleTail();
        firstTrainEnd = lastBin;
        firstHeavy = heavyCount;
        next = lastBin - 1;
    }

    private void scaleToOne(final double beyond, final double scale)
    {
        survival[BINS] = beyond * scale;
        for (int k = BINS - 1; k >= 0; k--)
        {
            probability[k] *= scale;
            survival[k] = survival[k + 1] + probability[k];
        }
    }

    private void sumFromStart()
    {
        massBefore[0] = 0;
        timeMassBefore[0] = 0;
        for (int k = 0; k < BINS; k++)
        {
            massBefore[k + 1] = massBefore[k] + probability[k];
            timeMassBefore[k + 1] = timeMassBefore[k] + probability[k] * meanNs[k];
        }
    }

    private void findHeavyBins()
    {
        heavyCount = 0;
        for (int k = 0; k < BINS; k++)
        {
            if (probability[k] >= HEAVY_BIN_SHARE)
            {
                heavy[heavyCount++] = k;
            }
        }
    }

    /**
     * @return the edge past which, besides the prior, a negligible share of episodes is still idle.
     */
    private int firstNegligibleBin()
    {
        int bin = BINS;
        while (bin > 1 && survival[bin - 1] - PRIOR_SHARE < NEGLIGIBLE_SHARE)
        {
            bin--;
        }
        return bin;
    }

    private void parkThroughNegligibleTail()
    {
        for (int i = BINS - 1; i >= lastBin; i--)
        {
            cost[i] = cost[BINS] * survival[i] / Math.max(survival[BINS], Double.MIN_NORMAL);
            choice[i] = PARK_EVERY;
            target[i] = BINS;
            periodNs[i] = longestParkNs;
        }
    }

    /**
     * Weighs, for an octave of edges, spinning to the edge and then parking until work comes.
     */
    private void chooseSpinBeforeWokenPark()
    {
        final int end = Math.min(BINS + 1, next + IdleGapHistogram.BINS_PER_OCTAVE);
        for (int j = next; j < end; j++)
        {
            final double spinThenPark = spent(0, j) + survival[j] * wokenParkCostNs;
            if (spinThenPark < least)
            {
                least = spinThenPark;
                bestTarget = j;
            }
        }
        next = end;
        if (next > BINS)
        {
            stage = DONE;
        }
    }

    /**
     * Chooses what to do at edge {@code i}, given the choices already made at every later edge.
     */
    private void chooseAt(final int i)
    {
        while (firstHeavy > 0 && heavy[firstHeavy - 1] >= i)
        {
            firstHeavy--;
        }
        while (firstTrainEnd - 1 > i && gaps.edgeNs(firstTrainEnd - 1) - gaps.edgeNs(i) >= floorNs)
        {
            firstTrainEnd--;
        }
        least = spent(i, i + 1) + cost[i + 1];
        bestChoice = SPIN;
        bestTarget = i + 1;
        weighTrains(i);
        weighParksToEdges(i);
        weighParksIntoHeavyBins(i);
        cost[i] = least;
        choice[i] = bestChoice;
        target[i] = bestTarget;
    }

    /**
     * Weighs parking again and again from edge {@code i} with the square-root period, to one of a few edges past
     * the first park.
     */
    private void weighTrains(final int i)
    {
        final long fromNs = gaps.edgeNs(i);
        for (final int step : TRAIN_STEPS)
        {
            final int j = firstTrainEnd + step;
            if (step > MAX_TRAIN_BINS || j > BINS)
            {
                break;
            }
            final double spanNs = gaps.edgeNs(j) - fromNs;
            final double mass = massBefore[j] - massBefore[i];
            final double idle = spent(i, j);
            final double squareRootNs =
                mass > 0 ? Math.sqrt(2 * parkCpuNs * idle / (latencyWeight * mass)) : spanNs;
            final long period = (long)Math.max(floorNs, Math.min(longestParkNs, squareRootNs));
            if (period > spanNs)
            {
                continue;
            }
            final double trainCost = parkCpuNs * (idle / period + mass) + latencyWeight * mass * period / 2 +
                cost[j];
            if (trainCost < least)
            {
                least = trainCost;
                bestChoice = PARK_EVERY;
                bestTarget = j;
                periodNs[i] = period;
            }
        }
    }

    /**
     * Weighs one park from edge {@code i} to a later edge, nearby ones each and further ones ever more sparsely.
     */
    private void weighParksToEdges(final int i)
    {
        final long fromNs = gaps.edgeNs(i);
        for (final int step : STEPS)
        {
            final int j = i + 1 + step;
            if (j > BINS)
            {
                break;
            }
            final double toEdgeNs = gaps.edgeNs(j) - spreadNs - fromNs;
            if (toEdgeNs > longestAimNs)
            {
                break;
            }
            if (toEdgeNs >= shortestParkNs)
            {
                final long floorEndNs = fromNs + floorNs;
                final double parkCost = parkCpuNs * survival[i] + (gaps.edgeNs(j) >= floorEndNs || j == BINS ?
                    latencyWeight * waiting(gaps.edgeNs(j), i, j) + spreadNs * survival[j] + cost[j] +
                    earlyEndCost(j) : afterParkEndingAt(floorEndNs, i, j));
                if (parkCost < least)
                {
                    least = parkCost;
                    bestChoice = PARK_TO_EDGE;
                    bestTarget = j;
                }
            }
        }
    }

    /**
     * @return what a park aimed to end by edge {@code j} adds where regular work comes within the park's spread before
     * that edge and the plan parks again from there: the timer ends such a park early about as often as late, and the
     * work then waits for the next park, about a floor. Those episodes are learnt only as ending somewhere in that
     * next park, so a plan that took the risk would never see the work it keeps missing: at regular gaps of twice a
     * floor it made the work wait most of a floor in most episodes. Only where the work is bunched before the edge:
     * where as much comes after it (gaps spread around their mean), a park that ends early ends the next one early
     * too, which the work after the edge gains.
     */
    private double earlyEndCost(final int j)
    {
        final int k = j - 1;
        return j < BINS && choice[j] != SPIN && probability[k] >= HEAVY_BIN_SHARE &&
            probability[j] < probability[k] / 2 && gaps.deviationNs(k) <= spreadNs &&
            meanNs[k] >= gaps.edgeNs(j) - 2 * spreadNs ?
            latencyWeight * probability[k] * floorNs / 2 : 0;
    }

    /**
     * Weighs one park from edge {@code i} until just before the episodes of a later heavy bin usually end, and a
     * spin through the rest of that bin.
     */
    private void weighParksIntoHeavyBins(final int i)
    {
        final long fromNs = gaps.edgeNs(i);
        for (int h = firstHeavy; h < heavyCount; h++)
        {
            final int j = heavy[h];
            final double intoBinNs = parkEndNs[j] - fromNs;
            if (intoBinNs < shortestParkNs || parkEndNs[j] <= gaps.edgeNs(j))
            {
                continue;
            }
            if (intoBinNs > longestAimNs)
            {
                break;
            }
            final double endNs = parkEndNs(fromNs, parkEndNs[j]);
            if (endNs >= gaps.edgeNs(j + 1))
            {
                continue;
            }
            final double spinNs = probability[j] * Math.max(0, meanNs[j] - endNs) +
                (gaps.edgeNs(j + 1) - endNs) * survival[j + 1];
            final double parkCost = parkCpuNs * survival[i] + latencyWeight * waiting(endNs, i, j) +
                spinNs + cost[j + 1];
            if (parkCost < least)
            {
                least = parkCost;
                bestChoice = PARK_INTO_BIN;
                bestTarget = j;
            }
        }
    }

    /**
     * @return when a park that begins at {@code fromNs} and aims at {@code aimNs} ends: at its aim, or a floor after
     * it began where the aim is nearer, within the eighth's tolerance that lets a park aim at the last bin edge short
     * of the floor. Costed as ending at its aim, such a park looked up to an eighth of a floor sooner than it is: under
     * a coarse timer, two milliseconds of every gap's latency, enough that parking through regular gaps of half a
     * tick looked cheaper than spinning through them, and plans swung between the two.
     */
    private double parkEndNs(final long fromNs, final double aimNs)
    {
        return Math.max(aimNs, fromNs + floorNs);
    }

    /**
     * @return the cost, but for the park's CPU, of a park from edge {@code i} aimed at edge {@code j} that ends later,
     * at {@code endNs} (see {@link #parkEndNs}), inside a later bin: the work that came meanwhile waits until then,
     * and the strategy, awake there, spins through the rest of that bin and goes on as planned from its end. That
     * bin's episodes are taken to end at their mean, before the park's end or after it, as they do where the bin is
     * what regular gaps fill.
     */
    private double afterParkEndingAt(final long endNs, final int i, final int j)
    {
        int k = j;
        while (k < BINS - 1 && gaps.edgeNs(k + 1) <= endNs)
        {
            k++;
        }
        final long nextEdgeNs = gaps.edgeNs(k + 1);
        return latencyWeight * (waiting(endNs, i, k) + probability[k] * Math.max(0, endNs - meanNs[k])) +
            Math.min(probability[k] * Math.max(0, meanNs[k] - endNs) + (nextEdgeNs - endNs) * survival[k + 1] +
            cost[k + 1], cost[k]);
    }

    /**
     * @return the expected time spent idle between edges {@code i} and {@code j}, weighted by the chance of
     * still being idle: what spinning through them costs.
     */
    private double spent(final int i, final int j)
    {
        final double fromNs = gaps.edgeNs(i);
        return timeMassBefore[j] - timeMassBefore[i] - fromNs * (massBefore[j] - massBefore[i]) +
            (gaps.edgeNs(j) - fromNs) * survival[j];
    }

    /**
     * @return the expected latency of work arriving in bins {@code i} to {@code j - 1} and noticed at {@code atNs}.
     */
    private double waiting(final double atNs, final int i, final int j)
    {
        return atNs * (massBefore[j] - massBefore[i]) - (timeMassBefore[j] - timeMassBefore[i]);
    }

    private void writeSchedule(final IdleSchedule schedule)
    {
        schedule.clear(longestParkNs);
        schedule.steadyTrains = memorylessFit.share() >= STEADY_TRAINS_SHARE;
        int i = 0;
        boolean room = true;
        boolean parked = false;
        while (i < lastBin && room)
        {
            final int j = target[i];
            if (!parked && choice[i] != SPIN)
            {
                parked = true;
                schedule.firstParkEndShare = (choice[i] == PARK_EVERY ?
                    massBefore[Math.min(j, gaps.binOf(gaps.edgeNs(i) + periodNs[i]) + 1)] : massBefore[j]) -
                    massBefore[i];
            }
            switch (choice[i])
            {
                case SPIN:
                    room = schedule.add(IdleSchedule.SPIN, gaps.edgeNs(j), 0);
                    i = j;
                    break;
                case PARK_EVERY:
                    room = schedule.add(IdleSchedule.PARK_EVERY, gaps.edgeNs(j), periodNs[i]);
                    i = j;
                    break;
                case PARK_TO_EDGE:
                    room = schedule.add(IdleSchedule.PARK_UNTIL, gaps.edgeNs(j) - spreadNs, 0);
                    i = j;
                    break;
                default:
                    room = schedule.add(IdleSchedule.PARK_UNTIL, parkEndNs[j], 0) &&
                        schedule.add(IdleSchedule.SPIN, gaps.edgeNs(j + 1), 0);
                    i = j + 1;
            }
        }
        if (!room)
        {
            schedule.tailPeriodNs = Math.min(longestParkNs, periodNs[Math.min(i, BINS - 1)] > 0 ?
                periodNs[Math.min(i, BINS - 1)] : gaps.edgeNs(Math.min(i, BINS)) / 2);
        }
    }
}
