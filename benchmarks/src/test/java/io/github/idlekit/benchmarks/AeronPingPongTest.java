package io.github.idlekit.benchmarks;

import io.aeron.Aeron;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.exceptions.RegistrationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.DatagramSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AeronPingPongTest
{
    @Test
    void aSubscriptionWhosePortWasTakenSinceItsProbeMovesToAnotherPort(@TempDir final Path dir) throws Exception
    {
        try (MediaDriver driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                .aeronDirectoryName(dir.resolve("driver").toString())
                .threadingMode(ThreadingMode.SHARED)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true));
            Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
            DatagramSocket taken = new DatagramSocket(0))
        {
            final List<Integer> tried = new ArrayList<>();
            try (Subscription subscription = AeronPingPong.subscribeOnFreePort(aeron, 1, () ->
            {
                tried.add(tried.isEmpty() ? taken.getLocalPort() : AeronPingPong.freeUdpPort());
                return tried.get(tried.size() - 1);
            }))
            {
                assertEquals(taken.getLocalPort(), tried.get(0));
                assertTrue(tried.size() >= 2, "the taken port was given up: " + tried);
                assertEquals("aeron:udp?endpoint=localhost:" + tried.get(tried.size() - 1), subscription.channel());
            }
            assertThrows(RegistrationException.class,
                () -> AeronPingPong.subscribeOnFreePort(aeron, 2, taken::getLocalPort),
                "a port that stays taken fails after the last attempt");
        }
    }
}
