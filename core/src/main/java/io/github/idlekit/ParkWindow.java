package io.github.idlekit;

/**
 * Whether the latest episodes that ended in parks could all have ended within one window of the episode: the
 * stretch that those parks, different spans of the episode (a timer's slack ends some early), all cover. Work that
 * comes at one moment of every episode is in all of them however the parks fall; work that comes at any moment soon
 * ends in a park that misses the others. So a window that holds tells regular gaps from memoryless ones where every
 * episode ends in a park and the parks alone cannot (under a coarse timer nearly every one does). Episodes seen to end
 * do not count either way: under a coarse timer they are the few whose work came after the park, not where it comes.
 * Fixed size, allocation-free, O(1) per park.
 */
final class ParkWindow
{
    /**
     * Episodes ended in parks that must overlap before they are taken to share one moment of arrival.
     */
    static final int PARKS = 8;

    /**
     * Parks among those that must each have checked the window they share: narrowed it, or held it though, at most
     * {@value #TEST_PARK_SHARE} as long as the longest, they could have missed it. Parks that all span the same
     * stretch of the episode, as a plan's do, overlap whatever the workload, and one that a change of plan put
     * elsewhere narrows their window only once. Under a coarse timer the parks that end episodes mostly span the whole
     * tick from the episode's start, and only those a timer's slack ended early, or that began after an empty wake,
     * span anything else: the few of them that end just inside a narrow window cut it, the others confirm it all the
     * same, where work that comes at any moment would leave it. Counting cuts alone, regular gaps could hold a window
     * through dozens of parks with a cut or two and be judged memoryless meanwhile, long enough for a plan to spin
     * through whole gaps; counting cuts and shorter parks apart, three of either, a window could hold dozens of parks
     * with two of each and still, when strays ended it, be too young to leave a grace.
     */
    static final int CHECKS = 3;

    /**
     * How long a park may be, against the longest of the window's parks, to check the window without narrowing it
     * (see {@link #CHECKS}).
     */
    static final double TEST_PARK_SHARE = 0.75;

    /**
     * Parks that miss the window the others share, in decaying weight (see {@link #STRAY_DECAY}), that the window
     * outlasts once it holds {@value #PARKS} parks: a producer held up now and then (an item late by a few
     * milliseconds) ends one episode in a later park, and forgetting the window for it let regular gaps look
     * memoryless for the dozen episodes the window took to form again, long enough for a plan to spin through whole
     * gaps. Work that comes at any moment soon misses it more often than that.
     */
    static final double STRAYS = 2;

    /**
     * How much a stray park's weight fades with each later park (see {@link #STRAYS}).
     */
    static final double STRAY_DECAY = 1.0 / 16;

    /**
     * Parks for which a window that held, lost to strays, still counts (see {@link #shared}), unless a new one holds
     * first: late items close together outlast the strays a window allows, and judging the episodes memoryless until
     * a new window holds let a plan spin through whole gaps, during which no park could form it again. Under a coarse
     * timer a new window is confirmed only by the few parks the timer's slack ends just past the work's moment (see
     * {@link #CHECKS}), so it takes dozens of parks to hold: one at the items' moment had held 38 parks with two cuts
     * and two shorter parks when a grace of 32 ran out. Work that became memoryless without surprising the histogram
     * is planned for as such that many parks later, a second of 15.6 ms ticks. A later window lost in turn takes the
     * grace over only if it held at least as many parks as the grace has left: late items close together hold a
     * window of their own for a few parks, and moving the grace there left the regular moment with none.
     */
    static final int GRACE_PARKS = 64;

    private long fromNs;
    private long toNs;
    private long longestParkNs;
    private int parks;
    private int checks;
    private double strays;
    private long graceFromNs;
    private long graceToNs;
    private int graceParks;

    /**
     * Makes this window what {@code other} is, without allocating.
     */
    void copyFrom(final ParkWindow other)
    {
        fromNs = other.fromNs;
        toNs = other.toNs;
        longestParkNs = other.longestParkNs;
        parks = other.parks;
        checks = other.checks;
        strays = other.strays;
        graceFromNs = other.graceFromNs;
        graceToNs = other.graceToNs;
        graceParks = other.graceParks;
    }

    /**
     * Records an episode that ended in a park spanning {@code (lo, hi]} of it.
     */
    void record(final long lo, final long hi)
    {
        final boolean overlaps = parks > 0 && lo < toNs && hi > fromNs;
        strays *= 1 - STRAY_DECAY;
        if (!overlaps && parks >= PARKS && strays + 1 <= STRAYS)
        {
            strays += 1;
            return;
        }
        final boolean lost = !overlaps && holds() && parks >= graceParks;
        graceFromNs = lost ? fromNs : graceFromNs;
        graceToNs = lost ? toNs : graceToNs;
        graceParks = lost ? GRACE_PARKS : Math.max(0, graceParks - 1);
        final boolean checked = lo > fromNs || hi < toNs || hi - lo <= TEST_PARK_SHARE * longestParkNs;
        checks = overlaps ? checks + (checked ? 1 : 0) : 0;
        fromNs = overlaps ? Math.max(fromNs, lo) : lo;
        toNs = overlaps ? Math.min(toNs, hi) : hi;
        longestParkNs = overlaps ? Math.max(longestParkNs, hi - lo) : hi - lo;
        parks = overlaps ? parks + 1 : 1;
        strays = overlaps ? strays : 0;
    }

    /**
     * @return whether the last {@value #PARKS} or more parks, but for a few strays (see {@link #STRAYS}), share a
     * window at most half as long as the longest of them, wherever it lies. The longest, not the shortest: a park that
     * a timer's slack ended a moment after the work may be barely longer than the window, and confirms it rather than
     * casting doubt on it. Parks that all span the same stretch overlap whatever the workload, so {@value #CHECKS} of
     * them must have narrowed the window or, shorter, held it (see {@link #CHECKS}).
     */
    boolean holds()
    {
        return parks >= PARKS && checks >= CHECKS && 2 * (toNs - fromNs) <= longestParkNs;
    }

    /**
     * @return whether the window {@link #holds} between {@code fromNs} and {@code toNs}, or one that held there, lost
     * to strays, still counts for {@value #GRACE_PARKS} parks (see {@link #GRACE_PARKS}), beside a newer one that holds
     * elsewhere: late items' parks can hold a window of their own, ending just past the first park's bins, and
     * judging the episodes memoryless because that one lay outside them let a plan spin through whole gaps.
     */
    boolean shared(final long fromNs, final long toNs)
    {
        return holds() && this.fromNs >= fromNs && this.toNs <= toNs ||
            graceParks > 0 && graceFromNs >= fromNs && graceToNs <= toNs;
    }

    /**
     * @return where the window starts, since the episode's start.
     */
    long fromNs()
    {
        return fromNs;
    }

    /**
     * @return where the window ends, since the episode's start.
     */
    long toNs()
    {
        return toNs;
    }

    /**
     * @return the longest of the parks that share the window.
     */
    long longestParkNs()
    {
        return longestParkNs;
    }
}
