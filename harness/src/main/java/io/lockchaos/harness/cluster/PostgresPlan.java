package io.lockchaos.harness.cluster;

import io.lockchaos.harness.cluster.ImageTags.Image;
import io.lockchaos.harness.cluster.containers.PgBouncerContainer;
import io.lockchaos.harness.cluster.containers.PostgresContainer;
import java.util.ArrayList;
import java.util.List;

/**
 * The PostgreSQL topologies' nodes: {@code pg-1} (and the ledger's {@code storage}) in the first
 * wave; in {@code postgres-pgbouncer}, {@code pgbouncer} in a second, since it is ready only once
 * a query goes through it to {@code pg-1}. The lock clients are given {@code pg-1}, or
 * {@code pgbouncer} when there is one.
 */
final class PostgresPlan {

    static final String SERVER = "pg-1";
    static final String BOUNCER = "pgbouncer";

    private PostgresPlan() {
    }

    /** The lock-service nodes of {@code topology}, in order. */
    static List<Layout.Member> members(Topology topology) {
        List<Layout.Member> out = new ArrayList<>(List.of(new Layout.Member(SERVER, Role.PG)));
        if (bounced(topology)) {
            out.add(new Layout.Member(BOUNCER, Role.BOUNCER));
        }
        return out;
    }

    /** The waves: {@code pg-1} with {@code storage} (the ledger's nodes), then PgBouncer if any. */
    static List<List<NodeSpec>> waves(Topology topology, List<NodeSpec> storage, ImageTags images) {
        String image = images.tag(Image.POSTGRES);
        List<NodeSpec> first = new ArrayList<>();
        first.add(new NodeSpec(SERVER, Role.PG, PostgresContainer.PORT, true, new PostgresContainer(image)));
        first.addAll(storage);
        if (!bounced(topology)) {
            return List.of(List.copyOf(first));
        }
        return List.of(List.copyOf(first), List.of(new NodeSpec(BOUNCER, Role.BOUNCER, PgBouncerContainer.PORT, false,
                new PgBouncerContainer(image))));
    }

    /** The role of the node lock clients connect to. */
    static Role clientRole(Topology topology) {
        return bounced(topology) ? Role.BOUNCER : Role.PG;
    }

    private static boolean bounced(Topology topology) {
        return topology == Topology.POSTGRES_PGBOUNCER;
    }
}
