package io.lockchaos.harness.cluster.containers;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * One ZooKeeper 3.8 ensemble member (image {@code lockchaos/zookeeper}). It counts as
 * started once it serves clients, i.e. once the ensemble has elected a leader; start the
 * members in parallel.
 */
public final class ZooKeeperContainer extends GenericContainer<ZooKeeperContainer> {

    public static final int CLIENT_PORT = 2181;
    public static final int QUORUM_PORT = 2888;
    public static final int ELECTION_PORT = 3888;
    public static final int TICK_MILLIS = 500;
    public static final String CONFIG = "/etc/zookeeper/conf/zoo.cfg";
    public static final String DATA_DIR = "/data/zk";
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

    private final int myId;
    private final List<String> ensemble;

    /**
     * @param myId this member's id, 1-based: its position in {@code ensemble}
     * @param ensemble every member's host name on the cluster network, in id order
     */
    public ZooKeeperContainer(String image, int myId, List<String> ensemble) {
        super(DockerImageName.parse(image));
        if (myId < 1 || myId > ensemble.size()) {
            throw new IllegalArgumentException("myId " + myId + " is outside the ensemble of " + ensemble.size());
        }
        this.myId = myId;
        this.ensemble = List.copyOf(ensemble);
        withExposedPorts(CLIENT_PORT);
        waitingFor(new ServingWait().withStartupTimeout(STARTUP_TIMEOUT));
    }

    /** The client port published on the host. */
    public int getPort() {
        return getMappedPort(CLIENT_PORT);
    }

    /** This member's answer to {@code srvr}, asked through the published port. */
    public String srvr() {
        return FourLetterWords.send("127.0.0.1", getPort(), "srvr", Duration.ofSeconds(2));
    }

    /** The zoo.cfg this member starts with. */
    public String config() {
        List<String> lines = new ArrayList<>(List.of(
                "tickTime=" + TICK_MILLIS,
                "initLimit=10",
                "syncLimit=5",
                "dataDir=" + DATA_DIR,
                "clientPort=" + CLIENT_PORT,
                "quorumListenOnAllIPs=true",
                "admin.enableServer=false",
                "4lw.commands.whitelist=srvr,ruok,mntr,stat"));
        for (int i = 0; i < ensemble.size(); i++) {
            lines.add("server." + (i + 1) + "=" + ensemble.get(i) + ":" + QUORUM_PORT + ":" + ELECTION_PORT);
        }
        return String.join("\n", lines) + "\n";
    }

    @Override
    protected void configure() {
        withCopyToContainer(Transferable.of(config(), 0644), CONFIG);
        withCopyToContainer(Transferable.of(myId + "\n", 0644), DATA_DIR + "/myid");
    }

    /** Ready when {@code srvr} reports a mode: the member is in a quorum and serving. */
    private final class ServingWait extends AbstractWaitStrategy {
        @Override
        protected void waitUntilReady() {
            long deadline = System.nanoTime() + startupTimeout.toNanos();
            String last = "(no answer yet)";
            while (System.nanoTime() < deadline) {
                try {
                    last = FourLetterWords.send("127.0.0.1", waitStrategyTarget.getMappedPort(CLIENT_PORT),
                            "srvr", Duration.ofSeconds(1));
                    if (!FourLetterWords.mode(last).isEmpty()) {
                        return;
                    }
                } catch (UncheckedIOException notYet) {
                    last = notYet.getMessage();
                }
                getRateLimiter().doWhenReady(() -> { });
            }
            throw new ContainerLaunchException("ZooKeeper member " + myId + " did not serve within "
                    + startupTimeout + "; last srvr answer: " + last);
        }
    }
}
