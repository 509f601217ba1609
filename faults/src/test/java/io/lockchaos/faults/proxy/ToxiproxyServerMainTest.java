package io.lockchaos.faults.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The command line a container runs: one line when listening, a prompt exit on SIGTERM. */
class ToxiproxyServerMainTest {

    @Test
    void printsOneLineWhenListeningAndStopsOnSigterm() throws IOException, InterruptedException {
        Process process = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                ToxiproxyServer.class.getName(), "--host", "127.0.0.1", "--port", "0")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            Matcher listening = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+)$").matcher(String.valueOf(line));
            assertTrue(listening.find(), "first line: " + line);
            int port = Integer.parseInt(listening.group(1));
            assertNotEquals(0, port);
            ToxiproxyClient client = new ToxiproxyClient("127.0.0.1", port);
            client.createProxy("p", "127.0.0.1:0", "127.0.0.1:1");
            assertEquals(1, client.getProxies().size());

            process.destroy(); // SIGTERM
            assertTrue(process.waitFor(20, TimeUnit.SECONDS), "the server did not stop on SIGTERM");
            assertEquals(128 + 15, process.exitValue(), "the JVM's status for a SIGTERM after its shutdown hooks ran");
        } finally {
            process.destroyForcibly();
        }
    }
}
