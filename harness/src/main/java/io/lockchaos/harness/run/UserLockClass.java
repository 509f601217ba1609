package io.lockchaos.harness.run;

import io.lockchaos.workloads.lock.ClassBackend;
import io.lockchaos.workloads.lock.FencingTokens;
import io.lockchaos.workloads.lock.LockClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

/**
 * A scenario's lock class of the user's ({@code "backend": "class:NAME"}), checked in the
 * harness JVM before any container starts: loaded (not run) by a class loader over its
 * {@code lock.classpath} in front of the project's own classes, as a worker's {@code -cp} will
 * see it, and held to the {@link ClassBackend} contract.
 */
final class UserLockClass {

    private UserLockClass() {
    }

    /**
     * Whether the class {@code backend} names has fencing tokens of its own.
     *
     * @throws io.lockchaos.workloads.WorkloadException when it breaks the contract or is not there
     */
    static boolean hasOwnTokens(String backend, List<Path> classpath) {
        URL[] urls = classpath.stream().map(UserLockClass::url).toArray(URL[]::new);
        String searched = (classpath.isEmpty() ? "" : "lock.classpath " + classpath + " and ") + "the lockchaos jar";
        try (URLClassLoader loader = new URLClassLoader(urls, LockClient.class.getClassLoader())) {
            return FencingTokens.class.isAssignableFrom(ClassBackend.load(backend, loader, searched));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the class loader over " + classpath, e);
        }
    }

    private static URL url(Path entry) {
        try {
            return entry.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("not a classpath entry: " + entry, e);
        }
    }
}
