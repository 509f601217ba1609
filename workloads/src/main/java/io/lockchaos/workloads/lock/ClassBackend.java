package io.lockchaos.workloads.lock;

import io.lockchaos.workloads.WorkloadException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.Optional;

/**
 * A lock client a user brings: the backend {@code class:com.example.MyLock} names a class that
 * implements {@link LockClient}, is public and concrete, and has a public constructor taking
 * {@code (LockConfig, HostMapper)} or {@code (LockConfig)} (the first is preferred when both
 * exist). It may also implement {@link FencingTokens}, {@link LeaseExpiry} and
 * {@link LossDetection}. The token option ({@code redis-incr}, {@code zk}) wraps it as it wraps
 * the built-in locks: see {@link io.lockchaos.workloads.backend.LockClients#open}.
 *
 * <p>{@link #load} checks a class without running it (the harness does so before any container
 * starts); {@link #construct} builds one (the worker does so). Every problem is a
 * {@link WorkloadException} that names the class and says what to do.
 */
public final class ClassBackend {

    /** The prefix of a backend named by class. */
    public static final String PREFIX = "class:";

    private static final String SEE = "; see workloads/README.md, 'Bring your own lock client'";

    private ClassBackend() {
    }

    /** Whether {@code backend} names a class ({@code class:...}). */
    public static boolean names(String backend) {
        return backend.startsWith(PREFIX);
    }

    /** The class name in {@code class:NAME}. */
    public static String className(String backend) {
        String name = backend.substring(PREFIX.length()).strip();
        if (name.isEmpty()) {
            throw new WorkloadException("lock backend '" + backend + "' names no class; give e.g. "
                    + PREFIX + "com.example.MyLock");
        }
        return name;
    }

    /**
     * The lock class {@code backend} names, loaded (not initialised) by {@code loader} and checked
     * against the contract.
     *
     * @param searched the classpath {@code loader} searches, for the message when it is not there
     */
    public static Class<? extends LockClient> load(String backend, ClassLoader loader, String searched) {
        String name = className(backend);
        Class<?> found;
        try {
            found = Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new WorkloadException("lock class " + name + " not found on " + searched + "; check the name"
                    + " (package included) and add the jar or classes directory that holds it to the classpath"
                    + SEE, e);
        } catch (LinkageError e) {
            throw new WorkloadException("lock class " + name + " was found on " + searched + " but cannot be loaded ("
                    + e + "); add the jars it needs to the classpath, compiled for Java 17 or older" + SEE, e);
        }
        if (!LockClient.class.isAssignableFrom(found)) {
            throw new WorkloadException("lock class " + name + " does not implement " + LockClient.class.getName()
                    + "; implement it (acquire, release, backend, close)" + SEE);
        }
        int mods = found.getModifiers();
        if (!Modifier.isPublic(mods) || Modifier.isAbstract(mods)
                || (found.isMemberClass() && !Modifier.isStatic(mods))) {
            throw new WorkloadException("lock class " + name + " must be a public, concrete, top-level or static"
                    + " nested class so the worker can construct it" + SEE);
        }
        Class<? extends LockClient> lock = found.asSubclass(LockClient.class);
        constructor(lock);
        return lock;
    }

    /**
     * A new instance of {@code lock} for {@code config}.
     *
     * @throws WorkloadException when its constructor throws, naming the class and the cause
     */
    public static LockClient construct(Class<? extends LockClient> lock, LockConfig config, HostMapper hosts) {
        Constructor<? extends LockClient> c = constructor(lock);
        try {
            return c.getParameterCount() == 2 ? c.newInstance(config, hosts) : c.newInstance(config);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new WorkloadException("the constructor of lock class " + lock.getName() + " threw " + cause
                    + "; it gets the scenario's lock settings (nodes " + config.nodes() + ", options "
                    + config.options() + "): fix the class or those settings", cause);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new WorkloadException("cannot construct lock class " + lock.getName() + " (" + e + ")" + SEE, e);
        }
    }

    private static Constructor<? extends LockClient> constructor(Class<? extends LockClient> lock) {
        Optional<Constructor<? extends LockClient>> c = publicConstructor(lock, LockConfig.class, HostMapper.class)
                .or(() -> publicConstructor(lock, LockConfig.class));
        return c.orElseThrow(() -> new WorkloadException("lock class " + lock.getName() + " has no public constructor"
                + " (LockConfig, HostMapper) or (LockConfig); add one: the worker builds the client from the"
                + " scenario's lock settings" + SEE));
    }

    private static Optional<Constructor<? extends LockClient>> publicConstructor(Class<? extends LockClient> lock,
                                                                                 Class<?>... parameters) {
        try {
            return Optional.of(lock.getConstructor(parameters));
        } catch (NoSuchMethodException e) {
            return Optional.empty();
        }
    }
}
