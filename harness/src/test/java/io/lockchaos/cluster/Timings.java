package io.lockchaos.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Appends cluster start times to target/cluster-start-times.tsv (and prints them). */
final class Timings {

    private static final Path FILE = Path.of("target", "cluster-start-times.tsv");

    private Timings() {
    }

    static Cluster timedStart(Topology topology, ClusterOptions options) {
        long t0 = System.nanoTime();
        Cluster cluster = Clusters.start(topology, options);
        double seconds = (System.nanoTime() - t0) / 1e9;
        String line = String.format(java.util.Locale.ROOT, "%s\tzk=%d\tpersist=%s\t%.2f s%n", topology.id(),
                options.zkNodes(), options.persist(), seconds);
        System.out.print("cluster start: " + line);
        try {
            Files.createDirectories(FILE.getParent());
            Files.writeString(FILE, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + FILE, e);
        }
        return cluster;
    }
}
