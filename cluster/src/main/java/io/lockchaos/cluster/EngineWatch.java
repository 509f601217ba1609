package io.lockchaos.cluster;

import com.github.dockerjava.transport.DockerHttpClient;
import com.github.dockerjava.transport.SSLConfig;
import com.github.dockerjava.zerodep.ZerodepDockerHttpClient;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.testcontainers.DockerClientFactory;

/**
 * Watches that the Docker engine still answers while a run uses it: a daemon thread asks the
 * engine's {@code /_ping} every {@link #EVERY} with a client of its own that gives up after
 * {@link #CALL_TIMEOUT} (Testcontainers' client waits for an answer without limit, so a call to
 * an engine that stopped answering would wait for ever). {@link #MISSES} failed pings in a row
 * mean the engine is gone: {@link #lost()} says since when and why, and stays so.
 *
 * <p>A run asks it between steps, so a stopped engine ends the run within seconds with that
 * message instead of one Docker call's error; and {@link #anyLost()} tells the CLI's exit not to
 * run the shutdown hooks that would call the engine again.
 */
public final class EngineWatch implements AutoCloseable {
    static final Duration EVERY = Duration.ofSeconds(2);
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
    static final int MISSES = 3;
    private static final AtomicBoolean ANY_LOST = new AtomicBoolean();

    private final URI host;
    private final DockerHttpClient client;
    private final Duration every;
    private final Duration callTimeout;
    private final AtomicReference<String> lost = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean running = true;

    private EngineWatch(URI host, DockerHttpClient client, Duration every, Duration callTimeout) {
        this.host = host;
        this.client = client;
        this.every = every;
        this.callTimeout = callTimeout;
        this.thread = new Thread(this::watch, "docker-engine-watch");
        this.thread.setDaemon(true);
    }

    /** Starts watching the engine Testcontainers uses. */
    public static EngineWatch start() {
        var transport = DockerClientFactory.instance().getTransportConfig();
        return start(transport.getDockerHost(), client(transport.getDockerHost(), transport.getSslConfig(),
                CALL_TIMEOUT), EVERY, CALL_TIMEOUT);
    }

    /** Whether the engine at {@code host} (a plain socket or address: no TLS) answers one ping now, within a second. */
    static boolean answersNow(URI host) {
        Duration limit = Duration.ofSeconds(1);
        try (DockerHttpClient client = client(host, null, limit)) {
            return ping(client, limit).isEmpty();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static DockerHttpClient client(URI host, SSLConfig ssl, Duration timeout) {
        return new ZerodepDockerHttpClient.Builder().dockerHost(host).sslConfig(ssl)
                .connectionTimeout(timeout).responseTimeout(timeout).build();
    }

    /**
     * Starts watching the engine at {@code host}, asked through {@code client} every {@code every},
     * each ping given {@code callTimeout} (tests give a socket of their own and shorter times).
     */
    static EngineWatch start(URI host, DockerHttpClient client, Duration every, Duration callTimeout) {
        EngineWatch watch = new EngineWatch(host, client, every, callTimeout);
        watch.thread.start();
        return watch;
    }

    private void watch() {
        int misses = 0;
        String firstMiss = null;
        while (running && lost.get() == null) {
            Optional<String> failure = ping();
            if (failure.isEmpty()) {
                misses = 0;
            } else {
                if (misses++ == 0) {
                    firstMiss = LocalTime.now().truncatedTo(ChronoUnit.SECONDS) + " (" + failure.get() + ")";
                }
                if (misses >= MISSES) {
                    declareLost(firstMiss);
                    return;
                }
            }
            try {
                Thread.sleep(every.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Empty when the engine answered OK within {@link #CALL_TIMEOUT}; otherwise why not. The
     * deadline is kept here, on a thread of its own per ping: the client's own time-outs do not
     * hold on a unix socket, where an engine that is stopped (SIGSTOP) still accepts connections.
     * A ping left waiting is abandoned (a daemon thread; at most {@link #MISSES} before the
     * engine is declared gone).
     */
    private Optional<String> ping() {
        return ping(client, callTimeout);
    }

    private static Optional<String> ping(DockerHttpClient client, Duration callTimeout) {
        FutureTask<Optional<String>> call = new FutureTask<>(() -> pingOnce(client));
        Thread caller = new Thread(call, "docker-engine-ping");
        caller.setDaemon(true);
        caller.start();
        try {
            return call.get(callTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return Optional.of("no answer within " + callTimeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            return Optional.of(String.valueOf(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        }
    }

    private static Optional<String> pingOnce(DockerHttpClient client) {
        DockerHttpClient.Request request = DockerHttpClient.Request.builder()
                .method(DockerHttpClient.Request.Method.GET).path("/_ping").build();
        try (DockerHttpClient.Response response = client.execute(request)) {
            int status = response.getStatusCode();
            return status == 200 ? Optional.empty() : Optional.of("status " + status);
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return Optional.of(cause.getClass().getSimpleName() + ": " + cause.getMessage());
        }
    }

    /**
     * Asks now, after a call to the engine failed: empty if it answers; otherwise pings until it
     * answers or {@link #MISSES} pings in a row failed (then it is gone, as the thread would find).
     */
    public Optional<String> confirm() {
        if (!running) {
            return lost(); // closed: its client is shut, so a ping now would say nothing of the engine
        }
        String firstMiss = null;
        for (int miss = 0; miss < MISSES && lost.get() == null; miss++) {
            Optional<String> failure = ping();
            if (failure.isEmpty()) {
                return Optional.empty();
            }
            firstMiss = firstMiss != null ? firstMiss
                    : LocalTime.now().truncatedTo(ChronoUnit.SECONDS) + " (" + failure.get() + ")";
            if (miss + 1 == MISSES) {
                declareLost(firstMiss);
            } else {
                try {
                    Thread.sleep(every.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        return lost();
    }

    /** Records the engine as gone ({@link #MISSES} pings in a row unanswered, the first at {@code firstMiss}); the first reason stays. */
    private void declareLost(String firstMiss) {
        lost.compareAndSet(null, "the Docker engine at " + host + " stopped answering: no answer to " + MISSES
                + " pings in a row, the first at " + firstMiss);
        ANY_LOST.set(true);
    }

    /** Why the engine is considered gone, once it is; empty while it answers. */
    public Optional<String> lost() {
        return Optional.ofNullable(lost.get());
    }

    /** True once any watch in this JVM found its engine gone. */
    public static boolean anyLost() {
        return ANY_LOST.get();
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            client.close();
        } catch (IOException e) {
            // the watch's own client: nothing depends on closing it cleanly
        }
    }
}
