package io.lockchaos.harness.cli;

import io.lockchaos.cluster.ImageTags;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A Docker engine of a test's own, so that stopping it touches nothing of the shared one: its
 * own {@code --data-root}, {@code --exec-root} (so its own containerd), pid file and unix socket;
 * a default bridge of its own, made for it and deleted after it ({@code --bridge=lc2-<pid>}: with
 * {@code --bridge=none} a starting dockerd deletes the host's {@code docker0}, the shared engine's
 * default bridge, and a later container on it could not start), and no iptables rules
 * ({@code --iptables=false --ip-masq=false}), so it adds nothing to the host's firewall, where the
 * shared engine's chains are. Runs use it through {@code DOCKER_HOST}. The images a redis-single run needs are
 * copied in from the shared engine ({@code docker save | docker load}).
 */
final class SecondEngine implements AutoCloseable {
    private static final Duration ANSWER = Duration.ofSeconds(60);
    private static final Duration COMMAND = Duration.ofMinutes(5);

    private final Path dir;
    private final Path socket;
    private final String bridge = "lc2-" + ProcessHandle.current().pid() % 100_000;
    private Process dockerd;

    private SecondEngine(Path dir) {
        this.dir = dir;
        this.socket = dir.resolve("docker.sock");
    }

    /** Starts one in a fresh folder under /tmp (a short path: a unix socket's is limited to 107 bytes). */
    static SecondEngine start() throws IOException {
        Assumptions.assumeTrue(onPath("dockerd") && "root".equals(System.getProperty("user.name")),
                "a second Docker engine needs dockerd on the PATH and root");
        SecondEngine engine = new SecondEngine(Files.createTempDirectory(Path.of("/tmp"), "lockchaos-engine-"));
        engine.makeBridge();
        engine.launch();
        return engine;
    }

    private static boolean onPath(String command) {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    /** What DOCKER_HOST must say to use it. */
    String host() {
        return "unix://" + socket;
    }

    /** Its default bridge: a Linux bridge with an address of a private range no other network here uses. */
    private void makeBridge() {
        for (List<String> step : List.of(List.of("ip", "link", "add", bridge, "type", "bridge"),
                List.of("ip", "addr", "add", "10.231.77.1/24", "dev", bridge), List.of("ip", "link", "set", bridge, "up"))) {
            Result r = run(step, Duration.ofSeconds(10));
            if (r.exit() != 0) {
                throw new AssertionError(String.join(" ", step) + ": " + r.output());
            }
        }
    }

    /** Starts dockerd (again, after a kill) on the same folders and waits until it answers. */
    void launch() throws IOException {
        ProcessBuilder builder = new ProcessBuilder("dockerd", "--data-root", dir.resolve("data").toString(),
                "--exec-root", dir.resolve("exec").toString(), "--pidfile", dir.resolve("dockerd.pid").toString(),
                "-H", host(), "--bridge=" + bridge, "--iptables=false", "--ip-masq=false")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("dockerd.log").toFile()));
        dockerd = builder.start();
        long deadline = System.nanoTime() + ANSWER.toNanos();
        while (!answers()) {
            if (System.nanoTime() > deadline || !dockerd.isAlive()) {
                throw new AssertionError("the second dockerd did not answer within " + ANSWER + "; its log:\n"
                        + Files.readString(dir.resolve("dockerd.log")));
            }
            LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
        }
    }

    private boolean answers() {
        return run(List.of("docker", "info"), Duration.ofSeconds(20)).exit() == 0;
    }

    /** Copies the images of a redis-single run from the shared engine; the ZooKeeper image is a stand-in tag. */
    void loadImages() throws IOException, InterruptedException {
        ImageTags tags = ImageTags.forProject();
        List<String> save = List.of("docker", "save", "lockchaos/debian:bookworm",
                tags.tag(ImageTags.Image.REDIS), tags.tag(ImageTags.Image.JVM));
        ProcessBuilder from = new ProcessBuilder(save).redirectError(ProcessBuilder.Redirect.INHERIT);
        ProcessBuilder into = new ProcessBuilder("docker", "load", "-q").redirectErrorStream(true);
        into.environment().put("DOCKER_HOST", host());
        List<Process> pipeline = ProcessBuilder.startPipeline(List.of(from, into));
        Process load = pipeline.get(1);
        String output = new String(load.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        for (Process p : pipeline) {
            if (!p.waitFor(COMMAND.toSeconds(), TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new AssertionError("copying the images failed: " + save + " | docker load: " + output);
            }
        }
        // docker/setup.sh (which every run calls) builds any of its images that is missing; a
        // redis-single run starts none of the others, so a tag of the base stands in for each.
        for (ImageTags.Image image : ImageTags.Image.values()) {
            if (image != ImageTags.Image.REDIS && image != ImageTags.Image.JVM) {
                docker("tag", "lockchaos/debian:bookworm", tags.tag(image));
            }
        }
    }

    /** Sends {@code signal} (KILL, STOP, CONT) to this dockerd, its own child process. */
    void signal(String signal) {
        if ("KILL".equals(signal)) {
            dockerd.destroyForcibly();
            return;
        }
        Result r = run(List.of("kill", "-" + signal, Long.toString(dockerd.pid())), Duration.ofSeconds(10));
        if (r.exit() != 0) {
            throw new AssertionError("kill -" + signal + " " + dockerd.pid() + ": " + r.output());
        }
    }

    /** Makes it answer again after {@link #signal}: resumes it, or starts it again. */
    void revive() throws IOException {
        if (dockerd.isAlive()) {
            signal("CONT");
        } else {
            launch();
        }
    }

    /** Runs {@code docker ARGS} against this engine; fails unless it exits 0; its output. */
    String docker(String... args) {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(args));
        Result r = run(command, COMMAND);
        if (r.exit() != 0) {
            throw new AssertionError(command + " against " + host() + " exited " + r.exit() + ": " + r.output());
        }
        return r.output();
    }

    private record Result(int exit, String output) {
    }

    private Result run(List<String> command, Duration limit) {
        Path out = dir.resolve("command.out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        builder.environment().put("DOCKER_HOST", host());
        try {
            Process p = builder.start();
            p.getOutputStream().close();
            boolean ended = p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) {
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
            String output = Files.readString(out);
            return ended ? new Result(p.exitValue(), output) : new Result(-1, output + " (no exit within " + limit + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted running " + command, e);
        }
    }

    /** Removes every container of this engine (all the test's), stops it and deletes its folder. */
    @Override
    public void close() throws IOException, InterruptedException {
        if (dockerd != null) {
            revive();
            String ids = docker("ps", "-aq").strip();
            if (!ids.isEmpty()) {
                List<String> rm = new ArrayList<>(List.of("rm", "-f"));
                rm.addAll(List.of(ids.split("\\s+")));
                docker(rm.toArray(String[]::new));
            }
            dockerd.destroy();
            if (!dockerd.waitFor(60, TimeUnit.SECONDS)) {
                dockerd.destroyForcibly();
            }
            // dockerd bind-mounts its data root on itself; one killed with SIGKILL leaves that mount
            run(List.of("umount", dir.resolve("data").toString()), Duration.ofSeconds(30));
        }
        run(List.of("ip", "link", "del", bridge), Duration.ofSeconds(10));
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
