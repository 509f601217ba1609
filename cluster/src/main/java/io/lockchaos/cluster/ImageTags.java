package io.lockchaos.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The tag {@code docker/setup.sh} gives each image: {@code lockchaos/NAME:<sha12>}, where
 * sha12 begins the SHA-256 of the lines {@code "<sha256 of file>  <path>\n"} for every file
 * under {@code docker/common/} and {@code docker/NAME/}, paths relative to {@code docker/}
 * and sorted bytewise (exactly what {@code find | sort | xargs sha256sum | sha256sum}
 * prints). Change a Dockerfile or a file it copies and the tag changes; the image is then
 * rebuilt by the next {@code docker/setup.sh}.
 */
public final class ImageTags {

    /** The images lockchaos builds, by their directory under {@code docker/}. */
    public enum Image { REDIS, ZOOKEEPER, JVM, ETCD, POSTGRES }

    private final Path dockerDir;

    /** Tags for the build contexts under {@code dockerDir} (a checkout's {@code docker/}). */
    public ImageTags(Path dockerDir) {
        this.dockerDir = dockerDir;
    }

    /** Tags for the checkout {@link ProjectRoot#find()} finds. */
    public static ImageTags forProject() {
        return new ImageTags(ProjectRoot.find().resolve("docker"));
    }

    /** The full tag of {@code image}, e.g. {@code lockchaos/redis:bde1923ab3a8}. */
    public String tag(Image image) {
        String name = image.name().toLowerCase(java.util.Locale.ROOT);
        StringBuilder manifest = new StringBuilder();
        for (String file : files("common", name)) {
            manifest.append(sha256(read(dockerDir.resolve(file)))).append("  ").append(file).append('\n');
        }
        return "lockchaos/" + name + ":" + sha256(manifest.toString().getBytes(StandardCharsets.UTF_8)).substring(0, 12);
    }

    private List<String> files(String... dirs) {
        List<String> out = new java.util.ArrayList<>();
        for (String dir : dirs) {
            Path start = dockerDir.resolve(dir);
            if (!Files.isDirectory(start)) {
                throw new ClusterException("image build context " + start + " is missing; is "
                        + dockerDir + " a lockchaos checkout's docker/ directory?");
            }
            try (Stream<Path> walk = Files.walk(start)) {
                walk.filter(Files::isRegularFile)
                        .map(p -> dockerDir.relativize(p).toString())
                        .forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + start, e);
            }
        }
        // sort(1) under LC_ALL=C orders by bytes; for ASCII paths that is String order.
        out.sort(null);
        return out;
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }
}
