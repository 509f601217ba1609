package io.lockchaos.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class OpTypeTest {

    @Test
    void eachTypeIsItsKeywordWithOrWithoutTheColon() {
        for (OpType type : OpType.values()) {
            assertEquals(type.name().toLowerCase(Locale.ROOT), type.keyword());
            assertEquals(type, OpType.fromKeyword(type.keyword()));
            assertEquals(type, OpType.fromKeyword(":" + type.keyword()));
            assertNull(OpType.fromKeyword(type.name()));
        }
        assertNull(OpType.fromKeyword("read"));
        assertNull(OpType.fromKeyword(""));
        assertNull(OpType.fromKeyword("::ok"));
    }
}
