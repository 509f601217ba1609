package io.lockchaos.cluster.containers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/** A Redis server (image {@code lockchaos/redis}), optionally persistent or a replica. */
public final class RedisContainer extends GenericContainer<RedisContainer> {

    public static final int PORT = 6379;
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

    private boolean persistent;
    private String replicaOf;

    public RedisContainer(String image) {
        super(DockerImageName.parse(image));
        withExposedPorts(PORT);
        waitingFor(Wait.forLogMessage("(?s).*Ready to accept connections.*", 1)
                .withStartupTimeout(STARTUP_TIMEOUT));
    }

    /** With {@code appendonly yes} and {@code appendfsync always}; else no persistence at all. */
    public RedisContainer withPersistence(boolean value) {
        this.persistent = value;
        return this;
    }

    /** Replicates {@code masterHost}:{@value #PORT}. */
    public RedisContainer withReplicaOf(String masterHost) {
        this.replicaOf = masterHost;
        return this;
    }

    public boolean isPersistent() {
        return persistent;
    }

    /** The port published for clients on the host. */
    public int getPort() {
        return getMappedPort(PORT);
    }

    @Override
    protected void configure() {
        setCommand(command().toArray(String[]::new));
    }

    List<String> command() {
        List<String> args = new ArrayList<>(List.of("redis-server", "--bind", "0.0.0.0",
                "--protected-mode", "no", "--dir", "/data"));
        if (persistent) {
            args.addAll(List.of("--appendonly", "yes", "--appendfsync", "always"));
        } else {
            args.addAll(List.of("--appendonly", "no", "--save", ""));
        }
        if (replicaOf != null) {
            args.addAll(List.of("--replicaof", replicaOf, Integer.toString(PORT)));
        }
        return args;
    }
}
