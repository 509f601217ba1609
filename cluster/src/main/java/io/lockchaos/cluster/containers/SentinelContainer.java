package io.lockchaos.cluster.containers;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/** A Redis Sentinel (image {@code lockchaos/redis}, {@code redis-server --sentinel}). */
public final class SentinelContainer extends GenericContainer<SentinelContainer> {

    public static final int PORT = 26379;
    public static final String CONFIG = "/etc/redis/sentinel.conf";

    /**
     * What a Sentinel watches and how eagerly it fails over.
     *
     * @param masterName the name clients ask for ({@code SENTINEL get-master-addr-by-name})
     * @param host the master's host name on the cluster network
     * @param port the master's port
     * @param quorum Sentinels that must agree the master is down
     * @param downAfterMillis silence after which a Sentinel deems the master down
     * @param failoverTimeoutMillis the failover timeout
     */
    public record Monitor(String masterName, String host, int port, int quorum,
                          int downAfterMillis, int failoverTimeoutMillis) {
    }

    private final Monitor monitor;

    public SentinelContainer(String image, Monitor monitor) {
        super(DockerImageName.parse(image));
        this.monitor = monitor;
        withExposedPorts(PORT);
        waitingFor(Wait.forLogMessage("(?s).*\\+monitor master.*", 1)
                .withStartupTimeout(RedisContainer.STARTUP_TIMEOUT));
    }

    public Monitor monitor() {
        return monitor;
    }

    /** The port published for clients on the host. */
    public int getPort() {
        return getMappedPort(PORT);
    }

    /** The Sentinel configuration file this container starts with. */
    public String config() {
        String m = monitor.masterName();
        return String.join("\n",
                "port " + PORT,
                "dir /tmp",
                "sentinel resolve-hostnames yes",
                "sentinel monitor " + m + " " + monitor.host() + " " + monitor.port() + " " + monitor.quorum(),
                "sentinel down-after-milliseconds " + m + " " + monitor.downAfterMillis(),
                "sentinel failover-timeout " + m + " " + monitor.failoverTimeoutMillis(),
                "sentinel parallel-syncs " + m + " 1",
                "");
    }

    /**
     * This Sentinel's view of the master ({@code SENTINEL MASTER name}) as field/value
     * pairs, e.g. {@code ip}, {@code num-slaves}, {@code num-other-sentinels}. Asked through
     * {@code redis-cli} inside the container.
     */
    public Map<String, String> masterState() {
        ExecResult result;
        try {
            result = execInContainer("redis-cli", "-p", Integer.toString(PORT),
                    "SENTINEL", "MASTER", monitor.masterName());
        } catch (IOException e) {
            throw new ContainerLaunchException("cannot run redis-cli in " + getContainerName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ContainerLaunchException("interrupted asking " + getContainerName() + " for its master", e);
        }
        String[] lines = result.getStdout().split("\n");
        Map<String, String> fields = new HashMap<>();
        for (int i = 0; i + 1 < lines.length; i += 2) {
            fields.put(lines[i].trim(), lines[i + 1].trim());
        }
        return fields;
    }

    /**
     * Waits until this Sentinel knows {@code replicas} replicas and {@code otherSentinels}
     * other Sentinels: only then can it take part in a failover.
     *
     * @throws ContainerLaunchException with its last view when the deadline passes
     */
    public void awaitQuorumView(int replicas, int otherSentinels, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, String> state = Map.of();
        while (System.nanoTime() < deadline) {
            state = masterState();
            if (atLeast(state, "num-slaves", replicas) && atLeast(state, "num-other-sentinels", otherSentinels)) {
                return;
            }
            pause(Duration.ofMillis(100));
        }
        throw new ContainerLaunchException(getContainerName() + " did not see " + replicas + " replicas and "
                + otherSentinels + " other sentinels within " + timeout + "; its view: " + state);
    }

    private static boolean atLeast(Map<String, String> state, String field, int wanted) {
        try {
            return Integer.parseInt(state.getOrDefault(field, "-1")) >= wanted;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ContainerLaunchException("interrupted while waiting for a sentinel", e);
        }
    }

    @Override
    protected void configure() {
        withCopyToContainer(Transferable.of(config(), 0644), CONFIG);
        setCommand("redis-server", CONFIG, "--sentinel");
    }
}
