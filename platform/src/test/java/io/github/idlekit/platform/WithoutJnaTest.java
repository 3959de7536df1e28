package io.github.idlekit.platform;

import io.github.idlekit.TimerProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Loads the platform and core classes in a class loader that cannot see JNA, as in an application that left the
 * optional dependency out.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WithoutJnaTest
{
    @Test
    void everyEntryPointReportsUnavailableInsteadOfALinkageError() throws Exception
    {
        try (URLClassLoader loader = new URLClassLoader(new URL[]{
            HighResolutionTimers.class.getProtectionDomain().getCodeSource().getLocation(),
            TimerProfile.class.getProtectionDomain().getCodeSource().getLocation() },
            ClassLoader.getPlatformClassLoader()))
        {
            assertThrows(ClassNotFoundException.class, () -> loader.loadClass("com.sun.jna.Native"));

            final String report = (String)call(loader, "HighResolutionTimers", "describe");
            assertTrue(report.contains("jna: unavailable: JNA (net.java.dev.jna:jna) is not on the class path"), report);

            if (NativeSupport.IS_LINUX)
            {
                final Throwable slack = callFailing(loader, "LinuxTimerSlack", "get");
                assertEquals("io.github.idlekit.platform.PlatformUnavailableException", slack.getClass().getName());
                assertEquals("timer slack is unavailable: JNA (net.java.dev.jna:jna) is not on the class path",
                    slack.getMessage());
                final Throwable enable = callFailing(loader, "HighResolutionTimers", "enable");
                assertEquals("io.github.idlekit.platform.PlatformUnavailableException", enable.getClass().getName());
            }
        }
    }

    private static Object call(final ClassLoader loader, final String className, final String method) throws Exception
    {
        final Method target = loader.loadClass("io.github.idlekit.platform." + className).getMethod(method);
        return target.invoke(null);
    }

    private static Throwable callFailing(final ClassLoader loader, final String className, final String method)
    {
        final InvocationTargetException ex =
            assertThrows(InvocationTargetException.class, () -> call(loader, className, method));
        return ex.getCause();
    }
}
