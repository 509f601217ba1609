package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.SourceLine;
import clojure.java.api.Clojure;
import clojure.lang.AFn;
import clojure.lang.BigInt;
import clojure.lang.EdnReader.ReaderException;
import clojure.lang.IFn;
import clojure.lang.Keyword;
import clojure.lang.LineNumberingPushbackReader;
import clojure.lang.PersistentHashMap;
import clojure.lang.Symbol;
import io.lockchaos.history.Value;
import java.io.IOException;
import java.io.PushbackReader;
import java.io.StringReader;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Clojure's own EDN reader ({@code clojure.edn/read}), loaded on first use, and the
 * conversion of what it reads into {@link Value}s. Tagged literals give the value they tag
 * ({@code #jepsen.history.Op{...}} is its map, {@code #inst "..."} its string).
 */
final class ClojureEdn {

    /** What {@link #read} returns at the end of the input. */
    static final Object EOF = new Object();

    /** The problem when nesting overflows the stack of Clojure's recursive reader. */
    static final String TOO_DEEP = "values nested too deep to read (thousands of levels);"
            + " expected op values of modest depth (is the file an EDN history?)";

    private ClojureEdn() {
    }

    /** Loads the Clojure runtime once, when a reader first needs it (about a second). */
    private static final class Loaded {
        static final IFn READ;
        static final Object OPTS;
        /** As {@link #OPTS}, but a tagged literal ({@code #foo 1}) is an error, not its value. */
        static final Object UNTAGGED_OPTS;

        static {
            Clojure.var("clojure.core", "require").invoke(Clojure.read("clojure.edn"));
            READ = Clojure.var("clojure.edn", "read");
            IFn identity = Clojure.var("clojure.core", "identity");
            IFn taggedValue = new AFn() {
                @Override
                public Object invoke(Object tag, Object value) {
                    return value;
                }
            };
            OPTS = PersistentHashMap.create(
                    Keyword.intern("eof"), EOF,
                    Keyword.intern("default"), taggedValue,
                    Keyword.intern("readers"), PersistentHashMap.create(
                            Symbol.intern("inst"), identity, Symbol.intern("uuid"), identity));
            IFn refuse = new AFn() {
                @Override
                public Object invoke(Object tag, Object value) {
                    throw new IllegalArgumentException("a tagged literal #" + tag
                            + " is not a plain value; leave the tag out");
                }
            };
            IFn refuseBuiltIn = new AFn() {
                @Override
                public Object invoke(Object value) {
                    throw new IllegalArgumentException("a tagged literal (#inst or #uuid)"
                            + " is not a plain value; leave the tag out");
                }
            };
            UNTAGGED_OPTS = PersistentHashMap.create(
                    Keyword.intern("eof"), EOF,
                    Keyword.intern("default"), refuse,
                    Keyword.intern("readers"), PersistentHashMap.create(
                            Symbol.intern("inst"), refuseBuiltIn, Symbol.intern("uuid"), refuseBuiltIn));
        }
    }

    /**
     * Reads one form, or returns {@link #EOF}. A syntax error is reported at the line where
     * the reader noticed it (a form left open at the end of the file: where it started),
     * with what was expected.
     */
    static Object read(LineNumberingPushbackReader in, String source, String expected) {
        int start = in.getLineNumber();
        try {
            return Loaded.READ.invoke(Loaded.OPTS, in);
        } catch (ReaderException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            boolean unfinished = String.valueOf(cause.getMessage()).startsWith("EOF while reading");
            SourceLine at = new SourceLine(source, unfinished ? start : in.getLineNumber());
            if (cause instanceof IOException io) {
                throw at.ioError(io);
            }
            throw at.error("malformed EDN at column " + in.getColumnNumber() + " ("
                    + cause.getMessage() + "); expected " + expected, e);
        }
    }

    /**
     * Reads the text of one EDN value (such as {@code [1 4]} or {@code :timed-out}); the
     * remainder after it, trimmed, goes to {@code rest} (empty when there is none).
     */
    static Value readValue(String text, SourceLine at, StringBuilder rest) {
        return readValue(text, at, rest, Loaded.OPTS);
    }

    /**
     * As {@link #readValue(String, SourceLine, StringBuilder)}, but refuses tagged literals
     * ({@code #foo 1}, {@code #inst "2020"}): for a value a person typed, such as a model's
     * initial value, a tag would be silently dropped.
     */
    static Value readUntaggedValue(String text, SourceLine at, StringBuilder rest) {
        return readValue(text, at, rest, Loaded.UNTAGGED_OPTS);
    }

    private static Value readValue(String text, SourceLine at, StringBuilder rest, Object opts) {
        PushbackReader in = new PushbackReader(new StringReader(text));
        Object form;
        try {
            form = Loaded.READ.invoke(opts, in);
        } catch (StackOverflowError e) {
            throw at.error(TOO_DEEP);
        } catch (RuntimeException e) {
            // Clojure's reader throws plain RuntimeExceptions when it has no line to report.
            throw at.error("malformed EDN value '" + text + "' (" + e.getMessage()
                    + "); expected an EDN value such as nil, 3, [1 4] or :timed-out", e);
        }
        if (form == EOF) {
            throw at.error("missing value; expected an EDN value such as nil, 3, [1 4] or :timed-out");
        }
        try {
            for (int c = in.read(); c != -1; c = in.read()) {
                rest.append((char) c);
            }
        } catch (IOException e) {
            throw at.ioError(e);
        }
        try {
            return toValue(form, at);
        } catch (StackOverflowError e) {
            throw at.error(TOO_DEEP);
        }
    }

    /** Converts what the EDN reader returned into a {@link Value}. */
    static Value toValue(Object o, SourceLine at) {
        if (o == null) {
            return Value.NIL;
        }
        if (o instanceof Long l) {
            return new Value.Int(l);
        }
        if (o instanceof Keyword k) {
            return new Value.Kw(k.toString().substring(1));
        }
        if (o instanceof String s) {
            return new Value.Str(s);
        }
        if (o instanceof Map<?, ?> m) {
            Map<Value, Value> entries = new LinkedHashMap<>();
            m.forEach((k, v) -> entries.put(toValue(k, at), toValue(v, at)));
            return new Value.Dict(entries);
        }
        if (o instanceof Set<?> s) {
            Set<Value> items = new LinkedHashSet<>();
            s.forEach(item -> items.add(toValue(item, at)));
            return new Value.SetV(items);
        }
        if (o instanceof Collection<?> c) { // vectors, lists and seqs
            List<Value> items = new ArrayList<>(c.size());
            c.forEach(item -> items.add(toValue(item, at)));
            return new Value.Vec(items);
        }
        return scalar(o, at);
    }

    private static Value scalar(Object o, SourceLine at) {
        if (o instanceof Double d) {
            return new Value.Real(d);
        }
        if (o instanceof Boolean b) {
            return new Value.Bool(b);
        }
        if (o instanceof Symbol s) {
            return new Value.Str(s.toString());
        }
        if (o instanceof Character c) {
            return new Value.Str(c.toString());
        }
        if (o instanceof BigInt || o instanceof BigInteger) {
            BigInteger big = o instanceof BigInt b ? b.toBigInteger() : (BigInteger) o;
            if (big.bitLength() < 64) {
                return new Value.Int(big.longValue());
            }
            throw at.error("integer " + big + " does not fit in 64 bits; expected integers"
                    + " between " + Long.MIN_VALUE + " and " + Long.MAX_VALUE);
        }
        throw at.error("unsupported EDN value " + o + " (" + o.getClass().getSimpleName()
                + "); expected nil, booleans, integers, doubles, strings, keywords, symbols,"
                + " characters, vectors, lists, maps or sets (no ratios or BigDecimals)");
    }
}
