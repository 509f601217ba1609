package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A topology's layout names exactly the nodes its plan starts, with their roles (no Docker: nothing starts). */
class LayoutTest {

    private final ImageTags images = ImageTags.forProject();

    @Test
    void everyTopologysLayoutIsWhatItsPlanStarts() {
        for (ClusterOptions options : List.of(ClusterOptions.DEFAULTS, ClusterOptions.DEFAULTS.withZkNodes(5))) {
                // Shopify's image is only named, never pulled; lockchaos's own proxy would need the jar built.
            for (Topology t : Topology.values()) {
                Set<Layout.Member> planned = Plan.of(t, options.withToxiproxyImage("ghcr.io/shopify/toxiproxy:2.9.0"), images).waves().stream().flatMap(List::stream)
                        .map(n -> new Layout.Member(n.name(), n.role())).collect(Collectors.toSet());
                assertEquals(planned, Set.copyOf(Layout.of(t, options).nodes()), t.id());
            }
        }
    }

    @Test
    void aLayoutListsTheLockServiceThenStorageAndTheProxy() {
        Layout replicated = Layout.of(Topology.REDIS_REPLICATED, ClusterOptions.DEFAULTS);
        assertEquals(List.of("redis-1", "redis-2", "redis-3", "sentinel-1", "sentinel-2", "sentinel-3", "storage",
                "toxiproxy"), replicated.names());
        assertEquals(List.of("redis-2", "redis-3"), replicated.names(Role.REPLICA));
    }
}
