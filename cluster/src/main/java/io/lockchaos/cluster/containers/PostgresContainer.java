package io.lockchaos.cluster.containers;

import java.time.Duration;
import java.util.List;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A PostgreSQL 15 server (image {@code lockchaos/postgres}, entrypoint {@code pg-start}):
 * database, user and password {@value #DATABASE}. Ready once a query answers over TCP inside the
 * container ({@link #probe}), not merely once the port listens.
 */
public final class PostgresContainer extends GenericContainer<PostgresContainer> {

    public static final int PORT = 5432;
    public static final String DATABASE = "lockchaos";
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

    public PostgresContainer(String image) {
        super(DockerImageName.parse(image));
        withExposedPorts(PORT);
        waitingFor(Wait.forSuccessfulCommand(probeLine(PORT))
                .withRateLimiter(ReadinessPoll.own())
                .withStartupTimeout(STARTUP_TIMEOUT));
    }

    /**
     * The command, run inside a container of the image, that prints {@code 1} when the server on
     * {@code port} of 127.0.0.1 (PostgreSQL, or PgBouncer in front of it) answers a query, and
     * fails otherwise; each try is bounded by 3 s.
     */
    public static List<String> probe(int port) {
        return List.of("env", "PGPASSWORD=" + DATABASE, "PGCONNECT_TIMEOUT=3", "timeout", "3", "psql", "-h", "127.0.0.1",
                "-p", Integer.toString(port), "-U", DATABASE, "-d", DATABASE, "-Atc", "SELECT 1");
    }

    /** {@link #probe} as one {@code sh -c} line (Testcontainers' command wait strategy). */
    static String probeLine(int port) {
        return String.join(" ", probe(port).stream().map(a -> a.contains(" ") ? "'" + a + "'" : a).toList());
    }

    /** The port published for clients on the host. */
    public int getPort() {
        return getMappedPort(PORT);
    }
}
