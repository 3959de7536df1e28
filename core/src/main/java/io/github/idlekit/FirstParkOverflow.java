package io.github.idlekit;

/**
 * Tells a change of workload from the episodes that end during a plan's first park. Episodes are weighed in blocks
 * of {@value #BLOCK}, and a block in which at least {@value #MIN_ENDS} end during their first park,
 * {@value #EXCESS} times as many as the plan in force expects or more ({@value #TRAIN_EXCESS} times where that park
 * starts a steady train), is a change of workload (two such blocks in a row where that park lasts until a moment,
 * see {@link #UNTIL_BLOCKS_FOR_CHANGE}), as consecutive surprises of the gap histogram are. A plan that parks until
 * just before the gaps it learnt expects few episodes to end in that park. When work comes far earlier, nearly all
 * do; where the park ends a little late (a busier host, a timer slack that grew), inside the learnt gaps' spread,
 * each is taken for one of those gaps and surprises nothing. Likewise where memoryless gaps of milliseconds give way
 * to gaps of microseconds: each ends in the first park of the train planned for the old ones, where those put a fair
 * share of their weight too. Nothing else would tell, and plans, rare while nothing changes, would come only seconds
 * later. Blocks rather than all episodes since the plan, so that a change late in a plan's life is judged on
 * episodes after it. Episodes whose work was already there count, as ending before the park, where the plan's
 * histogram has them too: left out, they would leave the blocks of a bursty workload to the few episodes that do
 * wait.
 */
final class FirstParkOverflow
{
    /**
     * Episodes per block.
     */
    static final int BLOCK = 16;

    /**
     * Episodes of a block that must end during their first park for the block to mean a change: nearly all, so
     * that where parks end a little past the work they were aimed before in half the episodes (on a busy host),
     * about one block in four thousand looks like a change. Not all: one park in
     * {@value CalibratedIdleStrategy#FLOOR_PROBE_EVERY} is a floor probe, which ends early.
     */
    static final int MIN_ENDS = BLOCK - 1;

    /**
     * How many times as many episodes as the plan expects must end during a first park that lasts until a moment
     * for a block to mean a change: a plan that expects a quarter or more of them there has weighed work that comes
     * early.
     */
    static final int EXCESS = 4;

    /**
     * How many times as many episodes as the plan expects must end in the first park of a steady train (see
     * {@link IdleSchedule#steadyTrains}) for a block to mean a change: such a park is not aimed before the work, and
     * lasts its period whenever it starts, so it holds about the share of episodes the plan expects.
     */
    static final int TRAIN_EXCESS = 2;

    /**
     * Consecutive blocks that must overflow for a change of workload where the plan's first park lasts until a
     * moment. Such a park is aimed just before the regular work it learnt, by the spread of the shortest parks, and
     * a long park strays from its aim by more: many episodes then end in it where the plan counts on few, blocks of
     * nearly all of them come by chance, and each would send the strategy back to its ladder for a plan that comes
     * out the same. Two in a row are far rarer by chance; a real change waits one block more. Where the first park
     * starts a steady train one block is enough: that park is not aimed at work.
     */
    static final int UNTIL_BLOCKS_FOR_CHANGE = 2;

    /**
     * Blocks are weighed where the plan's first park starts a steady train whose period is at least this many
     * floors: the work that waits through a shorter one waits little longer than during the preset ladder's
     * floor-long parks.
     */
    static final long TRAIN_FLOORS = 2;

    /**
     * Blocks are weighed where the plan's first park lasts until a moment at least this many floors away: work that
     * comes during a shorter one waits little longer than it would during the preset ladder's first parks, each of
     * which lasts a floor, and there parks often end a little past the work they were aimed before.
     */
    static final long UNTIL_FLOORS = 4;

    private boolean watching;
    private int excess;
    private double firstParkEndShare;
    private int blocksForChange;
    private int overflowedBlocks;
    private int blockEpisodes;
    private int blockFirstParkEnds;

    /**
     * Weighs the episodes of a new plan from the next one on, where its first park is long enough to tell.
     *
     * @param schedule the plan, just written.
     * @param floorNs  the shortest park.
     */
    void watch(final IdleSchedule schedule, final long floorNs)
    {
        final boolean steadyTrain = schedule.steadyTrains && schedule.firstTrainPeriodNs() >= TRAIN_FLOORS * floorNs;
        watching = steadyTrain || schedule.firstParkUntilNs() >= UNTIL_FLOORS * floorNs;
        excess = steadyTrain ? TRAIN_EXCESS : EXCESS;
        firstParkEndShare = schedule.firstParkEndShare;
        blocksForChange = steadyTrain ? 1 : UNTIL_BLOCKS_FOR_CHANGE;
        overflowedBlocks = 0;
        blockEpisodes = 0;
        blockFirstParkEnds = 0;
    }

    /**
     * Weighs no episodes until the next {@link #watch}: the strategy follows a ladder, or a plan for wakes.
     */
    void stop()
    {
        watching = false;
    }

    /**
     * Counts an episode towards the block being weighed, and weighs the block once complete.
     *
     * @param endedInFirstPark whether the episode ended during its first park.
     * @return whether the block just completed, its episodes ended during their first park far more often than the
     * plan expects, and so did those of the blocks before it that a change asks for.
     */
    boolean changed(final boolean endedInFirstPark)
    {
        if (!watching)
        {
            return false;
        }
        blockFirstParkEnds += endedInFirstPark ? 1 : 0;
        if (++blockEpisodes < BLOCK)
        {
            return false;
        }
        final boolean overflowed =
            blockFirstParkEnds >= MIN_ENDS && blockFirstParkEnds >= excess * BLOCK * firstParkEndShare;
        blockEpisodes = 0;
        blockFirstParkEnds = 0;
        overflowedBlocks = overflowed ? overflowedBlocks + 1 : 0;
        return overflowedBlocks >= blocksForChange;
    }
}
