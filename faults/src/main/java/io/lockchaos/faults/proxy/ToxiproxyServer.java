package io.lockchaos.faults.proxy;

import com.sun.net.httpserver.HttpServer;
import io.lockchaos.history.LockchaosException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server that speaks Toxiproxy's HTTP API and proxies TCP with its toxics, so that the
 * unmodified {@code toxiproxy-java} client (and Testcontainers' Toxiproxy support) can drive it
 * where the Go binary cannot be had.
 *
 * <pre>{@code
 * try (ToxiproxyServer server = ToxiproxyServer.start("127.0.0.1", 0)) {
 *     ToxiproxyClient client = new ToxiproxyClient("127.0.0.1", server.port());
 *     client.createProxy("redis", "127.0.0.1:0", "127.0.0.1:6379")
 *           .toxics().latency("slow", ToxicDirection.DOWNSTREAM, 200);
 * }
 * }</pre>
 *
 * From a shell: {@code java -cp <jar> io.lockchaos.faults.proxy.ToxiproxyServer [--host 0.0.0.0] [--port 8474]}.
 */
public final class ToxiproxyServer implements AutoCloseable {
    /** Toxiproxy's API port. */
    public static final int DEFAULT_PORT = 8474;
    /**
     * What {@code GET /version} answers, as plain text like Toxiproxy 2.5.0: the API version this
     * server follows, with build metadata naming it ({@code +lockchaos}).
     */
    public static final String VERSION = "2.5.0+lockchaos";
    /**
     * The JDK's HTTP server sets TCP_NODELAY on its connections only when this system property is
     * true. It writes a response's headers and body separately, so without it Nagle's algorithm
     * holds the body until the client's delayed ACK (~40 ms per call on Linux). The JDK reads the
     * property once, when the JVM's first HTTP server starts.
     */
    private static final String HTTP_NODELAY_PROPERTY = "sun.net.httpserver.nodelay";

    private static final Duration UPSTREAM_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final HttpServer http;
    private final ExecutorService apiThreads;
    private final ScheduledExecutorService timers;
    private final IoLoop loop;
    private final ProxyRegistry registry;
    private final AtomicBoolean closing = new AtomicBoolean();
    private final CountDownLatch closed = new CountDownLatch(1);

    private ToxiproxyServer(HttpServer http, ExecutorService apiThreads, ScheduledExecutorService timers,
                            IoLoop loop, ProxyRegistry registry) {
        this.http = http;
        this.apiThreads = apiThreads;
        this.timers = timers;
        this.loop = loop;
        this.registry = registry;
    }

    /**
     * Starts the API on {@code host:port} (port 0: any free port, see {@link #port()}).
     *
     * @throws LockchaosException if the address cannot be bound
     */
    public static ToxiproxyServer start(String host, int port) {
        ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1, daemonThreads("toxiproxy-timer"));
        timers.setRemoveOnCancelPolicy(true); // each connection's connect time-out is cancelled once it connects
        IoLoop loop = new IoLoop("toxiproxy-io");
        ProxyRegistry registry = new ProxyRegistry(new ProxyRuntime(loop, timers, new Random(), UPSTREAM_CONNECT_TIMEOUT));
        HttpServer http;
        System.setProperty(HTTP_NODELAY_PROPERTY, "true");
        try {
            http = HttpServer.create(new InetSocketAddress(host, port), Listener.BACKLOG);
        } catch (IOException e) {
            timers.shutdownNow();
            loop.close();
            throw new LockchaosException("cannot listen for the Toxiproxy API on " + host + ":" + port + ": "
                    + e.getMessage() + "; pick a free port with --port (or 0 for any)", e);
        }
        ExecutorService apiThreads = Executors.newCachedThreadPool(daemonThreads("toxiproxy-api"));
        http.setExecutor(apiThreads);
        http.createContext("/", new ApiHandler(registry, VERSION));
        http.start();
        return new ToxiproxyServer(http, apiThreads, timers, loop, registry);
    }

    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return body -> {
            Thread thread = new Thread(body, prefix + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** The address the API listens on. */
    public InetSocketAddress address() {
        return http.getAddress();
    }

    /** The port the API listens on. */
    public int port() {
        return address().getPort();
    }

    /** Stops the API, every proxy and every proxied connection; idempotent. */
    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        http.stop(0);
        registry.close();
        loop.close();
        apiThreads.shutdownNow();
        timers.shutdownNow();
        closed.countDown();
    }

    /** Blocks until {@link #close()} has run. */
    public void awaitClose() throws InterruptedException {
        closed.await();
    }

    /** Runs the server until SIGTERM/SIGINT: {@code [--host 0.0.0.0] [--port 8474]}. */
    public static void main(String[] args) throws InterruptedException {
        String host = "0.0.0.0";
        int port = DEFAULT_PORT;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            if (args[i].equals("--host") && value != null) {
                host = value;
                i++;
            } else if (args[i].equals("--port") && value != null && value.matches("\\d{1,5}")) {
                port = Integer.parseInt(value);
                i++;
            } else {
                System.err.println("usage: ToxiproxyServer [--host 0.0.0.0] [--port " + DEFAULT_PORT + "]"
                        + " (could not use argument '" + args[i] + "')");
                System.exit(2);
            }
        }
        ToxiproxyServer server = start(host, port);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "toxiproxy-shutdown"));
        System.out.println("lockchaos toxiproxy API listening on " + host + ":" + server.port());
        System.out.flush();
        server.awaitClose();
    }
}
