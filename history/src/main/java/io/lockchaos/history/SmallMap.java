package io.lockchaos.history;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The entries of a small {@link Value.Dict} (at most {@link #MAX} of them, as an op's value
 * {@code {:lock "job-0" :token 34}} has): keys and values side by side in one array, in
 * insertion order, looked up by a scan. A history holds hundreds of thousands of such maps,
 * and a {@code LinkedHashMap} spends an object per entry and a table on each: this one is two
 * objects. Unmodifiable, and equal to (with the same hash as) any map of the same entries,
 * as {@link Map} requires.
 */
final class SmallMap extends AbstractMap<Value, Value> {

    /** The most entries a small map holds; larger maps stay {@code LinkedHashMap}s. */
    static final int MAX = 8;

    /** Keys at even positions, each followed by its value. */
    private final Value[] keysAndValues;

    private SmallMap(Value[] keysAndValues) {
        this.keysAndValues = keysAndValues;
    }

    /** The entries of {@code entries} (at most {@link #MAX}), in its iteration order. */
    static SmallMap copyOf(Map<Value, Value> entries) {
        Value[] kv = new Value[entries.size() * 2];
        int i = 0;
        for (Map.Entry<Value, Value> e : entries.entrySet()) {
            kv[i++] = e.getKey();
            kv[i++] = e.getValue();
        }
        if (i != kv.length) {
            throw new IllegalStateException("the map changed while it was copied");
        }
        return new SmallMap(kv);
    }

    /** The map of {@code keysAndValues} (a key, its value, the next key...; at most {@link #MAX} keys); null when a key repeats. */
    static SmallMap ofPairs(List<Value> keysAndValues) {
        Value[] kv = keysAndValues.toArray(new Value[0]);
        for (int i = 2; i < kv.length; i += 2) {
            for (int j = 0; j < i; j += 2) {
                if (Objects.equals(kv[i], kv[j])) {
                    return null;
                }
            }
        }
        return new SmallMap(kv);
    }

    @Override
    public int size() {
        return keysAndValues.length / 2;
    }

    private int indexOf(Object key) {
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (Objects.equals(keysAndValues[i], key)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public Value get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : keysAndValues[i + 1];
    }

    @Override
    public void forEach(BiConsumer<? super Value, ? super Value> action) {
        for (int i = 0; i < keysAndValues.length; i += 2) {
            action.accept(keysAndValues[i], keysAndValues[i + 1]);
        }
    }

    @Override
    public Set<Map.Entry<Value, Value>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return SmallMap.this.size();
            }

            @Override
            public Iterator<Map.Entry<Value, Value>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < keysAndValues.length;
                    }

                    @Override
                    public Map.Entry<Value, Value> next() {
                        if (next >= keysAndValues.length) {
                            throw new NoSuchElementException();
                        }
                        next += 2;
                        return new SimpleImmutableEntry<>(keysAndValues[next - 2], keysAndValues[next - 1]);
                    }
                };
            }
        };
    }

    /** {@link Map#hashCode()}: the sum of the entries' hashes, without making entries. */
    @Override
    public int hashCode() {
        int hash = 0;
        for (int i = 0; i < keysAndValues.length; i += 2) {
            hash += Objects.hashCode(keysAndValues[i]) ^ Objects.hashCode(keysAndValues[i + 1]);
        }
        return hash;
    }

    /** {@link Map#equals(Object)}: the same entries, whatever kind of map holds them. */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Map<?, ?> other) || other.size() != size()) {
            return false;
        }
        try {
            for (int i = 0; i < keysAndValues.length; i += 2) {
                Value ours = keysAndValues[i + 1];
                Object theirs = other.get(keysAndValues[i]);
                if (ours == null ? theirs != null || !other.containsKey(keysAndValues[i]) : !ours.equals(theirs)) {
                    return false;
                }
            }
            return true;
        } catch (ClassCastException | NullPointerException e) {
            return false; // as AbstractMap.equals: a map that cannot hold these keys differs
        }
    }
}
