package io.lockchaos.faults.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Toxiproxy's HTTP API: routes, status codes and bodies as Toxiproxy's {@code api.go} has them.
 * {@code POST} and {@code PATCH} both update; 201 for a created proxy, 204 for deletes and reset,
 * 200 otherwise; {@code GET /version} answers plain text as Toxiproxy 2.5.0 does; errors as
 * {@code {"error": ..., "status": ...}}, never with a Java exception's text.
 */
final class ApiHandler implements HttpHandler {
    private static final System.Logger LOG = System.getLogger(ApiHandler.class.getName());

    private final ProxyRegistry registry;
    private final ApiJson json = new ApiJson();
    private final String version;

    ApiHandler(ProxyRegistry registry, String version) {
        this.registry = registry;
        this.version = version;
    }

    /** A response: status and a JSON body, a plain-text body, or no body (204). */
    private record Reply(int status, JsonNode body, String text) {
        Reply(int status, JsonNode body) {
            this(status, body, null);
        }

        static Reply ok(JsonNode body) {
            return new Reply(200, body);
        }

        static Reply plainText(String text) {
            return new Reply(200, null, text);
        }

        static Reply noContent() {
            return new Reply(204, null);
        }
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Reply reply;
            try {
                reply = route(exchange);
            } catch (ApiException e) {
                reply = new Reply(e.status(), json.error(e));
            } catch (RuntimeException e) {
                // the detail (a Java exception) goes to the server's log, not to the client
                LOG.log(System.Logger.Level.WARNING, "request " + exchange.getRequestURI() + " failed", e);
                reply = new Reply(500, json.error(new ApiException(500, "internal server error; see the server log")));
            }
            send(exchange, reply);
        }
    }

    private void send(HttpExchange exchange, Reply reply) throws IOException {
        if (reply.body() == null && reply.text() == null) {
            exchange.sendResponseHeaders(reply.status(), -1);
            return;
        }
        byte[] bytes = reply.text() != null ? reply.text().getBytes(StandardCharsets.UTF_8) : json.bytes(reply.body());
        exchange.getResponseHeaders().set("Content-Type",
                reply.text() != null ? "text/plain;charset=utf-8" : "application/json");
        exchange.sendResponseHeaders(reply.status(), bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private Reply route(HttpExchange exchange) throws IOException {
        String agent = exchange.getRequestHeaders().getFirst("User-Agent");
        if (agent != null && agent.startsWith("Mozilla/")) {
            throw new ApiException(403, "User agent not allowed");
        }
        String method = exchange.getRequestMethod();
        byte[] body = exchange.getRequestBody().readAllBytes();
        List<String> path = Arrays.asList(exchange.getRequestURI().getPath().split("/", -1));
        if (path.size() < 2 || !path.get(0).isEmpty()) {
            throw notFound();
        }
        List<String> parts = path.subList(1, path.size());
        switch (parts.size()) {
            case 1:
                return top(parts.get(0), method, body);
            case 2:
                requireProxies(parts);
                return proxy(parts.get(1), method, body);
            case 3:
                requireToxics(parts);
                return toxics(parts.get(1), method, body);
            case 4:
                requireToxics(parts);
                return toxic(parts.get(1), parts.get(3), method, body);
            default:
                throw notFound();
        }
    }

    private Reply top(String resource, String method, byte[] body) {
        switch (resource) {
            case "version":
                allow(method, "GET");
                return Reply.plainText(version);
            case "reset":
                allow(method, "POST");
                registry.reset();
                return Reply.noContent();
            case "populate":
                allow(method, "POST");
                return populate(body);
            case "proxies":
                if (method.equals("GET")) {
                    Map<String, JsonNode> sorted = new TreeMap<>();
                    registry.all().forEach(proxy -> sorted.put(proxy.name(), json.proxy(proxy)));
                    ObjectNode all = json.object();
                    all.setAll(sorted);
                    return Reply.ok(all);
                }
                allow(method, "POST");
                return new Reply(201, json.proxy(registry.create(json.proxyToCreate(body))));
            default:
                throw notFound();
        }
    }

    private Reply populate(byte[] body) {
        List<ProxySpec> specs = json.proxiesToPopulate(body);
        ArrayNode done = json.array();
        try {
            for (ProxySpec spec : specs) {
                done.add(json.proxy(registry.createOrReplace(spec)));
            }
        } catch (ApiException e) {
            ObjectNode failed = json.error(e);
            failed.set("proxies", done);
            return new Reply(e.status(), failed);
        }
        ObjectNode result = json.object();
        result.set("proxies", done.isEmpty() ? null : done);
        return new Reply(201, result);
    }

    private Reply proxy(String name, String method, byte[] body) {
        Proxy proxy = registry.get(name);
        switch (method) {
            case "GET":
                return Reply.ok(json.proxy(proxy));
            case "POST":
            case "PATCH":
                ProxySpec update = json.proxyUpdate(body, proxy.state());
                proxy.update(update.listen(), update.upstream(), update.enabled());
                return Reply.ok(json.proxy(proxy));
            case "DELETE":
                registry.delete(name);
                return Reply.noContent();
            default:
                throw methodNotAllowed();
        }
    }

    private Reply toxics(String proxyName, String method, byte[] body) {
        ToxicChain toxics = registry.get(proxyName).toxics();
        if (method.equals("GET")) {
            return Reply.ok(json.toxics(toxics.all()));
        }
        allow(method, "POST");
        if (toxics.find(json.toxicName(body)).isPresent()) {
            throw ApiException.toxicAlreadyExists();
        }
        return Reply.ok(json.toxic(toxics.add(json.toxicToCreate(body))));
    }

    private Reply toxic(String proxyName, String toxicName, String method, byte[] body) {
        ToxicChain toxics = registry.get(proxyName).toxics();
        switch (method) {
            case "GET":
                return Reply.ok(json.toxic(toxics.find(toxicName).orElseThrow(ApiException::toxicNotFound)));
            case "POST":
            case "PATCH":
                return Reply.ok(json.toxic(toxics.update(toxicName, current -> json.toxicUpdate(body, current))));
            case "DELETE":
                toxics.remove(toxicName);
                return Reply.noContent();
            default:
                throw methodNotAllowed();
        }
    }

    private static void requireProxies(List<String> parts) {
        if (!parts.get(0).equals("proxies")) {
            throw notFound();
        }
    }

    private static void requireToxics(List<String> parts) {
        requireProxies(parts);
        if (!parts.get(2).equals("toxics")) {
            throw notFound();
        }
    }

    private static void allow(String method, String allowed) {
        if (!method.equals(allowed)) {
            throw methodNotAllowed();
        }
    }

    private static ApiException notFound() {
        return new ApiException(404, "404 page not found");
    }

    private static ApiException methodNotAllowed() {
        return new ApiException(405, "method not allowed");
    }
}
