package io.github.idlekit.platform;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Runs a task on a new thread, so that per-thread settings it changes (timer slack, niceness) stay off the test
 * runner's threads.
 */
final class FreshThread
{
    private FreshThread()
    {
    }

    static <T> T call(final Callable<T> task) throws Exception
    {
        final ExecutorService thread = Executors.newSingleThreadExecutor();
        try
        {
            return thread.submit(task).get();
        }
        finally
        {
            thread.shutdownNow();
        }
    }
}
