package io.lockchaos.history.ops;

import io.lockchaos.history.Op;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The lock workload's operations as a history spells them (docs/design.md, "The lock
 * workload"): their names, their fields, builders for the values a worker, the final read and
 * the simulator record, and readers for the values the checks and the report take apart.
 *
 * <pre>
 * acquire  {:lock "job-0"}                         ok: {:lock "job-0" :token 34}
 *          (the holder asking again, a reentry:        {:lock "job-0" :reentry true}
 *                                                      ok: {:lock "job-0" :token 34 :reentry true})
 *          (a lock reckoned by the client's clock:     ok: ... :clock-asked 1796461200123 :clock-granted 1796461200140
 *                                                      :lock-until 1796461202123)
 * read     {:key "job-0" :token 34}                ok: ... :last "e-3-11"
 * append   {:key "job-0" :token 34 :id "e-3-12" :prev "e-3-11"}
 * release  {:lock "job-0" :token 34}               (the reentry's own release: ... :reentry true)
 * read-all {:key "job-0"}  (process :final)        ok: {:key :fencing :entries [{:id :prev :token :process}]}
 * lost     {:lock "job-0" :token 34 :process 3 :reason "suspended"}  (process :notice, one :info event)
 * </pre>
 * A {@code lost} event is a library's loss notice: the moment it told holder {@code :process}
 * that its grant is gone (Curator's SUSPENDED or LOST in {@code curator-cautious}). It comes
 * from the library's own thread, at any time, also while the holder has an operation under
 * way, so it is a standalone {@code :info} of the named process {@link #NOTICE} (as nemesis
 * events are) and names the holder in its value: it never pairs with the holder's operations,
 * and the checks of client operations never see it.
 * A refused operation fails with {@link #STALE_TOKEN}, {@link #NOT_HELD} or {@link #TIMEOUT}.
 */
public final class LockOps {

    public static final String ACQUIRE = "acquire";
    public static final String RELEASE = "release";
    public static final String READ = "read";
    public static final String APPEND = "append";
    /** The final read of one ledger key, by process {@code :final}. */
    public static final String READ_ALL = "read-all";
    /** A library's loss notice, a standalone {@code :info} of process {@link #NOTICE}. */
    public static final String LOSS_NOTICE = "lost";
    /** Who records loss notices: {@code :notice}, never a client process. */
    public static final Process.Named NOTICE = new Process.Named("notice");

    /** The store refused a request whose token is older than one it has processed. */
    public static final Value STALE_TOKEN = Value.kw("stale-token");
    /** A release of a lock the client no longer holds. */
    public static final Value NOT_HELD = Value.kw("not-held");
    /** An acquire that timed out (certainly not granted when it is a {@code :fail}). */
    public static final Value TIMEOUT = Value.kw("timeout");
    /** The client learned that its grant was lost. */
    public static final Value LOST = Value.kw("lost");

    /** The fields of the lock workload's values; each keyword is made once and shared. */
    public enum Field {
        LOCK, KEY, TOKEN, LAST, ID, PREV, PROCESS, FENCING, ENTRIES, REASON,
        /** The client's wall clock (epoch ms) when it asked for a grant, as its JVM saw it. */
        CLOCK_ASKED,
        /** The client's wall clock (epoch ms) when the grant came back. */
        CLOCK_GRANTED,
        /** A lease's end (epoch ms) as the client wrote it into the lock service, by its own clock. */
        LOCK_UNTIL,
        /**
         * The scheduled job's tick an acquire was made for, on the worker's own clock
         * (epoch ms divided by the scenario's {@code tickMs}): only in runs with ticks.
         */
        TICK,
        /**
         * {@code true} on an acquire the holder of the lock asked for while it held it, and on
         * the release of that grant (see {@link Reentrancy}); absent otherwise.
         */
        REENTRY;

        private final String text = name().toLowerCase(Locale.ROOT).replace('_', '-');
        private final Value keyword = Value.kw(text);

        /** The field's name: {@code lock}. */
        public String text() {
            return text;
        }

        /** The field's keyword, {@code :lock}, one shared instance. */
        public Value keyword() {
            return keyword;
        }

        /** This field of a map value, if it has it. */
        public Optional<Value> in(Value value) {
            return value.get(text);
        }

        /** This field of a map value as a string or keyword name, if it holds one. */
        public Optional<String> string(Value value) {
            return value.getString(text);
        }
    }

    private LockOps() {
    }

    /** {@code {:lock "job-0"}}, with {@code :token} when there is one. */
    public static Value lock(String lock, OptionalLong token) {
        Map<Value, Value> m = new LinkedHashMap<>();
        m.put(Field.LOCK.keyword(), Value.of(lock));
        token.ifPresent(t -> m.put(Field.TOKEN.keyword(), Value.of(t)));
        return new Value.Dict(m);
    }

    /** {@code value} (a map) with {@code :tick} added: the scheduled job's tick an acquire was made for. */
    public static Value ticked(Value value, long tick) {
        Map<Value, Value> m = new LinkedHashMap<>(((Value.Dict) value).entries());
        m.put(Field.TICK.keyword(), Value.of(tick));
        return new Value.Dict(m);
    }

    /** The {@code :tick} of an acquire's value, if it was made for a tick. */
    public static Optional<Long> tick(Value value) {
        return Field.TICK.in(value).filter(v -> v instanceof Value.Int).map(v -> ((Value.Int) v).value());
    }

    /** {@code value} (an acquire's or a release's) marked as a reentry: {@code :reentry true} added. */
    public static Value reentry(Value value) {
        Map<Value, Value> m = new LinkedHashMap<>(((Value.Dict) value).entries());
        m.put(Field.REENTRY.keyword(), new Value.Bool(true));
        return new Value.Dict(m);
    }

    /** Whether an acquire's or release's value says it is a reentry ({@code :reentry true}). */
    public static boolean isReentry(Value value) {
        return Field.REENTRY.in(value).map(v -> v.equals(new Value.Bool(true))).orElse(false);
    }

    /**
     * An acquire's {@code :ok} value: {@link #lock}, then {@code :clock-asked},
     * {@code :clock-granted} and {@code :lock-until} (epoch ms) when given.
     */
    public static Value granted(String lock, OptionalLong token, OptionalLong asked, OptionalLong granted,
                                OptionalLong lockUntil) {
        Map<Value, Value> m = new LinkedHashMap<>(((Value.Dict) lock(lock, token)).entries());
        asked.ifPresent(t -> m.put(Field.CLOCK_ASKED.keyword(), Value.of(t)));
        granted.ifPresent(t -> m.put(Field.CLOCK_GRANTED.keyword(), Value.of(t)));
        lockUntil.ifPresent(t -> m.put(Field.LOCK_UNTIL.keyword(), Value.of(t)));
        return new Value.Dict(m);
    }

    /** {@code {:key "job-0" :token 34}}, then {@code :last} when {@code last} is given. */
    public static Value read(String key, OptionalLong token, Optional<Optional<String>> last) {
        Map<Value, Value> m = keyed(key, token);
        last.ifPresent(l -> m.put(Field.LAST.keyword(), Value.of(l.orElse(null))));
        return new Value.Dict(m);
    }

    /** {@code {:key "job-0" :token 34 :id "e-3-12" :prev "e-3-11"}}. */
    public static Value append(String key, OptionalLong token, String id, Optional<String> prev) {
        Map<Value, Value> m = keyed(key, token);
        m.put(Field.ID.keyword(), Value.of(id));
        m.put(Field.PREV.keyword(), Value.of(prev.orElse(null)));
        return new Value.Dict(m);
    }

    /** A read-all's invocation: {@code {:key "job-0"}}. */
    public static Value readAll(String key) {
        return new Value.Dict(Map.of(Field.KEY.keyword(), Value.of(key)));
    }

    /** A read-all's completion: {@code {:key "job-0" :fencing "fenced" :entries [...]}}. */
    public static Value readAll(String key, Fencing fencing, List<Value> entries) {
        Map<Value, Value> m = new LinkedHashMap<>();
        m.put(Field.KEY.keyword(), Value.of(key));
        m.put(Field.FENCING.keyword(), Value.of(fencing.id()));
        m.put(Field.ENTRIES.keyword(), new Value.Vec(entries));
        return new Value.Dict(m);
    }

    /** One ledger entry of a read-all: {@code {:id "e-3-12" :prev "e-3-11" :token 34 :process 3}}. */
    public static Value entry(String id, Optional<String> prev, OptionalLong token, long writer) {
        Map<Value, Value> m = new LinkedHashMap<>();
        m.put(Field.ID.keyword(), Value.of(id));
        m.put(Field.PREV.keyword(), Value.of(prev.orElse(null)));
        token.ifPresent(t -> m.put(Field.TOKEN.keyword(), Value.of(t)));
        m.put(Field.PROCESS.keyword(), Value.of(writer));
        return new Value.Dict(m);
    }

    /** A loss notice: {@code {:lock "job-0" :token 34 :process 3 :reason "suspended"}}; {@code :token} when the grant had one. */
    public static Value lossNotice(String lock, OptionalLong token, long holder, String reason) {
        Map<Value, Value> m = new LinkedHashMap<>();
        m.put(Field.LOCK.keyword(), Value.of(lock));
        token.ifPresent(t -> m.put(Field.TOKEN.keyword(), Value.of(t)));
        m.put(Field.PROCESS.keyword(), Value.of(holder));
        m.put(Field.REASON.keyword(), Value.of(reason));
        return new Value.Dict(m);
    }

    /** Whether {@code op}'s process and name make it a loss notice. */
    public static boolean isLossNotice(Op op) {
        return op.process().equals(NOTICE) && op.f().equals(LOSS_NOTICE);
    }

    private static Map<Value, Value> keyed(String key, OptionalLong token) {
        Map<Value, Value> m = new LinkedHashMap<>();
        m.put(Field.KEY.keyword(), Value.of(key));
        token.ifPresent(t -> m.put(Field.TOKEN.keyword(), Value.of(t)));
        return m;
    }

    /** An exception as an {@code :error}: its class and message, causes' too, on one line. */
    public static Value error(RuntimeException e) {
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

    /** The lock an acquire or release names, or the key a storage operation names. */
    public static Optional<String> lockOrKey(Value value) {
        Optional<String> lock = Field.LOCK.string(value);
        return lock.isPresent() ? lock : Field.KEY.string(value);
    }

    /** The fencing token a value carries, if any. */
    public static Optional<Long> token(Value value) {
        return value.getLong(Field.TOKEN.text());
    }

    /** Whether an error is the fenced store's refusal, {@code :stale-token} (or the string). */
    public static boolean isStaleToken(Value error) {
        return error.equals(STALE_TOKEN) || (error instanceof Value.Str s && s.value().equals("stale-token"));
    }
}
