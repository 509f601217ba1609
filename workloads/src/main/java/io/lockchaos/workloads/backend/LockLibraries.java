package io.lockchaos.workloads.backend;

import io.lockchaos.workloads.WorkloadException;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The versions of the lock libraries the workers run ({@code redisson} → {@code 4.7.0}, ...), as
 * the BOM pins them: a run records them in {@code scenario.json} beside the image tags, so a
 * verdict names the library version it was reached on.
 */
public final class LockLibraries {

    private static final String RESOURCE = "libraries.properties";

    private LockLibraries() {
    }

    /** Each library's name and version, by name. */
    public static Map<String, String> versions() {
        Properties read = new Properties();
        try (InputStream in = LockLibraries.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new WorkloadException(RESOURCE + " is missing beside " + LockLibraries.class.getName()
                        + "; build the workloads module with Maven, which writes it");
            }
            read.load(in);
        } catch (IOException e) {
            throw new WorkloadException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
        Map<String, String> versions = new LinkedHashMap<>();
        read.stringPropertyNames().stream().sorted().forEach(name -> versions.put(name, read.getProperty(name)));
        return versions;
    }
}
