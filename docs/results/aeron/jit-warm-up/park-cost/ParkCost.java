import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

public class ParkCost {
    public static void main(String[] a) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] reqs = {1_000, 50_000, 100_000, 150_000, 200_000, 300_000, 400_000, 600_000, 1_000_000, 2_000_000};
        int n = Integer.getInteger("n", 200);
        for (int round = 0; round < 3; round++) {
            for (long req : reqs) {
                long[] cpu = new long[n], dur = new long[n];
                for (int i = 0; i < n; i++) {
                    long c0 = mx.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    LockSupport.parkNanos(req);
                    long t1 = System.nanoTime();
                    long c1 = mx.getCurrentThreadCpuTime();
                    cpu[i] = c1 - c0; dur[i] = t1 - t0;
                }
                Arrays.sort(cpu); Arrays.sort(dur);
                if (round > 0)
                    System.out.printf("req %7.0f us: dur p50 %7.1f p90 %7.1f  cpu p50 %5.1f p90 %5.1f mean %5.1f us%n", req/1e3, dur[n/2]/1e3, dur[n*9/10]/1e3, cpu[n/2]/1e3, cpu[n*9/10]/1e3, Arrays.stream(cpu).average().getAsDouble()/1e3);
            }
        }
    }
}
