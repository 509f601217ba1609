package io.lockchaos.faults.proxy;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

/**
 * Not a test: measures what the proxy costs with no toxic (and with a zero-latency toxic, which
 * forces every chunk through the pump thread). Request/response round trips of a 64-byte message
 * through the proxy vs straight to the echo server (median and p99), then streaming throughput
 * (MB/s) through vs direct. Run:
 *
 * <pre>
 * mvn -B -q -o -pl faults -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 * java -cp faults/target/classes:faults/target/test-classes:$(cat /tmp/cp.txt) \
 *     io.lockchaos.faults.proxy.ProxyBenchmark [roundTrips] [streamMegabytes]
 * </pre>
 */
public final class ProxyBenchmark {
    private static final byte[] MESSAGE = new byte[64];

    private ProxyBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int roundTrips = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int megabytes = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
        try (ToxiproxyServer server = ToxiproxyServer.start("127.0.0.1", 0);
             EchoServer echo = new EchoServer();
             Firehose firehose = new Firehose((long) megabytes * 1_000_000)) {
            ToxiproxyClient client = new ToxiproxyClient("127.0.0.1", server.port());
            Proxy echoProxy = client.createProxy("echo", "127.0.0.1:0", echo.address());
            Proxy streamProxy = client.createProxy("stream", "127.0.0.1:0", firehose.address());
            int echoPort = Integer.parseInt(echo.address().split(":")[1]);
            int proxyPort = port(echoProxy.getListen());

            System.out.printf(Locale.ROOT, "round trips of %d bytes, %d each, after as many to warm up%n",
                    MESSAGE.length, roundTrips);
            for (int round = 0; round < 2; round++) {
                long[] direct = roundTrips(echoPort, roundTrips);
                long[] proxied = roundTrips(proxyPort, roundTrips);
                report("direct", direct, null);
                report("proxy", proxied, direct);
            }
            echoProxy.toxics().latency("zero", ToxicDirection.DOWNSTREAM, 0);
            echoProxy.toxics().latency("zero-up", ToxicDirection.UPSTREAM, 0);
            long[] direct = roundTrips(echoPort, roundTrips);
            report("direct", direct, null);
            report("proxy + latency 0 both ways", roundTrips(proxyPort, roundTrips), direct);

            System.out.printf(Locale.ROOT, "streaming %d MB server -> client%n", megabytes);
            for (int round = 0; round < 2; round++) {
                double directRate = stream(port(firehose.address()));
                double proxyRate = stream(port(streamProxy.getListen()));
                System.out.printf(Locale.ROOT, "  direct %8.0f MB/s   proxy %8.0f MB/s  (%.0f %%)%n",
                        directRate, proxyRate, 100 * proxyRate / directRate);
            }
        }
    }

    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }

    /** Warms up with {@code count} round trips on one connection, then returns {@code count} sorted samples. */
    private static long[] roundTrips(int port, int count) throws IOException {
        try (Peer peer = Peer.connect(port, Duration.ofSeconds(10))) {
            for (int i = 0; i < count; i++) {
                peer.roundTrip(MESSAGE);
            }
            long[] samples = new long[count];
            for (int i = 0; i < count; i++) {
                samples[i] = peer.roundTrip(MESSAGE);
            }
            Arrays.sort(samples);
            return samples;
        }
    }

    private static void report(String what, long[] samples, long[] baseline) {
        long median = samples[samples.length / 2];
        long p99 = samples[(int) (samples.length * 0.99)];
        String added = baseline == null ? "" : String.format(Locale.ROOT, "   added: median %6.1f µs, p99 %6.1f µs",
                (median - baseline[baseline.length / 2]) / 1e3, (p99 - baseline[(int) (baseline.length * 0.99)]) / 1e3);
        System.out.printf(Locale.ROOT, "  %-28s median %6.1f µs  p99 %6.1f µs%s%n", what, median / 1e3, p99 / 1e3, added);
    }

    /** Reads everything the firehose sends; returns MB/s (1 MB = 10^6 bytes). */
    private static double stream(int port) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[256 * 1024];
            long total = 0;
            long start = System.nanoTime();
            int n;
            while ((n = in.read(buffer)) >= 0) {
                total += n;
            }
            return total / 1e6 / ((System.nanoTime() - start) / 1e9);
        }
    }

    /** A server that sends {@code bytes} bytes to each client as fast as it can, then closes. */
    private static final class Firehose implements AutoCloseable {
        private final ServerSocket socket;

        Firehose(long bytes) throws IOException {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread acceptor = new Thread(() -> serve(bytes), "firehose");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        String address() {
            return "127.0.0.1:" + socket.getLocalPort();
        }

        private void serve(long bytes) {
            byte[] block = new byte[256 * 1024];
            while (!socket.isClosed()) {
                try (Socket client = socket.accept(); OutputStream out = client.getOutputStream()) {
                    for (long sent = 0; sent < bytes; sent += block.length) {
                        out.write(block, 0, (int) Math.min(block.length, bytes - sent));
                    }
                } catch (IOException e) {
                    if (!socket.isClosed()) {
                        throw new UncheckedIOException("firehose failed", e);
                    }
                }
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
