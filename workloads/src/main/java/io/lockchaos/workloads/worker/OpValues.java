package io.lockchaos.workloads.worker;

import io.lockchaos.history.Value;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** The values of the lock workload's ops (docs/design.md, "The lock workload"), built in one place. */
final class OpValues {

    static final String ACQUIRE = "acquire";
    static final String READ = "read";
    static final String APPEND = "append";
    static final String RELEASE = "release";

    static final Value TIMEOUT = Value.kw("timeout");
    static final Value STALE_TOKEN = Value.kw("stale-token");
    static final Value NOT_HELD = Value.kw("not-held");
    static final Value LOST = Value.kw("lost");

    private OpValues() {
    }

    /** {@code {:lock "job-0"}}, with {@code :token} when there is one. */
    static Value lock(String lock, OptionalLong token) {
        Map<Value, Value> m = new LinkedHashMap<>();
        m.put(Value.kw("lock"), Value.of(lock));
        token.ifPresent(t -> m.put(Value.kw("token"), Value.of(t)));
        return new Value.Dict(m);
    }

    /** {@code {:key "job-0" :token 34}}, then {@code :last} when {@code last} is given. */
    static Value read(String key, OptionalLong token, Optional<Optional<String>> last) {
        Map<Value, Value> m = keyed(key, token);
        last.ifPresent(l -> m.put(Value.kw("last"), Value.of(l.orElse(null))));
        return new Value.Dict(m);
    }

    /** {@code {:key "job-0" :token 34 :id "e-3-12" :prev "e-3-11"}}. */
    static Value append(String key, OptionalLong token, String id, Optional<String> prev) {
        Map<Value, Value> m = keyed(key, token);
        m.put(Value.kw("id"), Value.of(id));
        m.put(Value.kw("prev"), Value.of(prev.orElse(null)));
        return new Value.Dict(m);
    }

    private static Map<Value, Value> keyed(String key, OptionalLong token) {
        Map<Value, Value> m = new LinkedHashMap<>();
        m.put(Value.kw("key"), Value.of(key));
        token.ifPresent(t -> m.put(Value.kw("token"), Value.of(t)));
        return m;
    }

    /** An exception as an {@code :error}: its class and message, causes' too, on one line. */
    static Value error(RuntimeException e) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = e; t != null && text.length() < 400; t = t.getCause()) {
            if (text.length() > 0) {
                text.append(" <- ");
            }
            text.append(t.getClass().getSimpleName());
            if (t.getMessage() != null) {
                text.append(": ").append(t.getMessage().replace('\n', ' '));
            }
        }
        return Value.of(text.toString());
    }
}
