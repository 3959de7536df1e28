import java.lang.management.*;
import java.util.*;
import java.util.concurrent.locks.LockSupport;
public class S {
  static volatile boolean stop;
  public static void main(String[] a) throws Exception {
    ThreadMXBean t = ManagementFactory.getThreadMXBean();
    boolean other = a.length > 0 && a[0].equals("other");
    Thread spinner = null;
    if (other) { spinner = new Thread(() -> { while (!stop) Thread.onSpinWait(); }); spinner.setDaemon(true); spinner.start(); }
    long[] spins = {0, 20_000, 100_000, 300_000, 600_000};
    for (int round = 0; round < 3; round++) {
      for (long spin : spins) {
        int n = 400;
        long[] cpu = new long[n]; long[] dur = new long[n];
        for (int i = 0; i < n; i++) {
          long s0 = System.nanoTime();
          while (System.nanoTime() - s0 < spin) Thread.onSpinWait();
          long c0 = t.getCurrentThreadCpuTime();
          long w0 = System.nanoTime();
          LockSupport.parkNanos(1);
          long w1 = System.nanoTime();
          long c1 = t.getCurrentThreadCpuTime();
          cpu[i] = c1 - c0; dur[i] = w1 - w0;
        }
        Arrays.sort(cpu); Arrays.sort(dur);
        if (round > 0) System.out.printf("spin %4d us before: park CPU p50 %5.1f us p90 %5.1f, park lasts p50 %5.1f us%n", spin/1000, cpu[n/2]/1e3, cpu[n*9/10]/1e3, dur[n/2]/1e3);
      }
    }
    stop = true;
  }
}
