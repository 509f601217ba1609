package io.lockchaos.faults.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.Toxic;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import eu.rekawek.toxiproxy.model.toxic.Latency;
import eu.rekawek.toxiproxy.model.toxic.LimitData;
import eu.rekawek.toxiproxy.model.toxic.Slicer;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The HTTP API, driven by the real toxiproxy-java 2.1.7 client and by raw HTTP. */
class ToxiproxyApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ServerFixture fx = new ServerFixture();

    @AfterEach
    void stop() throws IOException {
        fx.close();
    }

    @Test
    void versionAnswersPlainTextAsToxiproxy250Does() throws IOException, InterruptedException {
        assertEquals(ToxiproxyServer.VERSION, fx.client.version(), "toxiproxy-java returns the raw body");
        assertTrue(ToxiproxyServer.VERSION.matches("2\\.5\\.0\\+\\w+"), ToxiproxyServer.VERSION);
        assertEquals(200, fx.request("GET", "/version", null).status());
    }

    /** Each body has one value of a JSON type Toxiproxy's Go structs refuse; Jackson would convert it. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "/proxies|{\"name\": 1, \"upstream\": \"127.0.0.1:1\"}|cannot unmarshal number 1 into field name of type string",
        "/proxies|{\"name\": \"x\", \"upstream\": true}|cannot unmarshal bool into field upstream of type string",
        "/proxies|{\"name\": \"x\", \"upstream\": \"127.0.0.1:1\", \"enabled\": 1}|cannot unmarshal number 1 into field enabled of type bool",
        "/proxies|{\"name\": \"x\", \"upstream\": \"127.0.0.1:1\", \"enabled\": \"true\"}|cannot unmarshal string into field enabled of type bool",
        "/proxies|{\"name\": [\"x\"], \"upstream\": \"127.0.0.1:1\"}|cannot unmarshal array into field name of type string",
        "/populate|[{\"name\": 2, \"upstream\": \"127.0.0.1:1\"}]|cannot unmarshal number 2 into field [0].name of type string",
        "/proxies/redis/toxics|{\"type\": \"latency\", \"toxicity\": \"0.5\"}|cannot unmarshal string into field toxicity of type float32",
        "/proxies/redis/toxics|{\"type\": \"latency\", \"attributes\": {\"latency\": \"100\"}}|cannot unmarshal string into field attributes.latency of type int64",
        "/proxies/redis/toxics|{\"type\": \"latency\", \"attributes\": {\"latency\": 1.5}}|cannot unmarshal number 1.5 into field attributes.latency of type int64",
        "/proxies/redis/toxics|{\"type\": \"latency\", \"attributes\": {\"jitter\": true}}|cannot unmarshal bool into field attributes.jitter of type int64",
        "/proxies/redis/toxics|{\"type\": \"latency\", \"attributes\": 5}|cannot unmarshal number into field attributes of type object",
        "/proxies/redis/toxics|{\"type\": 7}|cannot unmarshal number 7 into field type of type string",
        "/proxies/redis/toxics|{\"type\": \"latency\", \"attributes\": {\"latency\": {}}}|cannot unmarshal object into field attributes.latency of type int64",
    })
    void wrongJsonTypesAreRefusedWithoutJavaNames(String path, String body, String reason)
            throws IOException, InterruptedException {
        fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address());
        ServerFixture.Raw refused = fx.request("POST", path, body);
        assertEquals(400, refused.status(), refused.body());
        String error = JSON.readTree(refused.body()).get("error").asText();
        assertEquals("bad request body: json: " + reason, error);
        assertEquals(1, fx.client.getProxies().size(), "nothing was created");
        assertTrue(fx.client.getProxy("redis").toxics().getAll().isEmpty(), "no toxic was added");
    }

    @Test
    void wrongTypeInAToxicUpdateKeepsTheToxic() throws IOException, InterruptedException {
        fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address()).toxics()
                .latency("slow", ToxicDirection.DOWNSTREAM, 100);
        ServerFixture.Raw refused = fx.request("POST", "/proxies/redis/toxics/slow",
                "{\"attributes\": {\"latency\": 2.5}}");
        assertEquals(400, refused.status());
        assertEquals(100, fx.client.getProxy("redis").toxics().get("slow", Latency.class).getLatency());
        ServerFixture.Raw kept = fx.request("POST", "/proxies/redis/toxics/slow",
                "{\"attributes\": {\"latency\": null, \"jitter\": 3}}");
        assertEquals(200, kept.status(), kept.body());
        Latency latency = fx.client.getProxy("redis").toxics().get("slow", Latency.class);
        assertEquals(100, latency.getLatency(), "null leaves a field as it was, as in Go");
        assertEquals(3, latency.getJitter());
    }

    @Test
    void malformedBodiesNameNoJavaType() throws IOException, InterruptedException {
        fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address());
        for (String[] request : new String[][] {
            {"/proxies", "{not json"}, {"/proxies", "[1, 2]"}, {"/proxies", "\"x\""},
            {"/populate", "{\"name\": \"x\"}"}, {"/populate", "[1]"},
            {"/proxies/redis/toxics", "[]"}, {"/proxies/redis/toxics", "{\"type\": \"slicer\", \"attributes\": []}"},
            {"/proxies/redis", "{\"listen\": 5}"},
        }) {
            ServerFixture.Raw refused = fx.request("POST", request[0], request[1]);
            assertEquals(400, refused.status(), request[1] + " -> " + refused.body());
            String error = JSON.readTree(refused.body()).get("error").asText();
            assertTrue(error.startsWith("bad request body: "), error);
            assertFalse(error.matches("(?s).*(java\\.|io\\.lockchaos|`|Exception|\\bclass\\b).*"),
                    request[1] + " -> " + error);
        }
    }

    @Test
    void createListGetAndDeleteProxies() throws IOException {
        Proxy created = fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address());
        assertEquals("redis", created.getName());
        assertTrue(created.isEnabled());
        assertEquals(fx.echo.address(), created.getUpstream());
        int port = Integer.parseInt(created.getListen().substring(created.getListen().lastIndexOf(':') + 1));
        assertNotEquals(0, port, "listen must report the port actually bound");
        fx.client.createProxy("zk", "127.0.0.1:0", fx.echo.address());

        List<String> names = fx.client.getProxies().stream().map(Proxy::getName).sorted().collect(Collectors.toList());
        assertEquals(List.of("redis", "zk"), names);
        assertEquals(created.getListen(), fx.client.getProxy("redis").getListen());

        created.delete();
        assertNull(fx.client.getProxyOrNull("redis"));
        assertEquals(1, fx.client.getProxies().size());
    }

    @Test
    void duplicateProxyNameIsAConflict() throws IOException {
        fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address());
        IOException e = assertThrows(IOException.class,
                () -> fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address()));
        assertEquals("[409] proxy already exists", e.getMessage());
    }

    @Test
    void unknownProxyAndToxicAreNotFound() throws IOException, InterruptedException {
        IOException e = assertThrows(IOException.class, () -> fx.client.getProxy("nope"));
        assertEquals("[404] proxy not found", e.getMessage());
        Proxy proxy = fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address());
        assertThrows(IOException.class, () -> proxy.toxics().get("nope"));
        assertEquals(404, fx.request("DELETE", "/proxies/redis/toxics/nope", null).status());
        assertEquals(404, fx.request("DELETE", "/proxies/nope", null).status());
        assertEquals(404, fx.request("GET", "/nothing/here", null).status());
    }

    @Test
    void badRequestsGetToxiproxyStyleErrorBodies() throws IOException, InterruptedException {
        ServerFixture.Raw missing = fx.request("POST", "/proxies", "{\"name\": \"x\"}");
        assertEquals(400, missing.status());
        JsonNode body = JSON.readTree(missing.body());
        assertEquals("missing required field: upstream", body.get("error").asText());
        assertEquals(400, body.get("status").asInt());

        assertEquals(400, fx.request("POST", "/proxies", "{not json").status());
        fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address());
        ServerFixture.Raw badType = fx.request("POST", "/proxies/redis/toxics", "{\"type\": \"gremlin\"}");
        assertEquals(400, badType.status());
        assertEquals("invalid toxic type", JSON.readTree(badType.body()).get("error").asText());
        ServerFixture.Raw badStream = fx.request("POST", "/proxies/redis/toxics",
                "{\"type\": \"latency\", \"stream\": \"sideways\"}");
        assertEquals(400, badStream.status());
        assertEquals(405, fx.request("PUT", "/proxies", "{}").status());
    }

    @Test
    void toxicGetsDefaultsAndToxiproxyShape() throws IOException, InterruptedException {
        fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address());
        ServerFixture.Raw created = fx.request("POST", "/proxies/redis/toxics",
                "{\"type\": \"latency\", \"attributes\": {\"latency\": 5}}");
        assertEquals(200, created.status());
        JsonNode toxic = JSON.readTree(created.body());
        assertEquals("latency_downstream", toxic.get("name").asText());
        assertEquals("latency", toxic.get("type").asText());
        assertEquals("downstream", toxic.get("stream").asText());
        assertEquals(1.0, toxic.get("toxicity").asDouble());
        assertEquals(5, toxic.get("attributes").get("latency").asLong());
        assertEquals(0, toxic.get("attributes").get("jitter").asLong());

        ServerFixture.Raw again = fx.request("POST", "/proxies/redis/toxics",
                "{\"type\": \"latency\", \"attributes\": {\"latency\": 9}}");
        assertEquals(409, again.status());
        assertEquals("toxic already exists", JSON.readTree(again.body()).get("error").asText());

        JsonNode proxy = JSON.readTree(fx.request("GET", "/proxies/redis", null).body());
        assertEquals(List.of("name", "listen", "upstream", "enabled", "toxics"), fieldNames(proxy));
        assertEquals(List.of("attributes", "name", "type", "stream", "toxicity"), fieldNames(proxy.get("toxics").get(0)));
    }

    @Test
    void clientReadsEveryToxicTypeBack() throws IOException {
        Proxy proxy = fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address());
        proxy.toxics().latency("l", ToxicDirection.DOWNSTREAM, 100).setJitter(7);
        proxy.toxics().bandwidth("b", ToxicDirection.UPSTREAM, 64);
        proxy.toxics().slowClose("sc", ToxicDirection.DOWNSTREAM, 10);
        proxy.toxics().timeout("t", ToxicDirection.UPSTREAM, 0).setToxicity(0f);
        proxy.toxics().resetPeer("r", ToxicDirection.UPSTREAM, 0).setToxicity(0f);
        proxy.toxics().slicer("s", ToxicDirection.DOWNSTREAM, 32, 10).setSizeVariation(4);
        proxy.toxics().limitData("ld", ToxicDirection.DOWNSTREAM, 1000);

        Map<String, Toxic> byName = proxy.toxics().getAll().stream()
                .collect(Collectors.toMap(Toxic::getName, toxic -> toxic));
        assertEquals(7, byName.size());
        Latency latency = (Latency) byName.get("l");
        assertEquals(100, latency.getLatency(), "updating jitter keeps latency");
        assertEquals(7, latency.getJitter());
        assertEquals(0f, byName.get("t").getToxicity());
        assertEquals(ToxicDirection.UPSTREAM, byName.get("b").getStream());
        Slicer slicer = proxy.toxics().get("s", Slicer.class);
        assertEquals(32, slicer.getAverageSize());
        assertEquals(4, slicer.getSizeVariation());
        assertEquals(10, slicer.getDelay());
        assertEquals(1000, proxy.toxics().get("ld", LimitData.class).getBytes());

        byName.get("ld").remove();
        assertEquals(6, proxy.toxics().getAll().size());
    }

    @Test
    void updateChangesUpstreamAndListen() throws IOException {
        Proxy proxy = fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address());
        proxy.setUpstream("127.0.0.1:1");
        assertEquals("127.0.0.1:1", fx.client.getProxy("redis").getUpstream());
        assertTrue(proxy.isEnabled());
        int free = freePort();
        proxy.setListen("127.0.0.1:" + free);
        assertEquals("127.0.0.1:" + free, fx.client.getProxy("redis").getListen());
    }

    @Test
    void populateCreatesKeepsAndReplaces() throws IOException, InterruptedException {
        int a = freePort();
        String body = "[{\"name\": \"a\", \"listen\": \"127.0.0.1:" + a + "\", \"upstream\": \"" + fx.echo.address() + "\"},"
                + " {\"name\": \"b\", \"listen\": \"127.0.0.1:0\", \"upstream\": \"" + fx.echo.address() + "\", \"enabled\": false}]";
        ServerFixture.Raw first = fx.request("POST", "/populate", body);
        assertEquals(201, first.status());
        JsonNode proxies = JSON.readTree(first.body()).get("proxies");
        assertEquals(2, proxies.size());
        assertFalse(proxies.get(1).get("enabled").asBoolean());

        fx.client.getProxy("a").toxics().latency("slow", ToxicDirection.DOWNSTREAM, 1);
        String replaceB = "[{\"name\": \"a\", \"listen\": \"127.0.0.1:" + a + "\", \"upstream\": \"" + fx.echo.address() + "\"},"
                + " {\"name\": \"b\", \"listen\": \"127.0.0.1:0\", \"upstream\": \"127.0.0.1:1\"}]";
        assertEquals(201, fx.request("POST", "/populate", replaceB).status());
        assertEquals(1, fx.client.getProxy("a").toxics().getAll().size(), "an unchanged proxy is kept with its toxics");
        assertEquals("127.0.0.1:1", fx.client.getProxy("b").getUpstream());
        assertTrue(fx.client.getProxy("b").isEnabled());

        ServerFixture.Raw invalid = fx.request("POST", "/populate", "[{\"name\": \"c\"}]");
        assertEquals(400, invalid.status());
        assertEquals("missing required field: upstream at proxy 1", JSON.readTree(invalid.body()).get("error").asText());
    }

    @Test
    void resetEnablesProxiesAndRemovesToxics() throws IOException {
        Proxy proxy = fx.client.createProxy("redis", "127.0.0.1:0", fx.echo.address());
        proxy.toxics().latency("slow", ToxicDirection.DOWNSTREAM, 100);
        proxy.toxics().timeout("stuck", ToxicDirection.UPSTREAM, 0);
        proxy.disable();
        assertFalse(fx.client.getProxy("redis").isEnabled());

        fx.client.reset();

        assertTrue(proxy.isEnabled(), "the client refreshes its proxies after reset");
        assertTrue(fx.client.getProxy("redis").toxics().getAll().isEmpty());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        }
    }
}
