package io.lockchaos.history;

/** One instance of each of the first client processes: a large history names them a million times. */
final class Clients {

    static final Process.Client[] SHARED = new Process.Client[1024];

    static {
        for (int i = 0; i < SHARED.length; i++) {
            SHARED[i] = new Process.Client(i);
        }
    }

    private Clients() {
    }
}
