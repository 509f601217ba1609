package io.lockchaos.workloads.hazelcast;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.ServerSocketEndpointConfig;
import com.hazelcast.config.cp.CPSubsystemConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.cp.CPGroup;
import com.hazelcast.cp.internal.RaftService;
import com.hazelcast.cp.internal.raft.impl.RaftEndpoint;
import com.hazelcast.cp.internal.raft.impl.RaftNode;
import com.hazelcast.instance.impl.HazelcastInstanceProxy;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One member of the {@code hazelcast} topology: Hazelcast 5.4 with the CP Subsystem on (every
 * member a CP member, {@value #CP_MEMBERS} of them, no persistence), run in the project's JVM
 * image. Members talk on {@value #MEMBER_PORT} and clients on {@value #CLIENT_PORT} (Hazelcast's
 * advanced network: two endpoints), so the harness can proxy the two kinds of link apart and
 * count member links alone. Members find each other by TCP-IP join over their host names.
 *
 * <p>The CP session TTL is {@link #SESSION_TTL} with a heartbeat every {@link #SESSION_HEARTBEAT}:
 * a member setting, fixed for the topology, which the {@code hazelcast-fenced} backend's
 * {@code ttlMs} must name.
 *
 * <p>A small HTTP endpoint on {@value #STATUS_PORT}, {@code GET /cp}, tells whether this member
 * serves the CP Subsystem: 200 when it sees every member in the cluster and the METADATA CP group
 * answers it within a second (a Raft call, which needs the group's leader), 503 otherwise; the
 * text names the group's CP members, the leader this member knows of (none when it is no CP
 * member: a member restarted without persistence comes back as a new, non-CP member) and its own
 * CP id. It is asked live on every request, so a paused member does not answer.
 *
 * <p>Usage: {@code HazelcastMember NAME MEMBER,MEMBER,...}
 */
public final class HazelcastMember {

    /** Port of the member-to-member endpoint. */
    public static final int MEMBER_PORT = 5701;
    /** Port of the client endpoint. */
    public static final int CLIENT_PORT = 5702;
    /** Port of the {@code /cp} status endpoint. */
    public static final int STATUS_PORT = 5801;
    /** CP members, and so the size of every CP group. */
    public static final int CP_MEMBERS = 3;
    /** The CP session TTL: a holder's lock is released this long after its last session heartbeat. */
    public static final Duration SESSION_TTL = Duration.ofSeconds(5);
    /** How often a client's session manager sends the session heartbeat. */
    public static final Duration SESSION_HEARTBEAT = Duration.ofSeconds(1);
    /** How long {@code /cp} waits for the METADATA CP group to answer. */
    private static final Duration STATUS_WAIT = Duration.ofSeconds(1);
    /** The cluster name clients must give. */
    public static final String CLUSTER = "lockchaos";

    private HazelcastMember() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: HazelcastMember NAME MEMBER,MEMBER,...");
            System.exit(3);
        }
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(config(args[0], Arrays.asList(args[1].split(","))));
        HttpServer status = HttpServer.create(new InetSocketAddress(STATUS_PORT), 0);
        status.createContext("/cp", exchange -> answer(exchange, hz));
        status.start();
    }

    /** The member's config: two endpoints, TCP-IP join over {@code members}, the CP Subsystem on. */
    static Config config(String name, List<String> members) {
        Config config = new Config();
        config.setClusterName(CLUSTER);
        config.setInstanceName(name);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "slf4j");
        config.getAdvancedNetworkConfig().setEnabled(true);
        config.getAdvancedNetworkConfig().setMemberEndpointConfig(
                new ServerSocketEndpointConfig().setPort(MEMBER_PORT).setPortAutoIncrement(false));
        config.getAdvancedNetworkConfig().setClientEndpointConfig(
                new ServerSocketEndpointConfig().setPort(CLIENT_PORT).setPortAutoIncrement(false));
        JoinConfig join = config.getAdvancedNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true);
        members.forEach(m -> join.getTcpIpConfig().addMember(m + ":" + MEMBER_PORT));
        CPSubsystemConfig cp = config.getCPSubsystemConfig();
        cp.setCPMemberCount(CP_MEMBERS);
        cp.setGroupSize(CP_MEMBERS);
        cp.setSessionTimeToLiveSeconds((int) SESSION_TTL.toSeconds());
        cp.setSessionHeartbeatIntervalSeconds((int) SESSION_HEARTBEAT.toSeconds());
        return config;
    }

    private static void answer(HttpExchange exchange, HazelcastInstance hz) throws IOException {
        String text;
        boolean serving;
        try {
            int members = hz.getCluster().getMembers().size();
            RaftService raft = ((HazelcastInstanceProxy) hz).getOriginal().node.getNodeEngine()
                    .getService(RaftService.SERVICE_NAME);
            RaftNode metadata = raft.getMetadataGroupId() == null ? null : raft.getRaftNode(raft.getMetadataGroupId());
            RaftEndpoint leader = metadata == null ? null : metadata.getLeader();
            CPGroup group = hz.getCPSubsystem().getCPSubsystemManagementService()
                    .getCPGroup(CPGroup.METADATA_CP_GROUP_NAME).toCompletableFuture()
                    .get(STATUS_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            serving = members == CP_MEMBERS && group != null;
            text = "members=" + members + " cp-members=" + (group == null ? 0 : group.members().size()) + " leader="
                    + (leader == null ? "none" : leader.getUuid()) + " self="
                    + (raft.getLocalCPMember() == null ? "none" : raft.getLocalCPMember().getUuid()) + "\n";
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            serving = false;
            text = "not serving: " + e + "\n";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            serving = false;
            text = "interrupted\n";
        }
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(serving ? 200 : 503, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
