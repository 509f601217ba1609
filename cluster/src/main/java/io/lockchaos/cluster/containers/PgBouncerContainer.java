package io.lockchaos.cluster.containers;

import java.time.Duration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * PgBouncer 1.18 (image {@code lockchaos/postgres}, entrypoint {@code pgbouncer-start}) in
 * transaction pooling mode in front of {@code pg-1:5432}: a server connection goes back to the
 * pool at the end of each transaction, and the next client's transaction may get it. Ready once a
 * query answers through it, so {@code pg-1} must be up first.
 */
public final class PgBouncerContainer extends GenericContainer<PgBouncerContainer> {

    public static final int PORT = 6432;
    public static final String ENTRYPOINT = "/usr/local/bin/pgbouncer-start";

    public PgBouncerContainer(String image) {
        super(DockerImageName.parse(image));
        withExposedPorts(PORT);
        withCreateContainerCmdModifier(cmd -> cmd.withEntrypoint(ENTRYPOINT));
        waitingFor(Wait.forSuccessfulCommand(PostgresContainer.probeLine(PORT))
                .withRateLimiter(ReadinessPoll.own())
                .withStartupTimeout(PostgresContainer.STARTUP_TIMEOUT));
    }
}
