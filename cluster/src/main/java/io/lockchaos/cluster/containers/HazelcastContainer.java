package io.lockchaos.cluster.containers;

import io.lockchaos.workloads.hazelcast.HazelcastMember;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * One Hazelcast member with the CP Subsystem on ({@link HazelcastMember}, the node jar's main) in
 * image {@code lockchaos/jvm}: members talk on {@value #MEMBER_PORT}, clients connect on
 * {@value #CLIENT_PORT}, and {@code GET /cp} on {@value #STATUS_PORT} says whether it serves
 * ({@link #status}).
 *
 * <p>Like {@link EtcdContainer}, the member is held back until the file {@value #GATE} exists and
 * the container counts as started at once: whoever starts it first routes its peer links, then
 * creates the file.
 */
public final class HazelcastContainer extends GenericContainer<HazelcastContainer> {

    public static final int MEMBER_PORT = HazelcastMember.MEMBER_PORT;
    public static final int CLIENT_PORT = HazelcastMember.CLIENT_PORT;
    public static final int STATUS_PORT = HazelcastMember.STATUS_PORT;
    /** The file whose existence lets the member start. */
    public static final String GATE = "/tmp/lockchaos-start";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private final String image;

    /**
     * @param image the {@code lockchaos/jvm} image
     * @param jar the node jar, mounted or copied in
     * @param name this member's name and host name, one of {@code members}
     * @param members every member's host name on the cluster network
     */
    public HazelcastContainer(String image, Path jar, String name, List<String> members) {
        super(DockerImageName.parse(image));
        if (!members.contains(name)) {
            throw new IllegalArgumentException(name + " is not one of the members " + members);
        }
        this.image = image;
        JvmContainer.withJar(this, jar, JvmContainer.JAR, JvmContainer.engineIsLocal());
        List<String> command = new ArrayList<>(List.of("java"));
        command.addAll(JvmContainer.OPTIONS);
        command.addAll(List.of("-Xmx256m", "-cp", JvmContainer.JAR, HazelcastMember.class.getName(), name,
                String.join(",", members)));
        setCommand(command.toArray(String[]::new));
        withExposedPorts(CLIENT_PORT, STATUS_PORT);
        waitingFor(StartGate.noWait());
    }

    /** The client port published on the host. */
    public int getPort() {
        return getMappedPort(CLIENT_PORT);
    }

    /**
     * What the member on {@code port} of {@code host} (its published status port) says of the CP
     * Subsystem: whether it sees every member and a leader of the METADATA CP group, and its text.
     *
     * @throws UncheckedIOException when it does not answer within two seconds
     */
    public static Status status(String host, int port) {
        URI uri = URI.create("http://" + host + ":" + port + "/cp");
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Status(r.statusCode() == 200, r.body().strip());
        } catch (IOException e) {
            throw new UncheckedIOException("the Hazelcast member at " + host + ":" + port + " did not answer /cp: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException("interrupted while asking " + uri, new IOException(e));
        }
    }

    /**
     * Asks {@code GET /cp} from inside the container (bash's {@code /dev/tcp}; the image has no
     * HTTP client), printing the raw response; {@link Status#ofResponse} reads it.
     */
    public static final List<String> STATUS_INSIDE = List.of("timeout", "3", "bash", "-c",
            "exec 3<>/dev/tcp/127.0.0.1/" + STATUS_PORT + " && printf 'GET /cp HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3");

    /** Whether a member serves the CP Subsystem, and what it said ({@code members=3 ... leader=<uuid>}). */
    public record Status(boolean serving, String text) {

        /** The status in a raw HTTP response to {@code GET /cp}: serving on 200; the body as the text. */
        public static Status ofResponse(String response) {
            int body = response.indexOf("\r\n\r\n");
            String text = body < 0 ? response.strip() : response.substring(body + 4).strip();
            return new Status(response.startsWith("HTTP/1.1 200") || response.startsWith("HTTP/1.0 200"), text);
        }

        /** The leader it names, or {@code none}. */
        public String leader() {
            return field("leader");
        }

        /** Its own CP member id, or {@code none}. */
        public String self() {
            return field("self");
        }

        private String field(String name) {
            for (String part : text.split("\\s+")) {
                if (part.startsWith(name + "=")) {
                    return part.substring(name.length() + 1);
                }
            }
            return "none";
        }
    }

    @Override
    protected void configure() {
        List<String> entry = StartGate.entrypoint(getDockerClient(), image, GATE);
        withCreateContainerCmdModifier(cmd -> cmd.withEntrypoint(entry));
    }
}
