package io.github.idlekit.benchmarks;

import io.github.idlekit.TimerProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LatencyCpuRunTest
{
    private static final long GAP_NS = 1_000_000L;
    private static final long WARMUP_NS = 100_000_000L;
    private static final long DURATION_NS = 500_000_000L;
    private static final long MAX_LATE_PUBLISHED = 20;

    @Test
    void anOpenLoopPublishesOnScheduleWhateverTheConsumerDoesAndTimesEveryQueuedEventFromItsOwnPublish()
        throws InterruptedException
    {
        final PrecisePacer pacer = new PrecisePacer(TimerProfile.current());
        // Each idle call parks at least 5 ms, five gaps of 1 ms.
        final CellResult closed = cell(Arrivals.CLOSED_LOOP, pacer);
        final CellResult open = cell(Arrivals.OPEN_LOOP, pacer);

        // Every event due in the window, and those due before it that a stalled producer published in it.
        final long due = DURATION_NS / GAP_NS;
        assertTrue(open.events() >= due && open.events() <= due + MAX_LATE_PUBLISHED,
            "an open loop's events are its schedule's, however late the consumer finds them: " + open.events());
        assertTrue(closed.events() < open.events() / 2,
            "a closed loop waits for the consumer: " + closed.events() + " events against " + open.events());
        // The newest event of each wake waited under a gap; the others, a gap or more each.
        assertTrue(open.meanNs() >= GAP_NS, "open loop mean latency " + open.meanNs() + " ns");
    }

    private static CellResult cell(final Arrivals arrivals, final PrecisePacer pacer) throws InterruptedException
    {
        return new LatencyCpuRun("park:5ms", Workload.parse("fixed-1ms"), arrivals, pacer, WARMUP_NS, DURATION_NS,
            Long.MAX_VALUE).run();
    }
}
