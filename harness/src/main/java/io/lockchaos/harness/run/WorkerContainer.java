package io.lockchaos.harness.run;

import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.DockerClientException;
import com.github.dockerjava.api.exception.NotFoundException;
import io.lockchaos.cluster.ClusterException;
import io.lockchaos.cluster.containers.JvmContainer;
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
 * container freezes the lock client's threads too): runs {@code WorkerMain --await}, which
 * starts and waits until {@link #release} gives it its config, streams its history on stdout
 * line by line to {@code lines}, and its stderr to a log file and to {@code logLines}.
 * A user's lock classes (the scenario's {@code lock.classpath}) are copied into the container
 * under {@value #USER} and appended to the {@code -cp}.
 */
final class WorkerContainer implements AutoCloseable {

    static final String MAIN = "io.lockchaos.workloads.worker.WorkerMain";
    /** Where the folder of the run's worker configs is mounted (a local engine). */
    static final String CONFIGS = "/opt/lockchaos/workers";
    /** Where the config is copied when the engine is not on this machine. */
    static final String COPIED_CONFIG = "/opt/lockchaos/worker.json";
    /** The suffix of the file written after a config: the worker reads its config once it exists. */
    static final String GO = ".go";
    /** Where the user's classpath entries go: {@code <i>-<file name>} each. */
    static final String USER = "/opt/lockchaos/user";

    private final String name;
    private final JvmContainer container;
    /** The config on this machine, in the mounted folder; null when it is copied in. */
    private final Path hostConfig;
    private final String config;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final Path log;

    /**
     * @param name {@code worker-N}: its host name and the last part of its container name
     * @param userClasspath jars and classes directories on the host to append to the {@code -cp}
     * @param labels the cluster run's labels, so the cluster's clean-up removes it too
     * @param configs the folder of this machine for the config, mounted read-only at
     *     {@value #CONFIGS} when the engine is local (a file written there needs no call to the
     *     engine); else the config is copied in
     * @param classData the workers' class-data archive, and whether this worker learns it
     */
    WorkerContainer(String name, String image, Path jar, List<Path> userClasspath, String network,
                    String containerName, Map<String, String> labels, Path configs, ClassDataRole classData,
                    Consumer<String> lines, Consumer<String> logLines, Path log) {
        this.name = name;
        this.log = log;
        JvmContainer jvm = new JvmContainer(image).withJar(jar);
        List<String> options = classData.data().options(classData.learner());
        if (classData.data().maps(classData.learner())) {
            jvm = JvmContainer.withReadOnlyBind(jvm, classData.data().archive(), WorkerClassData.ARCHIVE);
        }
        if (JvmContainer.engineIsLocal()) {
            jvm = JvmContainer.withReadOnlyBind(jvm, configs, CONFIGS);
            this.hostConfig = configs.resolve(name + ".json");
            this.config = CONFIGS + "/" + name + ".json";
        } else {
            this.hostConfig = null;
            this.config = COPIED_CONFIG;
        }
        List<String> classpath = new ArrayList<>(List.of(JvmContainer.JAR));
        for (int i = 0; i < userClasspath.size(); i++) {
            String inside = USER + "/" + i + "-" + userClasspath.get(i).getFileName();
            jvm = jvm.withCopyFileToContainer(MountableFile.forHostPath(userClasspath.get(i)), inside);
            classpath.add(inside);
        }
        String cp = String.join(":", classpath);
        List<String> java = new ArrayList<>(options);
        java.addAll(List.of("-Xmx256m", "-cp", cp, MAIN, "--await", config, "-"));
        appendLog(log, "worker " + name + ": stderr of java " + String.join(" ", JvmContainer.OPTIONS) + " "
                + String.join(" ", java));
        LineSplitter out = new LineSplitter(lines);
        LineSplitter err = new LineSplitter(line -> {
            appendLog(log, line);
            logLines.accept(line);
        });
        this.container = jvm
                .withJava(java.toArray(String[]::new))
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
            throw new RunException("worker " + name + " did not start: " + ClusterException.startFailure(e), e);
        }
    }

    /** Gives the started worker its config, then the file that lets it read it ({@link #GO}). */
    void release(String configJson) {
        byte[] json = configJson.getBytes(StandardCharsets.UTF_8);
        try {
            if (hostConfig != null) {
                Files.write(hostConfig, json);
                Files.write(hostConfig.resolveSibling(hostConfig.getFileName() + GO), new byte[0]);
            } else {
                container.copyFileToContainer(Transferable.of(json), config);
                container.copyFileToContainer(Transferable.of(new byte[0]), config + GO);
            }
        } catch (IOException | RuntimeException e) {
            throw new RunException("could not give worker " + name + " its config: " + e.getMessage(), e);
        }
    }

    /** Deletes the {@link #GO} file of a config written on this machine: the worker read its config. */
    void forgetGo() {
        if (hostConfig != null) {
            try {
                Files.deleteIfExists(hostConfig.resolveSibling(hostConfig.getFileName() + GO));
            } catch (IOException e) {
                appendLog(log, "could not delete the go file of " + hostConfig + ": " + e);
            }
        }
    }

    /** Adds {@code line} to its log. */
    void note(String line) {
        appendLog(log, line);
    }

    /** Copies file {@code inside} of its container (running or stopped) to {@code host}. */
    void copyOut(String inside, Path host) {
        container.copyFileFromContainer(inside, host.toString());
    }

    /** The class-data archive of a run's workers, and whether this worker writes the class list for it. */
    record ClassDataRole(WorkerClassData data, boolean learner) {
    }

    String containerId() {
        return container.getContainerId();
    }

    /** Whether its JVM still runs. */
    boolean running() {
        try {
            return container.getContainerId() != null && Boolean.TRUE.equals(
                    container.getDockerClient().inspectContainerCmd(containerId()).exec().getState().getRunning());
        } catch (NotFoundException removed) {
            // Removed under the run (its clean-up on Ctrl-C): not running.
            return false;
        }
    }

    /** Sends SIGTERM: the worker finishes the step under way, closes its history and exits. */
    void terminate() {
        try {
            container.getDockerClient().killContainerCmd(containerId()).withSignal("TERM").exec();
        } catch (ConflictException | NotFoundException e) {
            // Not running (any more), or removed under the run: nothing to stop.
            appendLog(log, "worker " + name + " was not running at SIGTERM: " + e.getMessage());
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

    /**
     * Waits up to 10 s for its container to end (Docker records the exit a moment after the
     * output ends) and notes its exit code at the end of its log (143: stopped by SIGTERM, as
     * the harness does).
     */
    void logExit() {
        Integer status;
        try (WaitContainerResultCallback exit = container.getDockerClient().waitContainerCmd(containerId())
                .exec(new WaitContainerResultCallback())) {
            status = exit.awaitStatusCode(10, TimeUnit.SECONDS);
        } catch (DockerClientException stillRuns) {
            status = null;
        } catch (IOException e) {
            throw new UncheckedIOException("closing the wait for worker " + name + "'s exit", e);
        }
        appendLog(log, "worker " + name + (status == null ? " still runs 10 s after its output ended"
                : " exited with status " + status));
    }

    @Override
    public void close() {
        container.stop();
    }
}
