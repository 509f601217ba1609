package io.lockchaos.harness.cluster.containers;

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

    /** Copies {@code jar} (e.g. node/target/lockchaos-node.jar) to {@value #JAR}. */
    public JvmContainer withJar(Path jar) {
        return withCopyFileToContainer(MountableFile.forHostPath(jar), JAR);
    }

    /** Runs {@code java ARGS...} (the server itself, under faketime-exec). */
    public JvmContainer withJava(String... args) {
        List<String> command = new ArrayList<>();
        command.add("java");
        command.addAll(List.of(args));
        setCommand(command.toArray(String[]::new));
        return this;
    }
}
