package io.lockchaos.cluster.containers;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * One ZooKeeper 3.8 ensemble member (image {@code lockchaos/zookeeper}). It counts as
 * started once it serves clients, i.e. once the ensemble has elected a leader; start the
 * members in parallel.
 *
 * <p>{@link #withStartGate()} holds the server back instead: the container runs, but the
 * image's command waits until the file {@value #GATE} exists (so a restarted container goes
 * straight on), and it counts as started at once. Whoever starts it first sets up what must be
 * in place before the server makes its first connection (the quorum links' NAT rules), then
 * creates the file ({@code touch}) and waits with {@link #awaitServing}.
 */
public final class ZooKeeperContainer extends GenericContainer<ZooKeeperContainer> {

    public static final int CLIENT_PORT = 2181;
    public static final int QUORUM_PORT = 2888;
    public static final int ELECTION_PORT = 3888;
    public static final int TICK_MILLIS = 500;
    public static final String CONFIG = "/etc/zookeeper/conf/zoo.cfg";
    public static final String DATA_DIR = "/data/zk";
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);
    /** How long a member must keep serving before it counts as started ({@code ServingWait}). */
    private static final Duration STEADY = Duration.ofSeconds(1);
    /** The file whose existence lets a gated server start ({@link #withStartGate()}). */
    public static final String GATE = "/etc/zookeeper/conf/start";

    private final String image;
    private final int myId;
    private final List<String> ensemble;
    private boolean gated;

    /**
     * @param myId this member's id, 1-based: its position in {@code ensemble}
     * @param ensemble every member's host name on the cluster network, in id order
     */
    public ZooKeeperContainer(String image, int myId, List<String> ensemble) {
        super(DockerImageName.parse(image));
        if (myId < 1 || myId > ensemble.size()) {
            throw new IllegalArgumentException("myId " + myId + " is outside the ensemble of " + ensemble.size());
        }
        this.image = image;
        this.myId = myId;
        this.ensemble = List.copyOf(ensemble);
        withExposedPorts(CLIENT_PORT);
        waitingFor(new ServingWait().withStartupTimeout(STARTUP_TIMEOUT));
    }

    /** Holds the server back until {@value #GATE} exists; the container counts as started once it runs. */
    public ZooKeeperContainer withStartGate() {
        gated = true;
        return waitingFor(StartGate.noWait());
    }

    /** Waits up to {@code timeout} until {@code srvr} has reported a mode (in a quorum and serving) for {@link #STEADY}. */
    public void awaitServing(Duration timeout) {
        ServingWait wait = new ServingWait();
        wait.withStartupTimeout(timeout);
        wait.waitUntilReady(this);
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
        if (gated) {
            List<String> command = new ArrayList<>(StartGate.entrypoint(getDockerClient(), image, GATE));
            command.addAll(StartGate.command(getDockerClient(), image));
            withCreateContainerCmdModifier(cmd -> cmd.withEntrypoint(command));
        }
    }

    /**
     * Ready when {@code srvr} has reported a mode (the member is in a quorum and serving) on every
     * probe for {@link #STEADY}. Right after the election a member may serve and then fall back to
     * looking (seen: a five-member ensemble with one member not serving just after every member
     * had reported a mode once), so one answer is not enough.
     */
    private final class ServingWait extends AbstractWaitStrategy {
        ServingWait() {
            withRateLimiter(ReadinessPoll.own());
        }

        @Override
        protected void waitUntilReady() {
            long deadline = System.nanoTime() + startupTimeout.toNanos();
            String last = "(no answer yet)";
            OptionalLong servingSince = OptionalLong.empty();
            while (System.nanoTime() < deadline) {
                try {
                    last = FourLetterWords.send("127.0.0.1", waitStrategyTarget.getMappedPort(CLIENT_PORT),
                            "srvr", Duration.ofSeconds(1));
                    boolean serving = !FourLetterWords.mode(last).isEmpty();
                    servingSince = !serving ? OptionalLong.empty()
                            : servingSince.isPresent() ? servingSince : OptionalLong.of(System.nanoTime());
                    if (serving && System.nanoTime() - servingSince.getAsLong() >= STEADY.toNanos()) {
                        return;
                    }
                } catch (UncheckedIOException notYet) {
                    last = notYet.getMessage();
                    servingSince = OptionalLong.empty();
                }
                getRateLimiter().doWhenReady(() -> { });
            }
            throw new ContainerLaunchException("ZooKeeper member " + myId + " did not serve within "
                    + startupTimeout + "; last srvr answer: " + last);
        }
    }
}
