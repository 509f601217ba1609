package io.lockchaos.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AwaitTest {

    private final String before = System.getProperty(Await.FACTOR_PROPERTY);

    @AfterEach
    void restoreFactor() {
        if (before == null) {
            System.clearProperty(Await.FACTOR_PROPERTY);
        } else {
            System.setProperty(Await.FACTOR_PROPERTY, before);
        }
    }

    @Test
    void theFactorIsOneUnlessSetAndMultipliesEveryTimeout() {
        System.clearProperty(Await.FACTOR_PROPERTY);
        assertEquals(Duration.ofSeconds(30), Await.scaled(Duration.ofSeconds(30)));
        System.setProperty(Await.FACTOR_PROPERTY, "3");
        assertEquals(Duration.ofSeconds(90), Await.scaled(Duration.ofSeconds(30)));
        System.setProperty(Await.FACTOR_PROPERTY, "1.5");
        assertEquals(Duration.ofMillis(1500), Await.scaled(Duration.ofSeconds(1)));
    }

    @Test
    void aFactorThatIsNotAPositiveNumberIsRefusedNamingTheProperty() {
        for (String bad : new String[] {"two", "0", "-1", "NaN", "Infinity"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Await.parseFactor(bad));
            assertTrue(e.getMessage().startsWith("-Dlockchaos.timeoutFactor=" + bad + " is not a positive number"),
                    e.getMessage());
        }
        assertEquals(1, Await.parseFactor(" "));
        assertEquals(2.5, Await.parseFactor("2.5"));
    }

    @Test
    void untilReturnsOnceTheConditionHolds() {
        AtomicInteger polls = new AtomicInteger();
        Await.until(Duration.ofSeconds(30), "the third poll", () -> polls.incrementAndGet() == 3);
        assertEquals(3, polls.get());
    }

    @Test
    void untilFailsNamingTheConditionTheScaledTimeoutAndTheLastException() {
        System.setProperty(Await.FACTOR_PROPERTY, "2");
        IllegalStateException thrown = new IllegalStateException("connection refused");
        AssertionError e = assertThrows(AssertionError.class, () -> Await.until(Duration.ofMillis(60), "the server answers", () -> {
            throw thrown;
        }));
        assertEquals("not within PT0.12S (PT0.06S x lockchaos.timeoutFactor 2.0): the server answers", e.getMessage());
        assertSame(thrown, e.getCause());
    }

    @Test
    void valueReturnsTheFirstNonNullProbe() {
        AtomicInteger polls = new AtomicInteger();
        assertEquals("ready", Await.value(Duration.ofSeconds(30), "ready", () -> polls.incrementAndGet() < 2 ? null : "ready"));
    }

    @Test
    void holdsForFailsAtTheFirstViolation() {
        AtomicInteger polls = new AtomicInteger();
        AssertionError e = assertThrows(AssertionError.class,
                () -> Await.holdsFor(Duration.ofSeconds(30), "still quiet", () -> polls.incrementAndGet() < 2));
        assertEquals("stopped holding: still quiet", e.getMessage());
        assertEquals(2, polls.get());
    }
}
