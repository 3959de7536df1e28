package io.github.idlekit.platform;

/**
 * A native call that the OS refused: {@code prctl} blocked by a seccomp filter or a sandbox such as gVisor, a
 * Windows timer call that returned an error. Carries the call and the OS error code (errno, a Win32 error or an
 * NTSTATUS), so that a caller can log what happened and carry on with the timers the OS has.
 */
public final class PlatformCallException extends PlatformUnavailableException
{
    private static final long serialVersionUID = 1L;

    /**
     * The native call and its arguments.
     */
    private final String call;

    /**
     * The OS error code.
     */
    private final int errorCode;

    /**
     * @param call      the native call and its arguments, e.g. {@code prctl(PR_SET_TIMERSLACK, 1000)}.
     * @param errorCode the OS error code: errno, a Win32 error, a TIMERR value or an NTSTATUS.
     * @param cause     the binding's own exception, may be null.
     */
    PlatformCallException(final String call, final int errorCode, final Throwable cause)
    {
        super(call + " failed: error " + errorCode + " (0x" + Integer.toHexString(errorCode) + ")", cause);
        this.call = call;
        this.errorCode = errorCode;
    }

    /**
     * @return the native call and its arguments.
     */
    public String call()
    {
        return call;
    }

    /**
     * @return the OS error code: errno on Linux; a Win32 error, a TIMERR value or an NTSTATUS on Windows.
     */
    public int errorCode()
    {
        return errorCode;
    }
}
