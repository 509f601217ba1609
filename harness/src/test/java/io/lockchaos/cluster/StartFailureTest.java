package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A container that did not start is said once, by lockchaos, with its cause: Testcontainers'
 * own report of it (an ERROR with a stack trace on the image's logger) is off.
 */
class StartFailureTest {

    @Test
    void testcontainersDoesNotLogAFailedStartWithItsStackTrace() {
        assertFalse(LoggerFactory.getLogger("tc.lockchaos/jvm:0133e40af4a3").isErrorEnabled());
        assertFalse(LoggerFactory.getLogger("tc.ghcr.io/shopify/toxiproxy:2.12.0").isErrorEnabled());
    }

    @Test
    void theLineNamesTheCauseThatStartedItAll() {
        RuntimeException e = new IllegalStateException("Container startup failed for image lockchaos/jvm:1",
                new RuntimeException("Retry limit hit with exception",
                        new IllegalArgumentException("network lockchaos-3fa1c2d4 not found")));
        assertEquals("Container startup failed for image lockchaos/jvm:1 (IllegalArgumentException: network"
                + " lockchaos-3fa1c2d4 not found)", ClusterException.startFailure(e));
        assertEquals("port taken", ClusterException.startFailure(new IllegalStateException("port taken")));
    }
}
