package io.lockchaos.harness.run;

import io.lockchaos.harness.cluster.containers.JvmContainer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.MountableFile;

/**
 * One worker JVM in a container of its own on the cluster network (so a pause of the
 * container freezes the lock client's threads too): runs {@code WorkerMain} with its config,
 * streams its history on stdout line by line to {@code lines}, and its stderr to a log file.
 * A user's lock classes (the scenario's {@code lock.classpath}) are copied into the container
 * under {@value #USER} and appended to the {@code -cp}.
 */
final class WorkerContainer implements AutoCloseable {

    static final String MAIN = "io.lockchaos.workloads.worker.WorkerMain";
    static final String CONFIG = "/opt/lockchaos/worker.json";
    /** Where the user's classpath entries go: {@code <i>-<file name>} each. */
    static final String USER = "/opt/lockchaos/user";

    private final String name;
    private final JvmContainer container;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final Path log;

    /**
     * @param name {@code worker-N}: its host name and the last part of its container name
     * @param userClasspath jars and classes directories on the host to append to the {@code -cp}
     * @param labels the cluster run's labels, so the cluster's clean-up removes it too
     */
    WorkerContainer(String name, String image, Path jar, List<Path> userClasspath, String network,
                    String containerName, Map<String, String> labels, String configJson, Consumer<String> lines,
                    Path log) {
        this.name = name;
        this.log = log;
        JvmContainer jvm = new JvmContainer(image).withJar(jar);
        List<String> classpath = new ArrayList<>(List.of(JvmContainer.JAR));
        for (int i = 0; i < userClasspath.size(); i++) {
            String inside = USER + "/" + i + "-" + userClasspath.get(i).getFileName();
            jvm = jvm.withCopyFileToContainer(MountableFile.forHostPath(userClasspath.get(i)), inside);
            classpath.add(inside);
        }
        String cp = String.join(":", classpath);
        appendLog(log, "worker " + name + ": stderr of java " + String.join(" ", JvmContainer.OPTIONS) + " -cp " + cp + " "
                + MAIN + " " + CONFIG);
        LineSplitter out = new LineSplitter(lines);
        LineSplitter err = new LineSplitter(line -> appendLog(log, line));
        this.container = jvm
                .withCopyToContainer(Transferable.of(configJson.getBytes(StandardCharsets.UTF_8)), CONFIG)
                .withJava("-Xmx256m", "-cp", cp, MAIN, CONFIG, "-")
                .withNetworkMode(network)
                .withLabels(labels)
                .withCreateContainerCmdModifier(cmd -> cmd.withName(containerName).withHostName(name)
                        .getHostConfig().withCapAdd(com.github.dockerjava.api.model.Capability.NET_ADMIN))
                .withLogConsumer(frame -> accept(frame, out, err));
    }

    private void accept(OutputFrame frame, LineSplitter out, LineSplitter err) {
        switch (frame.getType()) {
            case STDOUT:
                out.accept(frame.getBytes());
                break;
            case STDERR:
                err.accept(frame.getBytes());
                break;
            default:
                out.flush();
                err.flush();
                ended.countDown();
        }
    }

    private static void appendLog(Path log, String line) {
        try {
            Files.writeString(log, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the worker log " + log, e);
        }
    }

    String name() {
        return name;
    }

    void start() {
        try {
            container.start();
        } catch (RuntimeException e) {
            throw new RunException("worker " + name + " did not start: " + e.getMessage(), e);
        }
    }

    String containerId() {
        return container.getContainerId();
    }

    /** Whether its JVM still runs. */
    boolean running() {
        try {
            return container.getContainerId() != null && Boolean.TRUE.equals(
                    container.getDockerClient().inspectContainerCmd(containerId()).exec().getState().getRunning());
        } catch (com.github.dockerjava.api.exception.NotFoundException removed) {
            // Removed under the run (its clean-up on Ctrl-C): not running.
            return false;
        }
    }

    /** Sends SIGTERM: the worker finishes the step under way, closes its history and exits. */
    void terminate() {
        if (running()) {
            container.getDockerClient().killContainerCmd(containerId()).withSignal("TERM").exec();
        }
    }

    /** Waits up to {@code millis} for its output to end (the JVM exited); whether it did. */
    boolean awaitEnd(long millis) throws InterruptedException {
        return ended.await(millis, TimeUnit.MILLISECONDS);
    }

    /** Its exit code, once it ended. */
    Long exitCode() {
        return container.getDockerClient().inspectContainerCmd(containerId()).exec().getState().getExitCodeLong();
    }

    /** Notes its exit code at the end of its log (143: stopped by SIGTERM, as the harness does). */
    void logExit() {
        // Docker records the exit a moment after the output ends.
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(10).toNanos();
        while (running() && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(java.time.Duration.ofMillis(50).toNanos());
        }
        appendLog(log, "worker " + name + (running() ? " still runs 10 s after its output ended"
                : " exited with status " + exitCode()));
    }

    @Override
    public void close() {
        container.stop();
    }
}
