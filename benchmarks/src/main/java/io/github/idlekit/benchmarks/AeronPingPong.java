package io.github.idlekit.benchmarks;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.exceptions.RegistrationException;
import io.aeron.logbuffer.FragmentHandler;
import io.github.idlekit.IdleStatistics;
import io.github.idlekit.ObservableIdleStrategy;
import io.github.idlekit.internal.Durations;
import org.HdrHistogram.Histogram;
import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.DatagramSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;

/**
 * One cell of the {@code aeron} command: an embedded Aeron media driver and client, a ping thread and a pong
 * thread exchanging one message at a time over UDP on the loopback interface, and every agent (driver conductor,
 * sender and receiver or their shared forms, the client conductor, ping's wait for the pong and pong's wait for
 * the ping) idling with its own instance of the strategy under test, created by name as Aeron creates them.
 * A name of the form {@code <path>/<conductors>} gives the agents off the round trip's path (the driver's and the
 * client's conductors and the driver's async executor) the second strategy, as Aeron users do with
 * {@code -Daeron.conductor.idle.strategy}: no strategy can tell from its own episodes that its latency does not
 * count.
 *
 * <p>The ping thread waits the workload's gap after each pong, timed with a {@link PrecisePacer} (never with the
 * strategy under test), then sends its {@code System.nanoTime}; the round trip ends when the pong comes back. CPU
 * is the whole process's CPU time over the measured window less the ping thread's own CPU while pacing, which is
 * the same for every strategy and not part of waiting for messages.
 */
final class AeronPingPong
{
    private static final int PING_STREAM_ID = 1001;
    private static final int PONG_STREAM_ID = 1002;
    private static final int TERM_LENGTH = 64 * 1024;
    private static final long HIGHEST_TRACKABLE_NS = 60_000_000_000L;
    private static final long CONNECT_TIMEOUT_NS = 10_000_000_000L;
    private static final int SUBSCRIBE_ATTEMPTS = 5;
    private static final long SECOND_NS = 1_000_000_000L;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String CONDUCTORS_SEPARATOR = "/";
    private static final String WARM_UP_GAP = "fixed-100us";
    private static final List<String> WARM_UP_STAND_INS = List.of("agrona-yield", "agrona-sleep-ns", "agrona-spin");

    private final String strategyName;
    private final String pathStrategy;
    private final String conductorStrategy;
    private final Workload workload;
    private final ThreadingMode threadingMode;
    private final PrecisePacer pacer;
    private final long warmupNs;
    private final long durationNs;
    private final List<String> idleCounters = new ArrayList<>();
    private final List<String> agentStates = new ArrayList<>();
    private final List<String> seconds = new ArrayList<>();

    AeronPingPong(
        final String strategyName,
        final Workload workload,
        final ThreadingMode threadingMode,
        final PrecisePacer pacer,
        final long warmupNs,
        final long durationNs)
    {
        this.strategyName = strategyName;
        final String[] roles = roles(strategyName);
        this.pathStrategy = roles[0];
        this.conductorStrategy = roles[roles.length - 1];
        this.workload = workload;
        this.threadingMode = threadingMode;
        this.pacer = pacer;
        this.warmupNs = warmupNs;
        this.durationNs = durationNs;
    }

    /**
     * @return each idlekit agent's statistics as the driver's counters showed them at the end, one line per
     * counter, {@code label: value}, as {@code AeronStat} would print them; empty for other strategies.
     */
    List<String> idleCounters()
    {
        return idleCounters;
    }

    /**
     * @return each agent's strategy as it described itself at the end, {@code agent: state}: an adaptive one's
     * plan, timer model and statistics.
     */
    List<String> agentStates()
    {
        return agentStates;
    }

    /**
     * @return each whole second of the measured window, {@code second N: R round trips, mean M, steal S}: how the
     * round trip followed the host's steal time within the cell.
     */
    List<String> seconds()
    {
        return seconds;
    }

    CellResult run() throws IOException, InterruptedException
    {
        final Path dir = Files.createTempDirectory("idlekit-aeron-");
        final Map<String, IdleStrategy> agents = new TreeMap<>();
        final MediaDriver.Context driverContext = new MediaDriver.Context()
            .aeronDirectoryName(dir.resolve("driver").toString())
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .threadingMode(threadingMode)
            .useConcurrentCountersManager(true)
            .termBufferSparseFile(true)
            .publicationTermBufferLength(TERM_LENGTH)
            .ipcTermBufferLength(TERM_LENGTH);
        switch (threadingMode)
        {
            case DEDICATED:
                driverContext.conductorIdleStrategy(agent(agents, "driver-conductor", conductorStrategy))
                    .senderIdleStrategy(agent(agents, "sender", pathStrategy))
                    .receiverIdleStrategy(agent(agents, "receiver", pathStrategy));
                break;
            case SHARED_NETWORK:
                driverContext.conductorIdleStrategy(agent(agents, "driver-conductor", conductorStrategy))
                    .sharedNetworkIdleStrategy(agent(agents, "sender-receiver", pathStrategy));
                break;
            default:
                driverContext.sharedIdleStrategy(agent(agents, "driver", pathStrategy));
        }
        final IdleStrategy asyncExecutorIdle = StrategyCatalog.create(conductorStrategy);
        driverContext.asyncExecutorIdleStrategy(asyncExecutorIdle);
        try (MediaDriver driver = MediaDriver.launchEmbedded(driverContext);
            Aeron aeron = Aeron.connect(new Aeron.Context()
                .aeronDirectoryName(driver.aeronDirectoryName())
                .idleStrategy(agent(agents, "client-conductor", conductorStrategy))))
        {
            if (driverContext.asyncExecutorEnabled())
            {
                agents.put("async-executor", asyncExecutorIdle);
            }
            final IdleStrategy pingIdle = agent(agents, "ping", pathStrategy);
            final IdleStrategy pongIdle = agent(agents, "pong", pathStrategy);
            for (final Map.Entry<String, IdleStrategy> agent : agents.entrySet())
            {
                if (agent.getValue() instanceof ObservableIdleStrategy)
                {
                    ((ObservableIdleStrategy)agent.getValue()).statistics()
                        .registerIn(driverContext.countersManager(), agent.getKey());
                }
            }
            // both ports are bound before any publication's sender takes an ephemeral port of its own
            try (Subscription pings = subscribeOnFreePort(aeron, PING_STREAM_ID, AeronPingPong::freeUdpPort);
                Subscription pongs = subscribeOnFreePort(aeron, PONG_STREAM_ID, AeronPingPong::freeUdpPort);
                ExclusivePublication ping = aeron.addExclusivePublication(pings.channel(), PING_STREAM_ID);
                ExclusivePublication pong = aeron.addExclusivePublication(pongs.channel(), PONG_STREAM_ID))
            {
                awaitConnected(ping, pongs, pong, pings);
                final AtomicBoolean running = new AtomicBoolean(true);
                final Thread ponger = new Thread(() -> echo(pings, pong, pongIdle, running), "aeron-pong");
                ponger.start();
                try
                {
                    final CellResult result = pingAll(ping, pongs, pingIdle, agents);
                    readIdleCounters(aeron.countersReader());
                    agents.forEach((name, strategy) -> agentStates.add(name + ": " + strategy));
                    return result;
                }
                finally
                {
                    running.set(false);
                    ponger.join();
                }
            }
        }
        finally
        {
            Files.deleteIfExists(dir);
        }
    }

    /**
     * Runs unmeasured round trips, {@value #WARM_UP_GAP} apart, with three stand-in strategies in turn (Agrona's
     * yielding, sleeping and spinning ones, so that every agent's {@code idle} call site has seen three receiver
     * types), one driver each for {@code slotNs}, in rounds until the JIT stops compiling (see
     * {@link JitWarmUp#repeat}). Without it, Aeron's own code (the driver's agents, the client, ping and pong) is
     * compiled during a JVM's first cell: the compiler threads' CPU
     * counts as the process's, they take the CPUs the agents wait for, and the first strategy is charged for both.
     * Once per JVM, before the first cell.
     *
     * @param threadingMode the driver's threading mode, as in the cells.
     * @param pacer         ping's pacing, as in the cells.
     * @param slotNs        how long each stand-in runs.
     * @param maxNs         the longest the warm-up may last.
     */
    static void warmUpJit(
        final ThreadingMode threadingMode, final PrecisePacer pacer, final long slotNs, final long maxNs)
        throws IOException, InterruptedException
    {
        final Workload workload = Workload.parse(WARM_UP_GAP);
        JitWarmUp.repeat(maxNs, () ->
        {
            for (final String standIn : WARM_UP_STAND_INS)
            {
                new AeronPingPong(standIn, workload, threadingMode, pacer, 0, slotNs).run();
            }
        });
    }

    /**
     * Checks a strategy name as this class takes it: one strategy, or {@code <path>/<conductors>}.
     *
     * @throws IllegalArgumentException naming the strategy when either part is none, or there are more than two.
     */
    static void check(final String strategyName)
    {
        for (final String role : roles(strategyName))
        {
            StrategyCatalog.create(role);
        }
    }

    private static String[] roles(final String strategyName)
    {
        final String[] roles = strategyName.split(CONDUCTORS_SEPARATOR, -1);
        if (roles.length > 2)
        {
            throw new IllegalArgumentException("strategy '" + strategyName + "': expected <strategy> or " +
                "<strategy on the round trip's path>" + CONDUCTORS_SEPARATOR + "<strategy of the conductors>");
        }
        return roles;
    }

    private static IdleStrategy agent(final Map<String, IdleStrategy> agents, final String name, final String role)
    {
        final IdleStrategy strategy = StrategyCatalog.create(role);
        agents.put(name, strategy);
        return strategy;
    }

    private CellResult pingAll(
        final ExclusivePublication ping,
        final Subscription pongs,
        final IdleStrategy idle,
        final Map<String, IdleStrategy> agents)
    {
        final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean)ManagementFactory.getOperatingSystemMXBean();
        final UnsafeBuffer message = new UnsafeBuffer(BufferUtil.allocateDirectAligned(
            BitUtil.CACHE_LINE_LENGTH, BitUtil.CACHE_LINE_LENGTH));
        final long[] received = new long[1];
        final FragmentHandler onPong = (buffer, offset, length, header) -> received[0] = buffer.getLong(offset);
        final Histogram roundTrips = new Histogram(HIGHEST_TRACKABLE_NS, 3);
        final SplittableRandom random = new SplittableRandom(42);
        final long startNs = System.nanoTime();
        final long measureFromNs = startNs + warmupNs;
        final long endNs = measureFromNs + durationNs;
        long lastNs = startNs;
        long cpuStartNs = 0;
        long pacingCpuNs = 0;
        boolean measured = false;
        IdleCounts countsBefore = null;
        MachineCpuTicks ticksBefore = null;
        MachineCpuTicks ticksAtSecond = null;
        long compilingMsBefore = -1;
        long secondFromNs = measureFromNs;
        long secondRoundTrips = 0;
        long secondRoundTripNs = 0;
        for (long event = 0; ; event++)
        {
            final long sendAtNs = lastNs + workload.gapBeforeNs(event, lastNs - startNs, random);
            if (sendAtNs - endNs >= 0)
            {
                break;
            }
            final boolean measuring = sendAtNs - measureFromNs >= 0;
            if (measuring && !measured)
            {
                measured = true;
                cpuStartNs = os.getProcessCpuTime();
                ticksBefore = MachineCpuTicks.now();
                compilingMsBefore = CompilationTime.totalMs();
                ticksAtSecond = ticksBefore;
                secondFromNs = sendAtNs;
                countsBefore = sum(agents);
            }
            final long pacingFromNs = measuring ? THREADS.getCurrentThreadCpuTime() : 0;
            pacer.waitUntil(sendAtNs);
            if (measuring)
            {
                pacingCpuNs += THREADS.getCurrentThreadCpuTime() - pacingFromNs;
            }
            final long sentNs = System.nanoTime();
            message.putLong(0, sentNs);
            while (ping.offer(message, 0, Long.BYTES) < 0)
            {
                Thread.onSpinWait();
            }
            while (received[0] != sentNs)
            {
                idle.idle(pongs.poll(onPong, 1));
            }
            idle.idle(1);
            lastNs = System.nanoTime();
            if (measuring)
            {
                roundTrips.recordValue(Math.min(lastNs - sentNs, HIGHEST_TRACKABLE_NS));
                secondRoundTrips++;
                secondRoundTripNs += lastNs - sentNs;
                if (lastNs - secondFromNs >= SECOND_NS)
                {
                    final MachineCpuTicks ticks = MachineCpuTicks.now();
                    seconds.add(String.format(Locale.ROOT, "second %d: %d round trips, mean %s, steal %.1f%%",
                        seconds.size() + 1, secondRoundTrips, Durations.toHuman(secondRoundTripNs / secondRoundTrips),
                        100 * MachineCpuTicks.stolenShare(ticksAtSecond, ticks)));
                    ticksAtSecond = ticks;
                    secondFromNs = lastNs;
                    secondRoundTrips = 0;
                    secondRoundTripNs = 0;
                }
            }
        }
        if (!measured)
        {
            return CellResult.of(strategyName, workload.name(), roundTrips, 0, 0, null, -1, Double.NaN, -1);
        }
        final long cpuNs = os.getProcessCpuTime() - cpuStartNs - pacingCpuNs;
        final IdleCounts counts = null == countsBefore ? null : sum(agents).since(countsBefore);
        return CellResult.of(strategyName, workload.name(), roundTrips, cpuNs, lastNs - measureFromNs, counts, -1,
            MachineCpuTicks.stolenShare(ticksBefore, MachineCpuTicks.now()),
            CompilationTime.sinceMs(compilingMsBefore));
    }

    private static void echo(
        final Subscription pings, final ExclusivePublication pong, final IdleStrategy idle, final AtomicBoolean running)
    {
        final FragmentHandler onPing = (buffer, offset, length, header) ->
        {
            while (pong.offer(buffer, offset, length) < 0)
            {
                Thread.onSpinWait();
            }
        };
        while (running.get())
        {
            idle.idle(pings.poll(onPing, 1));
        }
    }

    /**
     * @return every agent's counts added up, or null when the strategy keeps no statistics.
     */
    private static IdleCounts sum(final Map<String, IdleStrategy> agents)
    {
        IdleCounts total = null;
        for (final IdleStrategy strategy : agents.values())
        {
            if (strategy instanceof ObservableIdleStrategy)
            {
                final IdleStatistics statistics = ((ObservableIdleStrategy)strategy).statistics();
                final IdleCounts counts = IdleCounts.of(statistics);
                total = null == total ? counts : total.plus(counts);
            }
        }
        return total;
    }

    private void readIdleCounters(final CountersReader counters)
    {
        counters.forEach((value, counterId, label) ->
        {
            if (counters.getCounterTypeId(counterId) == IdleStatistics.COUNTER_TYPE_ID)
            {
                idleCounters.add(label + ": " + value);
            }
        });
    }

    private static void awaitConnected(
        final ExclusivePublication ping,
        final Subscription pongs,
        final ExclusivePublication pong,
        final Subscription pings)
    {
        final long deadlineNs = System.nanoTime() + CONNECT_TIMEOUT_NS;
        while (!(ping.isConnected() && pong.isConnected() && pings.isConnected() && pongs.isConnected()))
        {
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new IllegalStateException("aeron: ping and pong did not connect within 10 s over " +
                    ping.channel() + " and " + pong.channel());
            }
            Thread.yield();
        }
    }

    /**
     * Subscribes on a loopback UDP port the kernel has just reported free, and on another one if the driver finds it
     * taken: the port is free only until the probe's socket closes, and any socket bound to an ephemeral port
     * meanwhile (a publication's sender, another process) can take it.
     *
     * @param ports the port to try next.
     */
    static Subscription subscribeOnFreePort(final Aeron aeron, final int streamId, final IntSupplier ports)
    {
        for (int attempt = 1; ; attempt++)
        {
            try
            {
                return aeron.addSubscription("aeron:udp?endpoint=localhost:" + ports.getAsInt(), streamId);
            }
            catch (final RegistrationException ex)
            {
                if (attempt == SUBSCRIBE_ATTEMPTS)
                {
                    throw ex;
                }
            }
        }
    }

    /**
     * @return a UDP port that no socket held when asked.
     */
    static int freeUdpPort()
    {
        try (DatagramSocket socket = new DatagramSocket(0))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
