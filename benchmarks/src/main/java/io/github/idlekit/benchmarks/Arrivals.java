package io.github.idlekit.benchmarks;

/**
 * When a cell's producer publishes its events.
 */
enum Arrivals
{
    /**
     * Each event a gap after the consumer found the one before: the consumer idles through the workload's own gaps
     * whatever its latency, so every strategy waits through the same gaps, and it never finds two events at once.
     */
    CLOSED_LOOP,

    /**
     * Each event a gap after the one before was due, whatever the consumer does, as a feed, a timer or a socket
     * delivers work: a late wake-up shortens the gap after it, and the events that come while the consumer sleeps
     * wait for it, each one's latency counted from its own publish.
     */
    OPEN_LOOP
}
