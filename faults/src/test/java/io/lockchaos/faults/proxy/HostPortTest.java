package io.lockchaos.faults.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Listen and upstream addresses as Toxiproxy writes them. */
class HostPortTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "127.0.0.1:8474, 127.0.0.1, 8474",
        "localhost:0, localhost, 0",
        "[::1]:6379, ::1, 6379",
        ":2181, '', 2181",
        "redis-1:6379, redis-1, 6379"})
    void parses(String text, String host, int port) {
        assertEquals(new HostPort(host, port), HostPort.parse(text));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"no-port", "host:port", "host:70000", "host:-1"})
    void rejectsWithToxiproxysStatus(String text) {
        ApiException e = assertThrows(ApiException.class, () -> HostPort.parse(text));
        assertEquals(500, e.status());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"localhost:1234, 127.0.0.1:1234", "[::1]:80, [0:0:0:0:0:0:0:1]:80"})
    void canonicalFormIsTheResolvedAddress(String text, String canonical) {
        assertEquals(canonical, HostPort.parse(text).canonical());
    }
}
