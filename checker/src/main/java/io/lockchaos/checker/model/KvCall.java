package io.lockchaos.checker.model;

/** One key's operation as the {@link KvModel} prepares it; the state is the key's string. */
public sealed interface KvCall {

    /** Applies this call to the key's current string. */
    Step<String> apply(String current);

    /** A completed get that returned {@code value}. */
    record Get(String value) implements KvCall {
        @Override
        public Step<String> apply(String current) {
            return current.equals(value) ? Step.next(current)
                    : Step.inconsistent("get returned \"" + value + "\" but the key holds \"" + current + "\"");
        }

        @Override
        public String toString() {
            return "get \"" + value + "\"";
        }
    }

    /** A put that replaced the string. */
    record Put(String value) implements KvCall {
        @Override
        public Step<String> apply(String current) {
            return Step.next(value);
        }

        @Override
        public String toString() {
            return "put \"" + value + "\"";
        }
    }

    /** An append that concatenated to the string. */
    record Append(String value) implements KvCall {
        @Override
        public Step<String> apply(String current) {
            return Step.next(current + value);
        }

        @Override
        public String toString() {
            return "append \"" + value + "\"";
        }
    }
}
