package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.ContainerPort;
import io.lockchaos.cluster.RunLabels;
import io.lockchaos.testkit.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * A whole run whose free-text fields carry shell metacharacters: the scenario's description, and
 * the Curator lock's {@code zk-root}, which reaches every worker (its config file) and ZooKeeper
 * (as a path). Each value would create a marker file if any shell parsed it, on the host or in a
 * container. While the workers run, no container of the run has the file and the lock nodes are
 * in ZooKeeper under exactly the given root; after it, the host has no file, the run is valid
 * and its {@code scenario.json} holds both values exactly. (Lock names themselves are made by the
 * harness, {@code <mode>-job-N}, and are not a scenario field.)
 */
@Tag("chaos")
class HostileNamesIT {
    private static final Duration START_DEADLINE = Duration.ofSeconds(300);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;

    @Test
    void metacharactersInAScenarioAreDataEverywhereTheyGo() throws Exception {
        Path marker = Path.of("/tmp", "lockchaos-pwned-" + System.nanoTime());
        String touch = "touch " + marker;
        String description = "job;" + touch + " $(" + touch + ") `" + touch + "` 'q' \"dq\" <b>&amp;</b> | " + touch;
        String root = "/lockchaos/job;" + touch + "/$(" + touch + ")/`" + touch + "`/'q'\"dq\"";
        Path checkout = ChildRun.checkout(home, "curator-pause");
        ObjectNode scenario = (ObjectNode) JSON.readTree(checkout.resolve("scenario.json").toFile());
        scenario.put("description", description).put("schedule", "").put("thinkMs", 50).remove("expect");
        ((ObjectNode) scenario.get("lock")).putObject("options").put("zk-root", root);
        JSON.writeValue(checkout.resolve("scenario.json").toFile(), scenario);
        assertFalse(Files.exists(marker), "the marker " + marker + " is new");

        try (ChildRun run = ChildRun.start(checkout, "run", checkout.resolve("scenario.json").toString(),
                "--time", "15", "--workers", "1", "--seed", "7")) {
            run.await(START_DEADLINE, List.of(line -> line.contains("workers running for")));
            List<Container> containers = DockerClientFactory.instance().client().listContainersCmd()
                    .withLabelFilter(Map.of(RunLabels.CHECKOUT, checkout.toString())).exec();
            assertTrue(containers.size() >= 5, "3 ZooKeepers, storage and 2 workers of the run: " + containers.size());
            for (Container c : containers) {
                assertEquals(1, exec(c.getId(), "test", "-e", marker.toString()),
                        "no " + marker + " in " + c.getLabels().get(RunLabels.NODE));
            }
            assertLockNodesUnder(zkConnectString(containers), root);
            OptionalInt exit = run.awaitExit(Await.scaled(Duration.ofSeconds(180)));
            assertEquals(OptionalInt.of(0), exit, "a curator run without faults is valid; its output:\n" + run.output());
        }
        assertFalse(Files.exists(marker), "no " + marker + " on the host");
        JsonNode recorded = JSON.readTree(checkout.resolve("results").resolve("latest").resolve("scenario.json").toFile());
        assertEquals(description, recorded.get("description").asText());
        assertEquals(root, recorded.get("lock").get("options").get("zk-root").asText());
    }

    /** The ensemble's client ports as published on the host: {@code 127.0.0.1:PORT,...}. */
    private static String zkConnectString(List<Container> containers) {
        List<String> addresses = new ArrayList<>();
        for (Container c : containers) {
            if (String.valueOf(c.getLabels().get(RunLabels.NODE)).startsWith("zk-")) {
                for (ContainerPort p : c.getPorts()) {
                    if (p.getPrivatePort() != null && p.getPrivatePort() == 2181 && p.getPublicPort() != null) {
                        addresses.add("127.0.0.1:" + p.getPublicPort());
                    }
                }
            }
        }
        assertEquals(3, addresses.size(), "the three ZooKeepers' published client ports");
        return String.join(",", addresses);
    }

    /** Both lanes' lock nodes exist under exactly {@code root}, read with a ZooKeeper client of the test's own. */
    private static void assertLockNodesUnder(String ensemble, String root) throws Exception {
        try (CuratorFramework zk = CuratorFrameworkFactory.newClient(ensemble, 6_000, 5_000, new RetryNTimes(40, 250))) {
            zk.start();
            assertTrue(zk.blockUntilConnected(60, TimeUnit.SECONDS), "connected to ZooKeeper at " + ensemble);
            for (String lock : List.of("unfenced-job-0", "fenced-job-0")) {
                assertNotNull(zk.checkExists().forPath(root + "/" + lock), root + "/" + lock + " exists");
            }
        }
    }

    /** {@code docker exec ID ARGV} (an argument vector, no shell); its exit code. */
    private static int exec(String id, String... argv) throws Exception {
        List<String> command = new ArrayList<>(List.of("docker", "exec", id));
        command.addAll(List.of(argv));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not end within 60 s");
        }
        return p.exitValue();
    }
}
