package io.lockchaos.cluster.containers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

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
