package io.lockchaos.workloads.lock;

import org.apache.zookeeper.common.PathUtils;

/**
 * An option a lock backend accepts in its {@link LockConfig#options()} (a scenario's
 * {@code lock.options}), with the type its value must have.
 *
 * @param name the option's key, e.g. {@code node-timeout-ms}
 * @param type what its value must be
 * @param meaning one line for messages and documentation
 */
public record LockOption(String name, Type type, String meaning) {

    /** The kinds of option values. */
    public enum Type {
        /** Any non-blank text. */
        TEXT("a non-blank string"),
        /** A whole number of milliseconds, 1 or more. */
        MILLIS("a whole number of milliseconds, 1 or more"),
        /** A whole number, 1 or more (a count, such as a cache's capacity). */
        COUNT("a whole number, 1 or more"),
        /** {@code true} or {@code false}. */
        BOOLEAN("true or false"),
        /**
         * A ZooKeeper node path, as ZooKeeper itself checks it: shell metacharacters are plain
         * characters there, but a relative path, an empty, {@code .} or {@code ..} name, a
         * trailing {@code /} or a control character would fail in every worker once the run started.
         */
        ZK_PATH("a ZooKeeper path: '/' and names separated by '/'; no empty, '.' or '..' name, no trailing '/',"
                + " no control characters");

        private final String allowed;

        Type(String allowed) {
            this.allowed = allowed;
        }

        /** What a value of this type looks like, for messages. */
        public String allowed() {
            return allowed;
        }

        /** Whether {@code value} (an option's text) is of this type. */
        public boolean accepts(String value) {
            return switch (this) {
                case TEXT -> !value.isBlank();
                case MILLIS -> value.matches("[0-9]{1,18}") && Long.parseLong(value) >= 1;
                case COUNT -> value.matches("[0-9]{1,9}") && Integer.parseInt(value) >= 1;
                case BOOLEAN -> value.equals("true") || value.equals("false");
                case ZK_PATH -> zkPath(value);
            };
        }

        private static boolean zkPath(String value) {
            try {
                PathUtils.validatePath(value);
                return !value.equals("/");
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
    }
}
