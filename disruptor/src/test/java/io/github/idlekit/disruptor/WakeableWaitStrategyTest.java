package io.github.idlekit.disruptor;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.dsl.ProducerType;
import io.github.idlekit.IdlePhase;
import io.github.idlekit.WakeableIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WakeableWaitStrategyTest
{
    private static final Duration LONG_PARK = Duration.ofSeconds(30);
    private static final int EVENTS = 60;
    private static final long GAP_NS = TimeUnit.MILLISECONDS.toNanos(5);

    @Test
    void consumersWokenForEachEventLearnToParkLongAndStillSeeEveryEventAndHaltAtOnce() throws InterruptedException
    {
        final WakeableWaitStrategy waitStrategy = new WakeableWaitStrategy(LONG_PARK);
        final RingBuffer<long[]> ring = RingBuffer.create(ProducerType.MULTI, () -> new long[1], 64, waitStrategy);
        final SequenceBarrier barrier = ring.newBarrier();
        final AtomicLong sumA = new AtomicLong();
        final AtomicLong sumB = new AtomicLong();
        final BatchEventProcessor<long[]> a = processor(ring, barrier, sumA);
        final BatchEventProcessor<long[]> b = processor(ring, barrier, sumB);
        ring.addGatingSequences(a.getSequence(), b.getSequence());
        final Thread threadA = new Thread(a, "disruptor-consumer-a");
        final Thread threadB = new Thread(b, "disruptor-consumer-b");
        threadA.start();
        threadB.start();
        long expected = 0;
        try
        {
            for (long value = 1; value <= EVENTS; value++)
            {
                LockSupport.parkNanos(GAP_NS);
                awaitBothParked(waitStrategy, value);
                final long published = value;
                ring.publishEvent((event, sequence) -> event[0] = published);
                expected += value;
            }
            final long target = expected;
            final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while ((sumA.get() != target || sumB.get() != target) && System.nanoTime() - deadlineNs < 0)
            {
                Thread.onSpinWait();
            }
        }
        finally
        {
            a.halt();
            b.halt();
            threadA.join(TimeUnit.SECONDS.toMillis(10));
            threadB.join(TimeUnit.SECONDS.toMillis(10));
        }

        assertEquals(expected, sumA.get());
        assertEquals(expected, sumB.get());
        assertFalse(threadA.isAlive() || threadB.isAlive(), "halt woke both consumers out of 30 s parks");
        for (final WakeableIdleStrategy idle : waitStrategy.consumerIdleStrategies())
        {
            assertTrue(idle.currentPlan().endsWith("then park every 30.0 s"), "parks long: " + idle.currentPlan());
            assertTrue(idle.statistics().wokenParks() >= EVENTS / 2, "woken from parks: " + idle.statistics());
        }
    }

    @Test
    void badMaxParkIsNamed()
    {
        final IllegalArgumentException bad =
            assertThrows(IllegalArgumentException.class, () -> new WakeableWaitStrategy(Duration.ofMillis(-1)));
        assertTrue(bad.getMessage().contains("maxPark") && bad.getMessage().contains("PT-0.001S"), bad.getMessage());
    }

    private static BatchEventProcessor<long[]> processor(
        final RingBuffer<long[]> ring, final SequenceBarrier barrier, final AtomicLong sum)
    {
        final EventHandler<long[]> handler = (event, sequence, endOfBatch) -> sum.addAndGet(event[0]);
        return new BatchEventProcessorBuilder().build(ring, barrier, handler);
    }

    /**
     * Waits until both consumers have begun an idle episode after the {@code value - 1}th event and parked in it.
     */
    private static void awaitBothParked(final WakeableWaitStrategy waitStrategy, final long value)
    {
        WakeableIdleStrategy[] idles;
        while ((idles = waitStrategy.consumerIdleStrategies()).length < 2 || !parkedIn(idles[0], value) ||
            !parkedIn(idles[1], value))
        {
            Thread.onSpinWait();
        }
    }

    private static boolean parkedIn(final WakeableIdleStrategy idle, final long episode)
    {
        return idle.statistics().episodes() >= episode && idle.statistics().phase() == IdlePhase.PARKING;
    }
}
