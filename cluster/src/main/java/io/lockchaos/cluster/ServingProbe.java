package io.lockchaos.cluster;

import io.lockchaos.cluster.containers.EtcdContainer;
import io.lockchaos.cluster.containers.FourLetterWords;
import io.lockchaos.cluster.containers.HazelcastContainer;
import io.lockchaos.cluster.containers.PostgresContainer;
import java.time.Duration;

/**
 * How a node shows that it serves, asked after it was started again (a kill's heal, a restart)
 * until it does. Each {@link Role} names its own: a Redis or a Sentinel answers {@code PING}, a
 * ZooKeeper server reports a mode to {@code srvr}, PostgreSQL and PgBouncer answer a query.
 */
@FunctionalInterface
public interface ServingProbe {

    /** A Redis or Sentinel: {@code redis-cli -p PORT ping} inside its container answers {@code PONG}. */
    ServingProbe REDIS_PING = (exec, port, hostPort) -> {
        String out = exec.run("timeout", "2", "redis-cli", "-p", Integer.toString(port), "ping").strip();
        return new Answer(out.equals("PONG"), out);
    };

    /** A ZooKeeper server: {@code srvr} on its published port names a mode (leader, follower, standalone). */
    ServingProbe ZOOKEEPER_SRVR = (exec, port, hostPort) -> {
        String out = FourLetterWords.send(Node.HOST, hostPort, "srvr", Duration.ofSeconds(1));
        return new Answer(!FourLetterWords.mode(out).isEmpty(), out);
    };

    /** An etcd member: {@code GET /health} on its published client port says {@code "health":"true"} (a leader, a read through it). */
    ServingProbe ETCD_HEALTH = (exec, port, hostPort) -> {
        boolean healthy = EtcdContainer.health(Node.HOST, hostPort);
        return new Answer(healthy, healthy ? "healthy" : "/health: not healthy");
    };

    /**
     * A Hazelcast member: {@code GET /cp} on its status port, asked inside its container (its
     * published port is not handed to probes), answers 200: it sees every member and the
     * METADATA CP group answers it.
     */
    ServingProbe HAZELCAST_CP = (exec, port, hostPort) -> {
        HazelcastContainer.Status status = HazelcastContainer.Status.ofResponse(
                exec.run(HazelcastContainer.STATUS_INSIDE.toArray(String[]::new)));
        return new Answer(status.serving(), status.text());
    };

    /** PostgreSQL or PgBouncer: {@code SELECT 1} through {@code psql} inside its container prints {@code 1}. */
    ServingProbe POSTGRES_QUERY = (exec, port, hostPort) -> {
        String out = exec.run(PostgresContainer.probe(port).toArray(String[]::new)).strip();
        return new Answer(out.equals("1"), out);
    };

    /** Runs a command inside the node's container and gives what it printed. */
    @FunctionalInterface
    interface Exec {
        String run(String... command);
    }

    /** What the node answered, and whether that means it serves. */
    record Answer(boolean serving, String text) {
    }

    /**
     * Asks once (a throw counts as not yet).
     *
     * @param exec runs a command inside the node's container
     * @param port its server port inside the network
     * @param hostPort that port as published on {@link Node#HOST} now
     */
    Answer ask(Exec exec, int port, int hostPort);
}
