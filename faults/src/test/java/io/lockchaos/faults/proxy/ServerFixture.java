package io.lockchaos.faults.proxy;

import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A running server, the real toxiproxy-java client pointed at it, an echo upstream, and raw HTTP
 * for what the client does not cover (populate, error bodies). One per test.
 */
final class ServerFixture implements AutoCloseable {
    final ToxiproxyServer server = ToxiproxyServer.start("127.0.0.1", 0);
    final ToxiproxyClient client = new ToxiproxyClient("127.0.0.1", server.port());
    final EchoServer echo = new EchoServer();
    private final HttpClient http = HttpClient.newHttpClient();

    /** Status and body of a raw request; {@code body} null sends none. */
    record Raw(int status, String body) {
    }

    Raw request(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest.BodyPublisher publisher = body == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body);
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .method(method, publisher)
                .timeout(Duration.ofSeconds(10))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        return new Raw(response.statusCode(), response.body());
    }

    @Override
    public void close() throws IOException {
        server.close();
        echo.close();
    }
}
