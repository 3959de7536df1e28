package io.github.idlekit;

import io.github.idlekit.platform.LinuxTimerSlack;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Real threads whose parks last other than the JVM's timer profile says, and a strategy that must plan for what its
 * own parks last without anyone calling {@link TimerProfile#recalibrate()}: a thread with its own timer slack (set
 * through this module, on Linux) and a virtual thread (JDK 21+), whose parks wait for the scheduler's timer thread
 * and a carrier. In the core's package, to read the strategy's timer model; here, because only this module sets a
 * single thread's slack. Each compares the model with parks measured on the same thread, never with a fixed figure.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OwnParksTest
{
    private static final long FINE_SLACK_NS = 1_000;
    /**
     * Idle episodes a strategy learns from before it is judged, and that it is judged by: it plans after eight, and
     * at most every 50 ms.
     */
    private static final int EPISODES = 40;
    /**
     * The gap between items on the thread with its own slack: a few times its parks, so that it parks often.
     */
    private static final long GAP_NS = 3_000_000;
    /**
     * The gap between items on the virtual thread: longer than the coarse prior's tick, so that its plans park from
     * the first. Under that prior shorter gaps are best spun through, and a plan that never parks learns its timer
     * only from an occasional probe, after seconds (see {@link CalibratedIdleStrategy#TIMER_PROBE_DIVISOR}).
     */
    private static final long LONG_GAP_NS = 30_000_000;
    private static final int LONG_GAP_EPISODES = 20;
    private static final long RESULT_TIMEOUT_MS = 30_000;

    @Test
    void aThreadWithItsOwnTimerSlackIsPlannedForByWhatItsParksLast() throws Exception
    {
        assumeTrue(System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux"), "Linux only");
        // measured on the test runner's thread, whose slack is the default
        final TimerProfile profile = TimerProfile.current();
        final FutureTask<Learnt> task = new FutureTask<>(() ->
            Learnt.by(new CalibratedIdleStrategy(profile, IdlePreset.BALANCED), GAP_NS, EPISODES));

        LinuxTimerSlack.threadFactory(Executors.defaultThreadFactory(), FINE_SLACK_NS).newThread(task).start();

        final Learnt learnt = task.get(RESULT_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        // what the kernel does with the slack is LinuxTimerSlackTest's to check; a host whose wake-ups themselves
        // slowed to tens of microseconds meanwhile leaves nothing here to tell the thread's parks from the profile's
        assumeTrue(2 * learnt.ownParkNs() < profile.parkFloorNs(),
            "a " + FINE_SLACK_NS + " ns slack shortens this thread's parks: " + learnt + "; " + profile);
        assertTrue(learnt.floorNs() > learnt.ownParkNs() / 2 && learnt.floorNs() < 2 * learnt.ownParkNs(),
            learnt + "; " + profile);
    }

    @Test
    void aVirtualThreadIsPlannedForByWhatItsParksLast() throws Exception
    {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads came in JDK 21");
        // a prior that no park on this machine matches, a Windows tick: only the thread's own parks can correct it
        final TimerProfile prior = TimerProfile.of(Duration.ofNanos(15_625_000));
        final FutureTask<Learnt> task = new FutureTask<>(() ->
            Learnt.by(new CalibratedIdleStrategy(prior, IdlePreset.BALANCED), LONG_GAP_NS, LONG_GAP_EPISODES));

        // through reflection: this code is compiled for Java 17
        Class.forName("java.lang.Thread$Builder").getMethod("start", Runnable.class)
            .invoke(Thread.class.getMethod("ofVirtual").invoke(null), task);

        // a virtual thread's parks come in two kinds, a few and a few dozen microseconds long, as the scheduler's
        // timer thread and the carriers happen to be awake or asleep, so the floor is held to their range: down to
        // a quarter of the shortest park measured here, since the strategy's own parks of 1 ns, in the middle of its
        // waits, were seen to come out up to twice as short as any of these, taken between episodes
        final Learnt learnt = task.get(RESULT_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        assertTrue(
            learnt.floorNs() > learnt.shortestOwnParkNs() / 4 && learnt.floorNs() < 2 * learnt.longestOwnParkNs(),
            learnt + "; prior " + prior);
        // each planned wait one park, or a few, not a train of floor-long parks that fills the gap
        assertTrue(learnt.parksPerEpisode() * learnt.ownParkNs() < LONG_GAP_NS / 4, learnt + "; prior " + prior);
    }

    /**
     * What a strategy learnt on a thread, beside that thread's own parks measured in between its episodes: a virtual
     * thread's parks last a few dozen microseconds in one stretch and half that in another, so parks measured only
     * after the strategy's might all come from another stretch than the strategy's shortest.
     *
     * @param floorNs         the floor its timer model learnt.
     * @param ownParksNs      a park of 1 ns on the same thread after each episode, sorted.
     * @param parksPerEpisode its parks per episode once it had learnt.
     * @param state           the strategy's {@code toString()}.
     */
    private record Learnt(long floorNs, long[] ownParksNs, double parksPerEpisode, String state)
    {
        /**
         * Runs {@code strategy} on the calling thread through {@code episodes} idle episodes to learn from, then as
         * many again whose parks it counts, work coming {@code gapNs} after the last was handled.
         */
        static Learnt by(final CalibratedIdleStrategy strategy, final long gapNs, final int episodes)
        {
            final long[] parkNs = new long[2 * episodes];
            runEpisodes(strategy, gapNs, episodes, parkNs, 0);
            final long parksBefore = strategy.statistics().parks();
            runEpisodes(strategy, gapNs, episodes, parkNs, episodes);
            final double parksPerEpisode = (strategy.statistics().parks() - parksBefore) / (double)episodes;
            Arrays.sort(parkNs);
            return new Learnt(strategy.timer().floorNs(), parkNs, parksPerEpisode, strategy.toString());
        }

        long ownParkNs()
        {
            return ownParksNs[ownParksNs.length / 2];
        }

        long shortestOwnParkNs()
        {
            return ownParksNs[0];
        }

        long longestOwnParkNs()
        {
            return ownParksNs[ownParksNs.length - 1];
        }

        public String toString()
        {
            return "floor " + floorNs + " ns against parks of " + Arrays.toString(ownParksNs) + " ns measured on " +
                "the same thread, " + parksPerEpisode + " parks per episode: " + state;
        }

        /**
         * Runs {@code episodes} episodes, and after each, while its work is handled, parks for 1 ns and puts what
         * that lasted in {@code parkNs} from index {@code from}.
         */
        private static void runEpisodes(
            final CalibratedIdleStrategy strategy, final long gapNs, final int episodes, final long[] parkNs,
            final int from)
        {
            long workAtNs = System.nanoTime() + gapNs;
            for (int ended = 0; ended < episodes; )
            {
                if (System.nanoTime() - workAtNs >= 0)
                {
                    strategy.idle(1);
                    final long parkStartNs = System.nanoTime();
                    LockSupport.parkNanos(1);
                    parkNs[from + ended] = System.nanoTime() - parkStartNs;
                    ended++;
                    workAtNs = parkStartNs + gapNs;
                }
                else
                {
                    strategy.idle(0);
                }
            }
        }
    }
}
