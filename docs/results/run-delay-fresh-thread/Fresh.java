import java.nio.file.*;
public class Fresh {
    public static void main(String[] a) throws Exception {
        int zeroFirst = 0, n = 2000; String example = "";
        for (int i = 0; i < n; i++) {
            final String[] line = new String[1];
            Thread t = new Thread(() -> { try { line[0] = Files.readString(Path.of("/proc/thread-self/schedstat")).trim(); } catch (Exception e) { line[0] = "ERR"; } });
            t.start(); t.join();
            if (line[0].startsWith("0 ")) { zeroFirst++; example = line[0]; }
        }
        System.out.println("fresh threads whose schedstat's first field was 0: " + zeroFirst + " of " + n + (zeroFirst > 0 ? ", e.g. '" + example + "'" : ""));
    }
}
