package io.github.idlekit;

/**
 * The idle episodes that follow one way the episode before them ended, what a strategy learnt of them, and its
 * plan for them. A feed that does not wait for its worker (market data, a timer's ticks) keeps its own schedule:
 * work that was seen only as a park ended has waited, and the next work comes sooner by as long as it waited
 * (regular work) or is already there. After work seen while busy-waiting the gaps are the feed's own. One plan for
 * both fits neither: while it parks, the gaps it sees are the shortened ones, so the next plan spins; spinning makes
 * them whole again, so the plan after that parks, and plans swing between the two. A worker whose producer waits
 * for it (a request and its reply) sees the same gaps after both endings, and one plan serves both.
 * The histogram here holds this context's episodes on top of a copy of all of them, taken wherever the strategy
 * starts to learn anew, so that a context plans from its own only once they say something the copy did not.
 * Used by the worker's thread only, but for its schedule's {@link IdleSchedule#describe()}.
 */
final class EpisodeContext
{
    /**
     * Episodes that follow one whose work was seen while busy-waiting, or at a producer's wake.
     */
    static final int AFTER_BUSY_WAIT = 0;

    /**
     * Episodes that follow one whose work was seen only as a park (or the slice of a plan made in its place) ended.
     */
    static final int AFTER_PARK = 1;

    final IdleGapHistogram gaps = new IdleGapHistogram(CalibratedIdleStrategy.EPISODE_DECAY);
    final IdleSchedule schedule = new IdleSchedule();
    final FirstParkOverflow firstParks = new FirstParkOverflow();

    /**
     * Episodes learnt from since {@link #gaps} was last made a copy of all the strategy's episodes.
     */
    long learntSinceCopy;
}
