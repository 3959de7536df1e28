package io.github.idlekit.platform;

import java.util.Locale;

/**
 * Which OS this is and whether JNA can be used, decided without touching any JNA class so that a missing JNA
 * surfaces as a {@link PlatformUnavailableException}, never as a {@code NoClassDefFoundError} from a static
 * initialiser.
 */
final class NativeSupport
{
    static final String OS_NAME = System.getProperty("os.name", "");
    static final boolean IS_LINUX = OS_NAME.toLowerCase(Locale.ROOT).startsWith("linux");
    static final boolean IS_WINDOWS = OS_NAME.toLowerCase(Locale.ROOT).startsWith("windows");

    private NativeSupport()
    {
    }

    /**
     * @return null when JNA's classes are visible to this module, else why not.
     */
    static String jnaMissingReason()
    {
        try
        {
            Class.forName("com.sun.jna.Native", false, NativeSupport.class.getClassLoader());
            return null;
        }
        catch (final ClassNotFoundException | LinkageError ex)
        {
            return "JNA (net.java.dev.jna:jna) is not on the class path";
        }
    }

    static PlatformUnavailableException unavailable(final String what, final Throwable cause)
    {
        final String missing = jnaMissingReason();
        final String why = null != missing ? missing : "its native library could not be loaded: " + cause;
        return new PlatformUnavailableException(what + " is unavailable: " + why, cause);
    }

    static void requireLinux(final String what)
    {
        if (!IS_LINUX)
        {
            throw new PlatformUnavailableException(what + " exists on Linux only, not on " + OS_NAME, null);
        }
    }

    static void requireWindows(final String what)
    {
        if (!IS_WINDOWS)
        {
            throw new PlatformUnavailableException(what + " exists on Windows only, not on " + OS_NAME, null);
        }
    }
}
