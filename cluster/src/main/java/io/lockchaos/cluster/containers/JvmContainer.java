package io.lockchaos.cluster.containers;

import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * A JVM process of the project's own (a worker; the Toxiproxy-compatible server runs in
 * {@link ProxyContainer}) in image
 * {@code lockchaos/jvm}: JRE 17 as PID 1 under libfaketime.
 */
public final class JvmContainer extends GenericContainer<JvmContainer> {

    /** Where {@link #withJar} puts the jar. */
    public static final String JAR = "/opt/lockchaos/lockchaos.jar";

    public JvmContainer(String image) {
        super(DockerImageName.parse(image));
    }

    /**
     * Puts {@code jar} (e.g. node/target/lockchaos-node.jar) at {@value #JAR}: bind-mounted
     * read-only when the engine runs on this machine ({@link #engineIsLocal}), else copied.
     */
    public JvmContainer withJar(Path jar) {
        return withJar(this, jar, JAR, engineIsLocal());
    }

    /**
     * Puts {@code jar} at {@code inside} in {@code container}: with {@code mount} a read-only
     * bind mount (the engine must see this machine's files; the shaded jar is 50-odd MB, which a
     * copy sends through the engine's API for every container), else a copy.
     */
    public static <C extends GenericContainer<C>> C withJar(C container, Path jar, String inside, boolean mount) {
        if (!mount) {
            return container.withCopyFileToContainer(MountableFile.forHostPath(jar), inside);
        }
        return withReadOnlyBind(container, jar, inside);
    }

    /**
     * Bind-mounts {@code host} (a file or a folder of this machine) read-only at {@code inside};
     * only where {@link #engineIsLocal}.
     */
    public static <C extends GenericContainer<C>> C withReadOnlyBind(C container, Path host, String inside) {
        // Set on the create command: Testcontainers' own withFileSystemBind first checks that
        // mounting works by running an alpine container, which it would try to pull.
        Bind bind = new Bind(host.toAbsolutePath().toString(), new Volume(inside), AccessMode.ro);
        return container.withCreateContainerCmdModifier(cmd -> {
            List<Bind> binds = new ArrayList<>();
            if (cmd.getHostConfig().getBinds() != null) {
                binds.addAll(List.of(cmd.getHostConfig().getBinds()));
            }
            binds.add(bind);
            cmd.getHostConfig().withBinds(binds);
        });
    }

    /**
     * Whether the Docker engine runs on this machine (no {@code DOCKER_HOST}, or a unix
     * socket), so that it can bind-mount a file of this machine instead of receiving a copy.
     */
    public static boolean engineIsLocal() {
        String dockerHost = System.getenv("DOCKER_HOST");
        return dockerHost == null || dockerHost.isBlank() || dockerHost.startsWith("unix://");
    }

    /**
     * The options of every JVM of ours in a container (workers, the proxy): they wait on the
     * network and compute little, and a run starts several at once on a small machine, so they
     * compile with C1 only ({@code TieredStopAtLevel=1}: far less compiler work while they
     * start) and collect with the serial collector (no GC threads for a heap of 128-256 MB).
     */
    public static final List<String> OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    /** Runs {@code java OPTIONS ARGS...} (the server itself, under faketime-exec). */
    public JvmContainer withJava(String... args) {
        List<String> command = new ArrayList<>();
        command.add("java");
        command.addAll(OPTIONS);
        command.addAll(List.of(args));
        setCommand(command.toArray(String[]::new));
        return this;
    }
}
