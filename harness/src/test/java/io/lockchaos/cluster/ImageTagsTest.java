package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ImageTags.Image;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness and docker/setup.sh agree on every image's tag. */
class ImageTagsTest {

    @Test
    void javaTagsEqualTheOnesSetupShPrints() throws IOException, InterruptedException {
        Path root = ProjectRoot.find();
        Process p = new ProcessBuilder("bash", root.resolve("docker/setup.sh").toString(), "tags")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        Map<String, String> shell = out.lines().map(l -> l.split("=", 2))
                .collect(Collectors.toMap(kv -> kv[0], kv -> kv[1]));
        ImageTags tags = ImageTags.forProject();
        assertEquals(Image.values().length, shell.size(), out);
        for (Image image : Image.values()) {
            assertEquals(shell.get(image.name().toLowerCase(Locale.ROOT)), tags.tag(image), image.name());
        }
    }

    @Test
    void tagChangesWithTheBuildContext(@TempDir Path docker) throws IOException {
        Files.createDirectories(docker.resolve("common"));
        Files.createDirectories(docker.resolve("redis"));
        Files.writeString(docker.resolve("common/faketime-exec"), "#!/bin/sh\n");
        Files.writeString(docker.resolve("redis/Dockerfile"), "FROM x\n");
        String before = new ImageTags(docker).tag(Image.REDIS);
        assertTrue(before.matches("lockchaos/redis:[0-9a-f]{12}"), before);
        Files.writeString(docker.resolve("common/faketime-exec"), "#!/bin/sh\nexit 0\n");
        assertNotEquals(before, new ImageTags(docker).tag(Image.REDIS));
    }
}
