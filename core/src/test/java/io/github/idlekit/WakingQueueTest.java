package io.github.idlekit;

import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static io.github.idlekit.ScriptedProfiles.LINUX_LIKE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WakingQueueTest
{
    @Test
    void anOfferWakesTheConsumerOnlyWhenTheQueueTookTheItem()
    {
        final ScriptedWaits waits = new ScriptedWaits();
        final List<Thread> unparked = new ArrayList<>();
        final WakeableIdleStrategy idle =
            new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        final WakingQueue<Integer> queue = new WakingQueue<>(new ManyToOneConcurrentArrayQueue<>(2), idle);
        idle.idle(0);

        assertTrue(queue.offer(1));
        idle.idle(0);
        assertTrue(queue.offer(2));
        idle.idle(0);
        final long wakesWhileRoom = idle.statistics().wakes();
        assertFalse(queue.offer(3), "full");
        idle.idle(0);

        assertEquals(2, wakesWhileRoom, "each taken offer woke the consumer");
        assertEquals(2, idle.statistics().wakes(), "the refused offer did not");
        assertEquals(List.of(1, 2), List.of(queue.queue().poll(), queue.queue().poll()));
    }

    @Test
    void aConsumerParkedForLongNoticesEveryItemFromSeveralProducers() throws InterruptedException
    {
        final WakeableIdleStrategy idle = new WakeableIdleStrategy(Duration.ofSeconds(30));
        final WakingQueue<Long> queue = new WakingQueue<>(new ManyToOneConcurrentArrayQueue<>(1024), idle);
        final int producers = 3;
        final int itemsEach = 200;
        final AtomicLong consumed = new AtomicLong();
        final Thread consumer = new Thread(() ->
        {
            while (consumed.get() < producers * itemsEach)
            {
                final int drained = ((ManyToOneConcurrentArrayQueue<Long>)queue.queue()).drain(
                    item -> consumed.incrementAndGet());
                idle.idle(drained);
            }
        }, "waking-queue-consumer");
        consumer.start();
        final List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++)
        {
            final Thread producer = new Thread(() ->
            {
                for (long i = 0; i < itemsEach; i++)
                {
                    while (!queue.offer(i))
                    {
                        Thread.onSpinWait();
                    }
                    if (i % 20 == 0)
                    {
                        while ((idle.statistics().phase() != IdlePhase.PARKING ||
                            consumer.getState() != Thread.State.TIMED_WAITING) && consumer.isAlive())
                        {
                            Thread.onSpinWait();
                        }
                    }
                }
            }, "waking-queue-producer-" + p);
            threads.add(producer);
            producer.start();
        }
        for (final Thread producer : threads)
        {
            producer.join(TimeUnit.SECONDS.toMillis(20));
        }
        consumer.join(TimeUnit.SECONDS.toMillis(20));

        assertEquals(producers * itemsEach, consumed.get(), "every item consumed, none waiting out a 30 s park");
        assertTrue(idle.statistics().wokenParks() > 0, "the consumer parked and was woken: " + idle.statistics());
    }
}
