package io.github.idlekit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Proves calibration adapts to a Windows-like timer: a child JVM whose every thread inherits a 15.625 ms timer
 * slack (Linux only) measures parks of about one Windows tick, longer than a child started the same way without it
 * does, and its presets plan from what it measured.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CoarseTimerEmulationTest
{
    private static final long WINDOWS_TICK_NS = 15_625_000L;

    @Test
    void childJvmWithWindowsLikeSlackMeasuresAWindowsLikeFloor() throws Exception
    {
        assumeTrue(Files.isWritable(Path.of("/proc/self/timerslack_ns")), "needs Linux timer slack");
        final String[] fields = childProfile("echo " + WINDOWS_TICK_NS + " > /proc/self/timerslack_ns; ").split("\\s+");
        final long floorNs = Long.parseLong(fields[0]);
        final long balancedSpinNs = Long.parseLong(fields[1]);
        final long floorP90Ns = Long.parseLong(fields[2]);
        final String nativeProfile = childProfile("");
        final long nativeFloorP90Ns = Long.parseLong(nativeProfile.split("\\s+")[2]);

        // The kernel may fire a slack-delayed timer anywhere in [expiry, expiry + slack] to coalesce it with
        // another, so on a busy machine, where other timers are due all the time, many parks end early and the
        // median of the few samples can fall to a millisecond; the parks no other timer ended still last the
        // slack, so the upper samples show the tick, and the floor, whatever it is, is what the presets follow.
        // On a loaded machine a woken thread can also wait a scheduler tick for a CPU, in both children alike.
        final String both = String.join(" ", fields) + " vs native " + nativeProfile;
        assertTrue(floorP90Ns > 4_000_000L && floorP90Ns < 40_000_000L, "p90 floor under 15.6 ms slack: " + both);
        assertTrue(floorP90Ns > 2 * nativeFloorP90Ns, both);
        assertEquals(floorNs / 16.0, balancedSpinNs, 1, "balanced spins a sixteenth of a floor");
    }

    /**
     * @return what {@link PrintProfile} prints in a child JVM started by {@code sh} after {@code setUp}.
     */
    private static String childProfile(final String setUp) throws Exception
    {
        final String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        final Process child = new ProcessBuilder(List.of(
            "sh", "-c", setUp + "exec \"$@\"", "_",
            javaBin, "-cp", System.getProperty("java.class.path"), PrintProfile.class.getName()))
            .redirectErrorStream(true)
            .start();
        final String output;
        try
        {
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
            output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        }
        finally
        {
            child.destroyForcibly();
        }
        assertEquals(0, child.exitValue(), output);
        return output;
    }

    /**
     * Child JVM entry point: prints the measured floor and the balanced preset's spin time.
     */
    static final class PrintProfile
    {
        public static void main(final String[] args)
        {
            final TimerProfile profile = TimerProfile.current();
            System.out.println(profile.parkFloorNs() + " " + IdlePreset.BALANCED.plan(profile).spinNs() + " " +
                profile.parkFloorP90Ns());
        }
    }
}
