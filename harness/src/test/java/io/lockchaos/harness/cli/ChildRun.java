package io.lockchaos.harness.cli;

import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.testkit.Await;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code java -jar lockchaos.jar ARGS} as a child process in a checkout {@code home}, its
 * standard error collected line by line so a test can wait for a phase of a run (a progress
 * line) and then kill it there.
 */
final class ChildRun implements AutoCloseable {

    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final List<Thread> readers = new ArrayList<>();

    private ChildRun(Process process) {
        this.process = process;
        collect(process.getErrorStream());
        collect(process.getInputStream());
    }

    /**
     * Starts the lockchaos jar of this checkout with {@code args}, in and for the checkout
     * {@code home}, which has no {@code node/target}: {@code lockchaos.nodeJar} names this
     * checkout's node jar for the proxy and worker containers.
     */
    static ChildRun start(Path home, String... args) {
        return start(home, java.util.Map.of(), args);
    }

    /** {@link #start(Path, String...)} with {@code env} added to the child's environment (e.g. DOCKER_HOST). */
    static ChildRun start(Path home, java.util.Map<String, String> env, String... args) {
        Path root = ProjectRoot.find();
        Path jar = root.resolve("harness").resolve("target").resolve("lockchaos.jar");
        Path nodeJar = root.resolve("node").resolve("target").resolve("lockchaos-node.jar");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dlockchaos.nodeJar=" + nodeJar, "-jar", jar.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile());
        builder.environment().put("LOCKCHAOS_HOME", home.toString());
        builder.environment().put("TESTCONTAINERS_RYUK_DISABLED", "true");
        builder.environment().put("TESTCONTAINERS_HOST_OVERRIDE", "localhost");
        builder.environment().putAll(env);
        try {
            return new ChildRun(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /**
     * A checkout of its own in {@code home}: a copy of {@code docker/} (so the image tags are the
     * same) and the shipped scenario {@code scenario} as {@code scenario.json}, so the checkout
     * label counts exactly its runs' resources. Returns its real path.
     */
    static Path checkout(Path home, String scenario) throws IOException {
        Path root = ProjectRoot.find();
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(root.resolve("docker"))) {
            for (Path from : files.toList()) {
                Path to = home.resolve(root.relativize(from).toString());
                if (java.nio.file.Files.isDirectory(from)) {
                    java.nio.file.Files.createDirectories(to);
                } else {
                    java.nio.file.Files.copy(from, to);
                }
            }
        }
        java.nio.file.Files.copy(root.resolve("scenarios").resolve(scenario + ".json"), home.resolve("scenario.json"));
        return home.toRealPath();
    }

    private void collect(InputStream stream) {
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                }
            } catch (IOException closed) {
                // The process is gone: nothing more to read.
                return;
            }
        }, "child-output");
        reader.setDaemon(true);
        readers.add(reader);
        reader.start();
    }

    /**
     * Once the process has ended, waits (a bounded time) for its output readers to reach the end
     * of its streams, so that what it printed just before it exited is in {@link #output()}.
     */
    private void drainIfEnded() {
        if (process.isAlive()) {
            return;
        }
        for (Thread reader : readers) {
            try {
                reader.join(Await.scaled(Duration.ofSeconds(5)).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Waits until the output has a line for each of {@code wanted}, in any order.
     *
     * @throws AssertionError when the process ends first or the (scaled) deadline passes, with its output
     */
    void await(Duration timeout, List<Predicate<String>> wanted) {
        Await.until(timeout, () -> "a line for each mark; its output:\n" + output(), () -> {
            boolean ended = !process.isAlive();
            if (ended) {
                drainIfEnded();
            }
            if (has(wanted)) {
                return true;
            }
            if (ended) {
                throw new AssertionError("the process ended (exit " + process.exitValue() + ") before a line for each"
                        + " mark; its output:\n" + output());
            }
            return false;
        });
    }

    private boolean has(List<Predicate<String>> wanted) {
        synchronized (lines) {
            return wanted.stream().allMatch(w -> lines.stream().anyMatch(w));
        }
    }

    /** The output so far (all of it, once the process has ended). */
    String output() {
        drainIfEnded();
        synchronized (lines) {
            return String.join("\n", lines);
        }
    }

    long pid() {
        return process.pid();
    }

    /** SIGKILL, and wait for the process to be gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        Duration limit = Await.scaled(Duration.ofSeconds(30));
        if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("process " + pid() + " did not die of SIGKILL within " + limit);
        }
    }

    /** SIGINT, as Ctrl-C sends it. */
    void interrupt() throws IOException, InterruptedException {
        signal("INT");
    }

    /**
     * SIGTERM, as {@code kill} sends it. Not {@link Process#destroy()}: that closes this side's
     * ends of the child's output pipes at once, so nothing the child prints on its way out (the
     * heal, the last lines) would be read.
     */
    void terminate() throws IOException, InterruptedException {
        signal("TERM");
    }

    private void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid())).start();
        if (kill.waitFor() != 0) {
            throw new AssertionError("kill -" + name + " " + pid() + " failed");
        }
    }

    /** Waits for the process to end; its exit code, or empty when it did not end within {@code timeout}. */
    java.util.OptionalInt awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)
                ? java.util.OptionalInt.of(process.exitValue()) : java.util.OptionalInt.empty();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
