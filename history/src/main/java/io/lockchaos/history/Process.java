package io.lockchaos.history;

/**
 * Who performed an operation: a client process (an integer, one operation outstanding at a
 * time) or a named actor such as the nemesis or the final reader.
 */
public sealed interface Process {

    Named NEMESIS = new Named("nemesis");
    Named FINAL = new Named("final");

    /** A logical client, as in Jepsen: one operation outstanding at a time. */
    record Client(int id) implements Process {
        @Override
        public String toString() {
            return Integer.toString(id);
        }
    }

    /** A named actor: {@code nemesis}, {@code final}, ... */
    record Named(String name) implements Process {
        public Named {
            if (name == null || name.isEmpty()) {
                throw new IllegalArgumentException("a named process needs a name");
            }
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Process client(int id) {
        return id >= 0 && id < Clients.SHARED.length ? Clients.SHARED[id] : new Client(id);
    }

    static Process named(String name) {
        return new Named(name);
    }
}
