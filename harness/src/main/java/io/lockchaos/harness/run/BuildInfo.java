package io.lockchaos.harness.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version and the commit this lockchaos was built from, as the build wrote them
 * ({@code io/lockchaos/harness/build.properties}, by the harness pom's {@code build-info} step:
 * {@code git describe --always --dirty}, or "unknown commit" for a build outside git).
 *
 * @param version the Maven version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param commit the commit ({@code 4d7e763a1b2c}, {@code -dirty} when built with uncommitted
 *     changes), or {@code unknown commit}
 */
public record BuildInfo(String version, String commit) {

    private static final String RESOURCE = "/io/lockchaos/harness/build.properties";

    /** This build's; "development build" and "unknown commit" when classes were compiled without the build step. */
    public static BuildInfo current() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + " from the lockchaos jar", e);
        }
        return new BuildInfo(p.getProperty("version", "development build"), p.getProperty("commit", "unknown commit"));
    }

    /** {@code 0.1.0-SNAPSHOT (commit 4d7e763a1b2c)}, or {@code 0.1.0-SNAPSHOT (unknown commit)}. */
    public String line() {
        return version + (commit.equals("unknown commit") ? " (unknown commit)" : " (commit " + commit + ")");
    }
}
