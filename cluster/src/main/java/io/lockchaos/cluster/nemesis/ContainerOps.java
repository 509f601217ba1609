package io.lockchaos.cluster.nemesis;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Ports;
import io.lockchaos.cluster.ClusterException;
import io.lockchaos.cluster.EngineSetup;
import io.lockchaos.cluster.ScriptCommand;
import io.lockchaos.cluster.containers.FaketimeFile;
import io.lockchaos.faults.nemesis.NemesisException;
import io.lockchaos.faults.schedule.CpuShare;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;

/**
 * What the nemesis does to one container through Docker's API: signals from outside,
 * start, inspect, its CPU quota, and commands run inside ({@code docker exec}). A container that is gone
 * (404) throws {@link ContainerGoneException}, which {@link #isRunning} answers as not running.
 *
 * @param containerId the container
 * @param node its node name, for messages
 */
record ContainerOps(String containerId, String node) {

    static final Duration EXEC_TIMEOUT = Duration.ofSeconds(30);

    /** What a command inside the container printed, and its exit code. */
    record ExecResult(int exit, String output) {
    }

    /**
     * The client of the engine Testcontainers finds (a shared instance), asked for at each
     * call so that nothing touches Docker before a fault is actually injected.
     */
    private static DockerClient docker() {
        if (!"true".equals(System.getenv("TESTCONTAINERS_RYUK_DISABLED"))
                || System.getenv("TESTCONTAINERS_HOST_OVERRIDE") == null) {
            throw new NemesisException("set TESTCONTAINERS_RYUK_DISABLED=true and TESTCONTAINERS_HOST_OVERRIDE=localhost "
                    + "in the environment (./lockchaos and the failsafe configuration do); without them Testcontainers "
                    + "tries to pull images from a registry");
        }
        try {
            EngineSetup.ensure();
            return DockerClientFactory.instance().client();
        } catch (ClusterException | IllegalStateException e) {
            throw new NemesisException("no Docker engine answers: run docker/setup.sh, which starts one", e);
        }
    }

    void signal(String signal) {
        try {
            docker().killContainerCmd(containerId).withSignal(signal).exec();
        } catch (NotFoundException e) {
            throw new ContainerGoneException(node, e);
        } catch (DockerException e) {
            throw new NemesisException("docker kill -s " + signal + " " + node + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * SIGCONT, the heal of a pause; nothing when the container does not run or is gone: a removed
     * or stopped container has no process left to thaw (on Ctrl-C the exit clean-ups remove
     * containers while the run heals).
     */
    void thaw() {
        try {
            docker().killContainerCmd(containerId).withSignal("CONT").exec();
        } catch (NotFoundException | ConflictException notRunning) {
            // Nothing to thaw.
        } catch (DockerException e) {
            throw new NemesisException("docker kill -s CONT " + node + " failed: " + e.getMessage(), e);
        }
    }


    void start() {
        try {
            docker().startContainerCmd(containerId).exec();
        } catch (DockerException e) {
            throw new NemesisException("docker start " + node + " failed: " + e.getMessage(), e);
        }
    }

    InspectContainerResponse inspect() {
        try {
            return docker().inspectContainerCmd(containerId).exec();
        } catch (NotFoundException e) {
            throw new ContainerGoneException(node, e);
        } catch (DockerException e) {
            throw new NemesisException("docker inspect " + node + " failed (is the cluster still up? "
                    + "'lockchaos cluster status'): " + e.getMessage(), e);
        }
    }

    /** Whether the container runs; a container that is gone does not. */
    boolean isRunning() {
        try {
            return Boolean.TRUE.equals(inspect().getState().getRunning());
        } catch (ContainerGoneException gone) {
            return false;
        }
    }

    /** Whether the container runs and its PID 1 is stopped (state {@code T} in {@code /proc/1/stat}). */
    boolean isStopped() {
        if (!isRunning()) {
            return false;
        }
        try {
            String stat = run("cat", "/proc/1/stat");
            return stat.substring(stat.lastIndexOf(')') + 1).strip().startsWith("T");
        } catch (ContainerGoneException gone) {
            return false;
        }
    }

    /** The offset of its process's wall clock (the libfaketime file every image's {@code faketime-exec} reads). */
    Duration clockOffset() {
        return Offsets.parse(node, sh("cat \"$1\" 2>/dev/null || true", FaketimeFile.PATH));
    }

    /** Moves its process's wall clock to {@code offset} from true time, at once. */
    void setClockOffset(Duration offset) {
        sh("printf '%s\\n' \"$1\" > \"$2\"", Offsets.format(offset), FaketimeFile.PATH);
    }

    /** The CFS period of a share of 1 % or more: the engine's default, 100 ms. */
    static final long CPU_PERIOD_MICROS = 100_000;
    /** The CFS period of a share under 1 %: the longest the kernel allows, 1 s (its smallest quota is 1 ms). */
    static final long LONG_CPU_PERIOD_MICROS = 1_000_000;

    /**
     * The container's CPU quota as a share of one CPU (its cgroup's {@code cpu.cfs_quota_us}
     * over {@code cpu.cfs_period_us}, as the engine reports them); empty when it has none.
     */
    Optional<CpuShare> cpuLimit() {
        HostConfig host = inspect().getHostConfig();
        Long quota = host == null ? null : host.getCpuQuota();
        if (quota == null || quota <= 0) {
            return Optional.empty();
        }
        Long period = host.getCpuPeriod();
        long p = period == null || period <= 0 ? CPU_PERIOD_MICROS : period;
        long permille = Math.round(quota * 1000.0 / p);
        return Optional.of(new CpuShare((int) Math.max(CpuShare.MIN_PERMILLE, Math.min(CpuShare.MAX_PERMILLE, permille))));
    }

    /**
     * Sets the container's CPU quota to {@code share} of one CPU through the engine's update API
     * ({@code docker update --cpu-period --cpu-quota}): in each 100 ms period, or 1 s for a share
     * under 1 %; empty lifts it (quota -1). Every thread of the container shares the quota.
     */
    void setCpuLimit(Optional<CpuShare> share) {
        long period = share.filter(s -> s.permille() < 10).isPresent() ? LONG_CPU_PERIOD_MICROS : CPU_PERIOD_MICROS;
        long quota = share.map(s -> period * s.permille() / 1000).orElse(-1L);
        try {
            docker().updateContainerCmd(containerId).withCpuPeriod(period).withCpuQuota(quota).exec();
        } catch (DockerException e) {
            throw new NemesisException("docker update --cpu-period " + period + " --cpu-quota " + quota + " " + node
                    + " failed: " + e.getMessage(), e);
        }
    }

    /** The host port {@code port}/tcp is published on now, or -1. */
    int publishedPort(int port) {
        Ports.Binding[] bindings = inspect().getNetworkSettings().getPorts().getBindings().get(ExposedPort.tcp(port));
        if (bindings == null || bindings.length == 0 || bindings[0].getHostPortSpec() == null) {
            return -1;
        }
        return Integer.parseInt(bindings[0].getHostPortSpec());
    }

    /** Runs {@code command} inside the container; stdout and stderr together. */
    ExecResult exec(String... command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String id;
        try {
            id = docker().execCreateCmd(containerId).withCmd(command)
                    .withAttachStdout(true).withAttachStderr(true).exec().getId();
            boolean done = docker().execStartCmd(id).exec(new ResultCallback.Adapter<Frame>() {
                @Override
                public void onNext(Frame frame) {
                    out.writeBytes(frame.getPayload());
                }
            }).awaitCompletion(EXEC_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (!done) {
                throw new NemesisException(List.of(command) + " in " + node + " did not end within " + EXEC_TIMEOUT);
            }
        } catch (NotFoundException e) {
            throw new ContainerGoneException(node, e);
        } catch (DockerException e) {
            throw new NemesisException("docker exec " + List.of(command) + " in " + node + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NemesisException("interrupted running " + List.of(command) + " in " + node, e);
        }
        Long exit = docker().inspectExecCmd(id).exec().getExitCodeLong();
        return new ExecResult(exit == null ? -1 : exit.intValue(), out.toString(StandardCharsets.UTF_8));
    }

    /** Runs {@code command}, an argument vector (no shell), inside the container; fails naming the node unless it exits 0. */
    String run(String... command) {
        ExecResult r = exec(command);
        if (r.exit() != 0) {
            throw new NemesisException(List.of(command) + " in " + node + " exited " + r.exit() + ": " + r.output().strip());
        }
        return r.output();
    }

    /**
     * Runs the fixed shell {@code script} with {@code args} as its positional parameters
     * ({@code "$1"}, {@code "$@"}): a value is never part of the script's text, so the shell
     * never parses one as code. Fails naming the node unless it exits 0.
     */
    String sh(String script, String... args) {
        return run(new ScriptCommand(script, List.of(args)).argv());
    }
}
