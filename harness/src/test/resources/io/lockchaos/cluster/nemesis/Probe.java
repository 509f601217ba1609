/**
 * Run in a worker container by WorkerFaultsIT: spins, and every 200 ms of monotonic time prints
 * the wall clock the JVM sees, its monotonic clock and how many spins it made since the last line.
 */
public class Probe {
    public static void main(String[] args) {
        long last = System.nanoTime();
        long spins = 0;
        while (true) {
            spins++;
            long now = System.nanoTime();
            if (now - last >= 200_000_000L) {
                System.out.println("probe wall=" + System.currentTimeMillis() + " mono=" + now + " spins=" + spins
                        + " window=" + (now - last));
                spins = 0;
                last = now;
            }
        }
    }
}
