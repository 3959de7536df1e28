/**
 * Helpers shared by idlekit's own modules (core, platform, benchmarks): not API. Anything here may change or
 * disappear in any release, so applications should not call it.
 */
package io.github.idlekit.internal;
