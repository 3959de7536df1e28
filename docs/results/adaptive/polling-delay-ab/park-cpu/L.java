import java.lang.management.*;
import java.util.*;
import java.util.concurrent.locks.LockSupport;
public class L {
  public static void main(String[] a) throws Exception {
    ThreadMXBean t = ManagementFactory.getThreadMXBean();
    long[] reqs = {1, 50_000, 150_000, 400_000, 1_000_000, 3_000_000, 10_000_000};
    for (int round = 0; round < 2; round++) {
      for (long r : reqs) {
        int n = r >= 3_000_000 ? 60 : 300;
        long[] cpu = new long[n]; long[] dur = new long[n];
        for (int i = 0; i < n; i++) {
          long c0 = t.getCurrentThreadCpuTime();
          long w0 = System.nanoTime();
          LockSupport.parkNanos(r);
          long w1 = System.nanoTime();
          long c1 = t.getCurrentThreadCpuTime();
          cpu[i] = c1 - c0; dur[i] = w1 - w0;
        }
        Arrays.sort(cpu); Arrays.sort(dur);
        if (round > 0) System.out.printf("request %8.1f us: park CPU p50 %5.1f us p90 %5.1f, lasts p50 %8.1f us%n", r/1e3, cpu[n/2]/1e3, cpu[n*9/10]/1e3, dur[n/2]/1e3);
      }
    }
  }
}
