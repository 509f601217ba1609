package io.lockchaos.faults.proxy;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import io.lockchaos.testkit.Await;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Not a test: measures Toxiproxy-compatible servers side by side in one run, alternating them
 * round by round: the latency of a toxiproxy-java call on a kept-alive connection (median and
 * p99 of {@code calls} calls of {@code getProxy}), and the time to open {@code burst}
 * connections through one proxy at once and get one echoed byte back on each (NaN, with the
 * count that failed, when not all did within a minute). Every server is
 * on loopback; each is either started here from a class path ({@code label=cp:CLASSPATH}) or
 * already running ({@code label=api:127.0.0.1:8474}, e.g. real Toxiproxy). {@code label=direct}
 * is no proxy at all: the same burst straight to the echo server (one selector thread), the floor
 * that the machine's load sets for every server.
 *
 * <p>Before (the server at commit REV) against after (this checkout):
 *
 * <pre>
 * mvn -B -q -pl faults -am test-compile org.apache.maven.plugins:maven-dependency-plugin:3.6.1:build-classpath \
 *     -Dmdep.outputFile=/tmp/cp.txt
 * rm -rf /tmp/proxy-main &amp;&amp; mkdir /tmp/proxy-main &amp;&amp; git archive REV | tar -x -C /tmp/proxy-main
 * mvn -B -q -o -f /tmp/proxy-main/pom.xml -pl faults -am compile
 * CP=$(cat /tmp/cp.txt)
 * java -cp faults/target/classes:faults/target/test-classes:$CP \
 *     io.lockchaos.faults.proxy.ServerLoadBenchmark \
 *     before=cp:/tmp/proxy-main/faults/target/classes:/tmp/proxy-main/history/target/classes:$CP \
 *     after=cp:faults/target/classes:history/target/classes:$CP direct=direct [--rounds 5] [--calls 200] [--burst 400]
 * </pre>
 */
public final class ServerLoadBenchmark {
    private static final Duration BURST_LIMIT = Duration.ofSeconds(60);
    private static final Pattern LISTENING = Pattern.compile("listening on [^:]+:(\\d+)$");

    private ServerLoadBenchmark() {
    }

    /** A server under measurement and what was measured of it, one sample list per measure. */
    private record Subject(String label, int apiPort, Process process, List<Double> callMedians,
                           List<Double> callP99s, List<Double> bursts) {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        int rounds = 5;
        int calls = 200;
        int burst = 400;
        Map<String, String> servers = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--calls" -> calls = Integer.parseInt(args[++i]);
                case "--burst" -> burst = Integer.parseInt(args[++i]);
                default -> servers.put(args[i].substring(0, args[i].indexOf('=')),
                        args[i].substring(args[i].indexOf('=') + 1));
            }
        }
        List<Subject> subjects = new ArrayList<>();
        try (EchoServer echo = new EchoServer()) {
            for (Map.Entry<String, String> server : servers.entrySet()) {
                subjects.add(subject(server.getKey(), server.getValue()));
            }
            for (int round = 0; round < rounds; round++) {
                for (Subject subject : subjects) {
                    measure(subject, echo, calls, burst);
                }
            }
            print(subjects, calls, burst);
        } finally {
            for (Subject subject : subjects) {
                if (subject.process() != null) {
                    subject.process().destroy();
                    subject.process().waitFor(10, TimeUnit.SECONDS);
                    subject.process().destroyForcibly();
                }
            }
        }
    }

    private static Subject subject(String label, String where) throws IOException {
        if (where.equals("direct")) {
            return new Subject(label, -1, null, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }
        if (where.startsWith("api:")) {
            String address = where.substring("api:".length());
            return new Subject(label, Integer.parseInt(address.substring(address.lastIndexOf(':') + 1)), null,
                    new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", where.substring("cp:".length()), ToxiproxyServer.class.getName(),
                "--host", "127.0.0.1", "--port", "0")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String line = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        Matcher listening = LISTENING.matcher(String.valueOf(line));
        if (!listening.find()) {
            process.destroyForcibly();
            throw new IllegalStateException(label + ": the server did not say where it listens: " + line);
        }
        return new Subject(label, Integer.parseInt(listening.group(1)), process,
                new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    private static void measure(Subject subject, EchoServer echo, int calls, int burst) throws IOException {
        if (subject.apiPort() < 0) {
            subject.callMedians().add(Double.NaN);
            subject.callP99s().add(Double.NaN);
            String target = echo.address();
            subject.bursts().add(burstSeconds(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    Integer.parseInt(target.substring(target.lastIndexOf(':') + 1))), burst));
            System.err.printf(Locale.ROOT, "%s: burst %.3f s%n", subject.label(),
                    subject.bursts().get(subject.bursts().size() - 1));
            awaitClosed(subject, echo);
            return;
        }
        ToxiproxyClient client = new ToxiproxyClient("127.0.0.1", subject.apiPort());
        client.reset();
        Proxy proxy = client.getProxyOrNull("bench");
        if (proxy == null) {
            proxy = client.createProxy("bench", "127.0.0.1:0", echo.address());
        }
        long[] samples = new long[calls];
        client.getProxy("bench"); // opens the kept-alive connection
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            client.getProxy("bench");
            samples[i] = System.nanoTime() - start;
        }
        Arrays.sort(samples);
        subject.callMedians().add(samples[calls / 2] / 1e6);
        subject.callP99s().add(samples[(int) (calls * 0.99)] / 1e6);
        String listen = proxy.getListen();
        InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(),
                Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1)));
        subject.bursts().add(burstSeconds(address, burst));
        System.err.printf(Locale.ROOT, "%s: call median %.3f ms, burst %.3f s%n", subject.label(),
                subject.callMedians().get(subject.callMedians().size() - 1),
                subject.bursts().get(subject.bursts().size() - 1));
        awaitClosed(subject, echo);
    }

    private static void awaitClosed(Subject subject, EchoServer echo) {
        try {
            Await.until(Duration.ofSeconds(60), "the burst's upstream connections to close",
                    () -> echo.openConnections() == 0);
        } catch (AssertionError e) {
            System.err.printf(Locale.ROOT, "  %s: %d upstream connections still open a minute after the burst's"
                    + " clients closed%n", subject.label(), echo.openConnections());
        }
    }

    /** Seconds from opening {@code count} connections at once until each has echoed one byte. */
    private static double burstSeconds(InetSocketAddress address, int count) throws IOException {
        List<SocketChannel> channels = new ArrayList<>();
        try (Selector selector = Selector.open()) {
            long start = System.nanoTime();
            for (int i = 0; i < count; i++) {
                SocketChannel channel = SocketChannel.open();
                channels.add(channel);
                channel.configureBlocking(false);
                channel.connect(address);
                channel.register(selector, SelectionKey.OP_CONNECT);
            }
            int echoed = 0;
            int failed = 0;
            ByteBuffer one = ByteBuffer.allocate(1);
            long deadline = start + BURST_LIMIT.toNanos();
            while (echoed + failed < count && System.nanoTime() < deadline) {
                selector.select(1_000);
                for (SelectionKey key : selector.selectedKeys()) {
                    int outcome = step(key, one);
                    echoed += outcome > 0 ? 1 : 0;
                    failed += outcome < 0 ? 1 : 0;
                }
                selector.selectedKeys().clear();
            }
            if (echoed < count) {
                System.err.printf(Locale.ROOT, "  burst: %d of %d echoed, %d failed, within %s%n", echoed, count,
                        failed, BURST_LIMIT);
                return Double.NaN;
            }
            return (System.nanoTime() - start) / 1e9;
        } finally {
            for (SocketChannel channel : channels) {
                channel.close();
            }
        }
    }

    /** Advances one burst connection: 1 when its byte came back, -1 when it failed, 0 otherwise. */
    private static int step(SelectionKey key, ByteBuffer one) {
        SocketChannel channel = (SocketChannel) key.channel();
        try {
            if (key.isConnectable() && channel.finishConnect()) {
                channel.write(ByteBuffer.wrap(new byte[] {7}));
                key.interestOps(SelectionKey.OP_READ);
            } else if (key.isReadable()) {
                one.clear();
                key.interestOps(0);
                return channel.read(one) == 1 ? 1 : -1;
            }
            return 0;
        } catch (IOException e) {
            key.cancel();
            return -1;
        }
    }

    private static void print(List<Subject> subjects, int calls, int burst) {
        System.out.printf(Locale.ROOT, "%d rounds, alternating; medians over rounds (min..max)%n",
                subjects.get(0).bursts().size());
        System.out.printf(Locale.ROOT, "%-10s %-34s %-34s %-30s%n", "server",
                "API call median ms (" + calls + "/round)", "API call p99 ms", burst + " connections at once, s");
        for (Subject subject : subjects) {
            System.out.printf(Locale.ROOT, "%-10s %-34s %-34s %-30s%n", subject.label(), summary(subject.callMedians()),
                    summary(subject.callP99s()), summary(subject.bursts()));
        }
        List<Subject> servers = subjects.stream().filter(subject -> subject.apiPort() >= 0).toList();
        if (servers.size() == 2) {
            Subject before = servers.get(0);
            Subject after = servers.get(1);
            System.out.printf(Locale.ROOT, "%s / %s: API call median %.1fx, burst %.1fx%n", before.label(),
                    after.label(), median(before.callMedians()) / median(after.callMedians()),
                    median(before.bursts()) / median(after.bursts()));
        }
    }

    private static String summary(List<Double> values) {
        return String.format(Locale.ROOT, "%.3f (%.3f..%.3f)", median(values),
                values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN),
                values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN));
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[sorted.length / 2];
    }
}
