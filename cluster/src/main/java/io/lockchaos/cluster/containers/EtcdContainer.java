package io.lockchaos.cluster.containers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * One etcd 3.4 cluster member (image {@code lockchaos/etcd}), started with every setting as a
 * flag: its name is its host name on the cluster network, its peers are {@code NAME:2380}
 * ({@code --initial-cluster}), clients reach it on 2379.
 *
 * <p>The server is held back until the file {@value #GATE} exists (so a restarted container goes
 * straight on) and the container counts as started at once: whoever starts it first sets up what
 * must be in place before the member dials its first peer (the peer links' NAT rules), then
 * creates the file. Whether the cluster serves is asked with {@link #health} and {@link #status},
 * over etcd's HTTP endpoints on the published client port.
 */
public final class EtcdContainer extends GenericContainer<EtcdContainer> {

    public static final int CLIENT_PORT = 2379;
    public static final int PEER_PORT = 2380;
    public static final String DATA_DIR = "/data/etcd";
    /** The file whose existence lets the server start. */
    public static final String GATE = "/data/start";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private final String image;
    private final String name;
    private final List<String> members;

    /**
     * @param name this member's name and host name, one of {@code members}
     * @param members every member's host name on the cluster network
     */
    public EtcdContainer(String image, String name, List<String> members) {
        super(DockerImageName.parse(image));
        if (!members.contains(name)) {
            throw new IllegalArgumentException(name + " is not one of the members " + members);
        }
        this.image = image;
        this.name = name;
        this.members = List.copyOf(members);
        withExposedPorts(CLIENT_PORT);
        waitingFor(StartGate.noWait());
    }

    /** The client port published on the host. */
    public int getPort() {
        return getMappedPort(CLIENT_PORT);
    }

    /** The etcd command line this member runs. */
    public List<String> command() {
        String cluster = members.stream().map(m -> m + "=http://" + m + ":" + PEER_PORT)
                .collect(Collectors.joining(","));
        return List.of("etcd", "--name", name, "--data-dir", DATA_DIR,
                "--listen-client-urls", "http://0.0.0.0:" + CLIENT_PORT,
                "--advertise-client-urls", "http://" + name + ":" + CLIENT_PORT,
                "--listen-peer-urls", "http://0.0.0.0:" + PEER_PORT,
                "--initial-advertise-peer-urls", "http://" + name + ":" + PEER_PORT,
                "--initial-cluster", cluster, "--initial-cluster-state", "new",
                "--initial-cluster-token", "lockchaos", "--logger", "zap");
    }

    /**
     * Whether this member, asked on {@code port} of {@code host}, reports itself healthy: etcd's
     * {@code GET /health}, which is true only while the cluster has a leader and a read through
     * it answers.
     *
     * @throws UncheckedIOException when the member does not answer within a second or two
     */
    public static boolean health(String host, int port) {
        return get(host, port, "/health").path("health").asText().equals("true");
    }

    /**
     * This member's view: its own id and the leader's ({@code POST /v3/maintenance/status}, the
     * gRPC gateway), 0 for no leader.
     *
     * @throws UncheckedIOException when the member does not answer within a second or two
     */
    public static Status status(String host, int port) {
        JsonNode s = post(host, port, "/v3/maintenance/status");
        return new Status(Long.parseUnsignedLong(s.path("header").path("member_id").asText("0")),
                Long.parseUnsignedLong(s.path("leader").asText("0")), s.path("raftTerm").asLong());
    }

    /** A member's id, the leader it knows (0: none) and its raft term. */
    public record Status(long member, long leader, long term) {
    }

    private static JsonNode get(String host, int port, String path) {
        return send(HttpRequest.newBuilder(uri(host, port, path)).GET(), host, port, path);
    }

    private static JsonNode post(String host, int port, String path) {
        return send(HttpRequest.newBuilder(uri(host, port, path)).POST(HttpRequest.BodyPublishers.ofString("{}")),
                host, port, path);
    }

    private static URI uri(String host, int port, String path) {
        return URI.create("http://" + host + ":" + port + path);
    }

    private static JsonNode send(HttpRequest.Builder request, String host, int port, String path) {
        try {
            HttpResponse<String> r = HTTP.send(request.timeout(Duration.ofSeconds(2)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new UncheckedIOException("etcd at " + host + ":" + port + " did not answer " + path + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException("interrupted while asking etcd at " + host + ":" + port + " " + path,
                    new IOException(e));
        }
    }

    @Override
    protected void configure() {
        List<String> entry = StartGate.entrypoint(getDockerClient(), image, GATE);
        withCreateContainerCmdModifier(cmd -> cmd.withEntrypoint(entry));
        withCommand(command().toArray(String[]::new));
    }
}
