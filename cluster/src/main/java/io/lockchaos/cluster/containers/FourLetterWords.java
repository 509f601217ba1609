package io.lockchaos.cluster.containers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** ZooKeeper's four-letter-word admin commands ({@code srvr}, {@code ruok}) over plain TCP. */
public final class FourLetterWords {

    private FourLetterWords() {
    }

    /**
     * Sends {@code word} to host:port and returns the whole answer.
     *
     * @throws UncheckedIOException when the server cannot be reached in {@code timeout}
     */
    public static String send(String host, int port, String word, Duration timeout) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            socket.getOutputStream().write(word.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("ZooKeeper at " + host + ":" + port + " did not answer '" + word + "'", e);
        }
    }

    /** The {@code key<TAB>value} lines of an {@code mntr} answer ({@code zk_synced_followers}), as a map. */
    public static Map<String, String> fields(String mntrAnswer) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : mntrAnswer.split("\n")) {
            String[] kv = line.split("\t", 2);
            if (kv.length == 2) {
                fields.put(kv[0].strip(), kv[1].strip());
            }
        }
        return fields;
    }

    /** The {@code Mode:} line of a {@code srvr} answer ({@code leader}, {@code follower}), or empty. */
    public static String mode(String srvrAnswer) {
        for (String line : srvrAnswer.split("\n")) {
            if (line.startsWith("Mode: ")) {
                return line.substring("Mode: ".length()).trim();
            }
        }
        return "";
    }
}
