package io.lockchaos.workloads.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The libraries' versions come from the BOM through the build, filled in, one per library. */
class LockLibrariesTest {

    @Test
    void everyLibraryHasTheVersionTheBomPins() {
        Map<String, String> versions = LockLibraries.versions();
        String jar = org.redisson.Redisson.class.getPackage().getImplementationVersion();
        if (jar != null) {
            assertEquals(jar, versions.get("redisson"), "the Redisson jar on the classpath is the version recorded");
        }
        assertTrue(versions.keySet().containsAll(java.util.List.of("redisson", "spring-integration-redis",
                "shedlock", "curator", "jedis", "lettuce")), versions.toString());
        versions.forEach((library, version) -> assertTrue(version.matches("[0-9]+\\.[0-9]+.*"),
                library + " has no version filled in: " + version));
    }
}
