package io.lockchaos.history.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A refusal's reason becomes the keyword of its {@code :fail} or {@code :info}; an etcd
 * acquire whose lease could not be revoked had the reason "timeout, and the lease's revoke
 * failed: etcd did not answer within 5000 ms", whose colon no keyword can hold, and the run's
 * history could not be written (a matrix run not carried out).
 */
class KeywordOfWordsTest {

    @Test
    void anyReasonBecomesAKeywordEdnCanWrite() {
        assertEquals(Value.kw("timeout-and-the-lease's-revoke-failed-etcd-did-not-answer-within-5000-ms"),
                Value.kwOfWords("timeout, and the lease's revoke failed: etcd did not answer within 5000 ms"));
        assertEquals(Value.kw("cache-full"), Value.kwOfWords("cache full"), "a plain reason reads as before");
        assertEquals(Value.kw("timeout"), Value.kwOfWords("timeout"));
        for (String reason : List.of("refused (held by [worker-2]) {x}", ": odd", "5000 ms", "", " , ")) {
            Value.Kw kw = (Value.Kw) Value.kwOfWords(reason);
            assertTrue(EdnPrinter.isKeywordName(kw.name()), reason + " -> " + kw.name());
        }
    }
}
