package io.lockchaos.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A {@link Value.Dict} of a few entries is held compactly, and is the same map as before. */
class DictTest {

    private static Map<Value, Value> entries(int n, int seed) {
        Random random = new Random(seed);
        Map<Value, Value> m = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Value key = random.nextBoolean() ? new Value.Kw("k" + random.nextInt(20)) : new Value.Int(random.nextInt(20));
            m.put(key, random.nextBoolean() ? Value.NIL : new Value.Str("v" + random.nextInt(5)));
        }
        return m;
    }

    @Test
    void aDictEqualsAndHashesAsItsEntriesWhateverItsSize() {
        for (int n = 0; n <= SmallMap.MAX + 3; n++) {
            for (int seed = 0; seed < 50; seed++) {
                Map<Value, Value> plain = entries(n, seed);
                Value.Dict dict = new Value.Dict(plain);
                assertEquals(plain, dict.entries());
                assertEquals(dict.entries(), plain);
                assertEquals(new HashMap<>(plain), dict.entries());
                assertEquals(dict.entries(), new HashMap<>(plain));
                assertEquals(plain.hashCode(), dict.entries().hashCode());
                assertEquals(new ArrayList<>(plain.entrySet()), new ArrayList<>(dict.entries().entrySet()));
                assertEquals(plain.toString(), dict.entries().toString());
                Value.Dict again = new Value.Dict(new LinkedHashMap<>(plain));
                assertEquals(dict, again);
                assertEquals(dict.hashCode(), again.hashCode());
                plain.forEach((k, v) -> {
                    assertTrue(dict.entries().containsKey(k));
                    assertEquals(v, dict.entries().get(k));
                });
            }
        }
    }

    @Test
    void dictsWithADifferentEntryDiffer() {
        Value.Dict lock = Value.map("lock", "job-0", "token", 34);
        assertNotEquals(lock, Value.map("lock", "job-0", "token", 35));
        assertNotEquals(lock, Value.map("lock", "job-0"));
        assertNotEquals(lock, Value.map("lock", "job-0", "token", null));
        assertNotEquals(Value.map("lock", null), Value.map("lock", "job-0"));
        assertNotEquals(Value.map("lock", null), Value.map("key", null));
        assertFalse(lock.entries().containsKey(new Value.Kw("key")));
        assertNull(lock.entries().get(new Value.Kw("key")));
        assertNull(lock.entries().get("lock"));
        assertEquals(List.of(new Value.Kw("lock"), new Value.Kw("token")), new ArrayList<>(lock.entries().keySet()));
    }

    @Test
    void aDictOfPairsIsTheMapOfThoseEntriesOrNullWhenAKeyRepeats() {
        for (int n = 0; n <= SmallMap.MAX + 3; n++) {
            for (int seed = 0; seed < 50; seed++) {
                Map<Value, Value> plain = entries(n, seed);
                List<Value> pairs = new ArrayList<>();
                plain.forEach((k, v) -> {
                    pairs.add(k);
                    pairs.add(v);
                });
                Value.Dict dict = Value.Dict.ofPairs(pairs);
                assertEquals(new Value.Dict(plain), dict);
                assertEquals(new ArrayList<>(plain.keySet()), new ArrayList<>(dict.entries().keySet()));
                if (!plain.isEmpty()) {
                    pairs.add(pairs.get(0));
                    pairs.add(Value.NIL);
                    assertNull(Value.Dict.ofPairs(pairs), pairs.toString());
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Value.Dict.ofPairs(List.of(Value.NIL)));
    }

    @Test
    void aDictCannotBeChanged() {
        Value.Dict lock = Value.map("lock", "job-0", "token", 34);
        assertThrows(UnsupportedOperationException.class, () -> lock.entries().put(new Value.Kw("x"), Value.NIL));
        assertThrows(UnsupportedOperationException.class, () -> lock.entries().remove(new Value.Kw("lock")));
        assertThrows(UnsupportedOperationException.class, () -> lock.entries().entrySet().iterator().remove());
        assertThrows(UnsupportedOperationException.class, () -> lock.entries().clear());
        Map<Value, Value> source = new LinkedHashMap<>(lock.entries());
        Value.Dict copy = new Value.Dict(source);
        source.put(new Value.Kw("x"), Value.NIL);
        assertEquals(lock, copy);
    }
}
