package io.lockchaos.history;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An operation's value: EDN data, typed. Jepsen values are nil, integers, strings,
 * keywords, vectors and maps ({@code {:lock "job-0" :token 34}}); this sealed hierarchy
 * holds them without casts.
 */
public sealed interface Value {

    Nil NIL = new Nil();

    record Nil() implements Value {
        @Override
        public String toString() {
            return "nil";
        }
    }

    record Bool(boolean value) implements Value {
        @Override
        public String toString() {
            return Boolean.toString(value);
        }
    }

    record Int(long value) implements Value {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    record Real(double value) implements Value {
        @Override
        public String toString() {
            return Double.toString(value);
        }
    }

    record Str(String value) implements Value {
        @Override
        public String toString() {
            return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
        }
    }

    /** A keyword, stored without its leading colon. */
    record Kw(String name) implements Value {
        @Override
        public String toString() {
            return ":" + name;
        }
    }

    record Vec(List<Value> items) implements Value {
        public Vec {
            items = Collections.unmodifiableList(new ArrayList<>(items));
        }

        @Override
        public String toString() {
            return items.stream().map(Value::toString)
                    .collect(java.util.stream.Collectors.joining(" ", "[", "]"));
        }
    }

    record SetV(Set<Value> items) implements Value {
        public SetV {
            items = Collections.unmodifiableSet(new LinkedHashSet<>(items));
        }

        @Override
        public String toString() {
            return items.stream().map(Value::toString)
                    .collect(java.util.stream.Collectors.joining(" ", "#{", "}"));
        }
    }

    /**
     * A map in insertion order. Keys are usually keywords. A map of a few entries (an op's
     * value) is held compactly; any map of the same entries is equal, with the same hash.
     */
    record Dict(Map<Value, Value> entries) implements Value {
        public Dict {
            if (!(entries instanceof SmallMap)) {
                entries = entries.size() <= SmallMap.MAX ? SmallMap.copyOf(entries)
                        : Collections.unmodifiableMap(new LinkedHashMap<>(entries));
            }
        }

        /**
         * The map of {@code keysAndValues}: a key, its value, the next key and so on, in that
         * order (as a reader meets them); null when a key repeats.
         *
         * @throws IllegalArgumentException for an odd number of items
         */
        public static Dict ofPairs(List<Value> keysAndValues) {
            if (keysAndValues.size() % 2 != 0) {
                throw new IllegalArgumentException("a map needs key/value pairs, got " + keysAndValues.size() + " items");
            }
            if (keysAndValues.size() / 2 <= SmallMap.MAX) {
                SmallMap small = SmallMap.ofPairs(keysAndValues);
                return small == null ? null : new Dict(small);
            }
            Map<Value, Value> entries = new LinkedHashMap<>();
            for (int i = 0; i < keysAndValues.size(); i += 2) {
                if (entries.put(keysAndValues.get(i), keysAndValues.get(i + 1)) != null) {
                    return null;
                }
            }
            return new Dict(entries);
        }

        @Override
        public String toString() {
            StringBuilder out = new StringBuilder("{");
            entries.forEach((k, v) -> {
                if (out.length() > 1) {
                    out.append(", ");
                }
                out.append(k).append(' ').append(v);
            });
            return out.append('}').toString();
        }
    }

    static Value of(long value) {
        return new Int(value);
    }

    static Value of(String value) {
        return value == null ? NIL : new Str(value);
    }

    /**
     * A keyword made of words, such as a refusal's reason ({@code "cache full"} is
     * {@code :cache-full}): every run of characters a keyword cannot hold (spaces, commas,
     * colons, brackets) becomes one {@code -}, so that any reason, an exception's message
     * included, can be written as EDN.
     */
    static Value kwOfWords(String words) {
        String name = words.replaceAll("[^" + KEYWORD_CHARS + "]+", "-").replaceAll("-{2,}", "-")
                .replaceAll("^-|-$", "");
        if (!name.matches("[" + KEYWORD_FIRST_CHARS + "].*")) {
            name = "reason-" + name;
        }
        return new Kw(name);
    }

    /** The characters a keyword's name (or namespace) may begin with, as a regex class's body. */
    String KEYWORD_FIRST_CHARS = "A-Za-z*+!_?<>=$%&-";

    /** The characters a keyword's name may hold after its first, as a regex class's body. */
    String KEYWORD_CHARS = "A-Za-z0-9*+!_?<>=$%&.'#-";

    static Value kw(String name) {
        return new Kw(name.startsWith(":") ? name.substring(1) : name);
    }

    static Value vec(Value... items) {
        return new Vec(List.of(items));
    }

    /** A map with keyword keys, from alternating name/value arguments. */
    static Dict map(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("map needs name/value pairs");
        }
        Map<Value, Value> entries = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            entries.put(kw((String) keysAndValues[i]), coerce(keysAndValues[i + 1]));
        }
        return new Dict(entries);
    }

    private static Value coerce(Object o) {
        if (o == null) {
            return NIL;
        }
        if (o instanceof Value v) {
            return v;
        }
        if (o instanceof Integer i) {
            return new Int(i);
        }
        if (o instanceof Long l) {
            return new Int(l);
        }
        if (o instanceof String s) {
            return new Str(s);
        }
        if (o instanceof Boolean b) {
            return new Bool(b);
        }
        throw new IllegalArgumentException("not a value: " + o.getClass().getName());
    }

    default boolean isNil() {
        return this instanceof Nil;
    }

    /** The entry under keyword {@code key} of a map value; empty for other values or a missing key. */
    default Optional<Value> get(String key) {
        if (this instanceof Dict d) {
            Value v = d.entries().get(new Kw(key));
            return Optional.ofNullable(v);
        }
        return Optional.empty();
    }

    /** The integer under keyword {@code key}, if this is a map holding one there. */
    default Optional<Long> getLong(String key) {
        return get(key).flatMap(v -> v instanceof Int i ? Optional.of(i.value()) : Optional.empty());
    }

    /** The string (or keyword name) under keyword {@code key}, if this is a map holding one there. */
    default Optional<String> getString(String key) {
        return get(key).flatMap(v -> {
            if (v instanceof Str s) {
                return Optional.of(s.value());
            }
            if (v instanceof Kw k) {
                return Optional.of(k.name());
            }
            return Optional.empty();
        });
    }
}
