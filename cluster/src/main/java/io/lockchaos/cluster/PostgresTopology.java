package io.lockchaos.cluster;

import io.lockchaos.cluster.ImageTags.Image;
import io.lockchaos.cluster.containers.PgBouncerContainer;
import io.lockchaos.cluster.containers.PostgresContainer;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code postgres}: one PostgreSQL server, {@code pg-1}, the lock clients' node. With
 * {@code bounced} ({@code postgres-pgbouncer}) PgBouncer in transaction pooling in front of it,
 * {@code pgbouncer}, in a second wave (it counts as up once a query goes through it to
 * {@code pg-1}), and the lock clients are given PgBouncer instead.
 */
final class PostgresTopology implements TopologyDescriptor {

    static final String SERVER = "pg-1";
    static final String BOUNCER = "pgbouncer";

    private final boolean bounced;

    PostgresTopology(boolean bounced) {
        this.bounced = bounced;
    }

    @Override
    public List<Layout.Member> service(ClusterOptions options) {
        List<Layout.Member> out = new ArrayList<>(List.of(new Layout.Member(SERVER, Role.PG)));
        if (bounced) {
            out.add(new Layout.Member(BOUNCER, Role.BOUNCER));
        }
        return out;
    }

    @Override
    public ServicePlan plan(ClusterOptions options, ImageTags images) {
        String image = images.tag(Image.POSTGRES);
        List<NodeSpec> server = List.of(new NodeSpec(SERVER, Role.PG, PostgresContainer.PORT, true,
                new PostgresContainer(image)));
        if (!bounced) {
            return ServicePlan.oneWave(server);
        }
        return new ServicePlan(List.of(server, List.of(new NodeSpec(BOUNCER, Role.BOUNCER, PgBouncerContainer.PORT,
                false, new PgBouncerContainer(image)))), () -> { });
    }

    @Override
    public Role clientRole() {
        return bounced ? Role.BOUNCER : Role.PG;
    }

    @Override
    public boolean redisService() {
        return false;
    }
}
