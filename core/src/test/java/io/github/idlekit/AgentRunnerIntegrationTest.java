package io.github.idlekit;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.OneToOneConcurrentArrayQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AgentRunnerIntegrationTest
{
    @Test
    void agentRunnerDrivesCalibratedAndParsedStrategies() throws Exception
    {
        for (final String spec : new String[]{ "calibrated:low-cpu", "spin:10,yield:10,park:10us..1ms" })
        {
            final int items = 5_000;
            final OneToOneConcurrentArrayQueue<Integer> queue = new OneToOneConcurrentArrayQueue<>(64);
            final CountDownLatch consumed = new CountDownLatch(items);
            final long[] sum = { 0 };
            final Agent agent = new Agent()
            {
                public int doWork()
                {
                    return queue.drain(item ->
                    {
                        sum[0] += item;
                        consumed.countDown();
                    });
                }

                public String roleName()
                {
                    return "consumer";
                }
            };
            final AtomicReference<Throwable> error = new AtomicReference<>();
            final AgentRunner runner = new AgentRunner(IdleStrategies.parse(spec), error::set, null, agent);
            AgentRunner.startOnThread(runner);
            for (int i = 1; i <= items; i++)
            {
                while (!queue.offer(i))
                {
                    Thread.onSpinWait();
                }
            }

            assertTrue(consumed.await(30, TimeUnit.SECONDS), spec + ": consumer did not keep up");
            runner.close();
            assertNull(error.get(), spec);
            assertEquals((long)items * (items + 1) / 2, sum[0], spec);
        }
    }
}
