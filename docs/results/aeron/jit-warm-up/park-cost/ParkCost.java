import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

public class ParkCost {
    public static void main(String[] a) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        // -Drequests=1000,10000000 (ns) measures other requests
        long[] reqs = Arrays.stream(System.getProperty("requests",
            "1000,50000,100000,150000,200000,300000,400000,600000,1000000,2000000").split(","))
            .mapToLong(Long::parseLong).toArray();
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
