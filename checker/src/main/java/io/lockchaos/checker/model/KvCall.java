package io.lockchaos.checker.model;

/** One key's operation as the {@link KvModel} prepares it; the state is the key's {@link KvValue}. */
public sealed interface KvCall {

    /** Shared: the search calls apply millions of times and needs no reason built. */
    Step<KvValue> GET_OTHER = Step.inconsistent("the key holds another value");

    /** Applies this call to the key's current string. */
    Step<KvValue> apply(KvValue current);

    /** A completed get that returned {@code value}. */
    record Get(String value) implements KvCall {
        @Override
        public Step<KvValue> apply(KvValue current) {
            return current.contentEquals(value) ? Step.next(current)
                    : GET_OTHER;
        }

        @Override
        public String toString() {
            return "get \"" + value + "\"";
        }
    }

    /** A put that replaced the string. */
    record Put(String value) implements KvCall {
        @Override
        public Step<KvValue> apply(KvValue current) {
            return Step.next(KvValue.of(value));
        }

        @Override
        public String toString() {
            return "put \"" + value + "\"";
        }
    }

    /** An append that concatenated to the string. */
    record Append(String value) implements KvCall {
        @Override
        public Step<KvValue> apply(KvValue current) {
            return Step.next(current.append(value));
        }

        @Override
        public String toString() {
            return "append \"" + value + "\"";
        }
    }
}
