package io.lockchaos.workloads.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.workloads.WorkloadException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigGateTest {

    @TempDir
    Path dir;

    @Test
    void theWorkerGoesOnOnlyOnceTheGoFileExists() throws Exception {
        Path config = dir.resolve("worker.json");
        Thread harness = new Thread(() -> {
            try {
                Files.writeString(config, "{}");
                Files.createFile(ConfigGate.goFile(config));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        harness.start();
        ConfigGate.await(config, Duration.ofMinutes(1));
        assertTrue(Files.exists(ConfigGate.goFile(config)));
        assertEquals("{}", Files.readString(config));
        harness.join();
    }

    @Test
    void aConfigWithoutItsGoFileIsNotEnough() throws IOException {
        Path config = Files.writeString(dir.resolve("worker.json"), "{}");
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> ConfigGate.await(config, Duration.ofMillis(50)));
        assertTrue(e.getMessage().contains("worker.json.go"), e.getMessage());
        assertTrue(e.getMessage().contains("never released it"), e.getMessage());
    }
}
