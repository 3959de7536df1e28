package io.github.idlekit.platform;

/**
 * Thrown when an OS timer tuning cannot be used here: the OS is not the one the call is for, JNA is not on the
 * class path, its native library cannot load (for example when the temp directory it unpacks into is mounted
 * {@code noexec}), or the OS refused the call ({@link PlatformCallException}). The core library never needs this
 * module, so the right reaction is usually to carry on with the timers the OS has.
 */
public class PlatformUnavailableException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is unavailable and why.
     * @param cause   the underlying linkage or native error, may be null.
     */
    public PlatformUnavailableException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
