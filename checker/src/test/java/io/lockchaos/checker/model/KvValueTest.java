package io.lockchaos.checker.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

class KvValueTest {

    private static KvValue build(List<String> appends) {
        KvValue v = KvValue.EMPTY;
        for (String s : appends) {
            v = v.append(s);
        }
        return v;
    }

    @Property
    void behavesLikeTheConcatenatedString(@ForAll @Size(max = 6) List<@StringLength(max = 4) String> appends,
                                          @ForAll @Size(max = 6) List<@StringLength(max = 4) String> others) {
        String text = String.join("", appends);
        String other = String.join("", others);
        KvValue v = build(appends);
        KvValue w = build(others);
        assertEquals(text, v.toString());
        assertEquals(text.hashCode(), v.hashCode());
        assertEquals(text.equals(other), v.equals(w));
        assertEquals(text.equals(other), v.contentEquals(other));
        assertEquals(v, KvValue.of(text));
    }

    @Example
    void differentChunksOfTheSameTextAreEqual() {
        assertEquals(KvValue.of("ab").append("c"), KvValue.of("a").append("bc"));
        assertNotEquals(KvValue.of("ab").append("c"), KvValue.of("a").append("bd"));
        assertTrue(KvValue.EMPTY.append("").contentEquals(""));
        assertFalse(KvValue.EMPTY.contentEquals("x"));
    }
}
