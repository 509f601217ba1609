package io.lockchaos.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Without a Docker engine a {@link LockChaos} test is skipped, with the reason, unless it asks to fail. */
class LockChaosExtensionTest {

    @LockChaos
    static final class Skips {
    }

    @LockChaos(failWithoutDocker = true)
    static final class Fails {
    }

    @Test
    void withoutDockerTheTestsAreSkippedWithTheReason() {
        ConditionEvaluationResult r = new LockChaosExtension(() -> false).evaluateExecutionCondition(context(Skips.class));
        assertTrue(r.isDisabled());
        assertEquals("no Docker engine: lockchaos runs real servers in containers; start Docker, or set"
                + " @LockChaos(failWithoutDocker = true) to fail instead of skipping", r.getReason().orElseThrow());
    }

    @Test
    void failWithoutDockerRunsThemSoTheyFail() {
        assertFalse(new LockChaosExtension(() -> false).evaluateExecutionCondition(context(Fails.class)).isDisabled());
    }

    @Test
    void withDockerTheyRun() {
        assertFalse(new LockChaosExtension(() -> true).evaluateExecutionCondition(context(Skips.class)).isDisabled());
    }

    @Test
    void theAnnotationTagsTheClassChaosAndRegistersTheExtension() {
        assertEquals("chaos", LockChaos.class.getAnnotation(Tag.class).value());
        assertEquals(LockChaosExtension.class, LockChaos.class.getAnnotation(ExtendWith.class).value()[0]);
    }

    /** A context that knows only its test class: all the condition asks. */
    private static ExtensionContext context(Class<?> testClass) {
        return (ExtensionContext) Proxy.newProxyInstance(ExtensionContext.class.getClassLoader(),
                new Class<?>[] {ExtensionContext.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getTestClass")) {
                        return Optional.of(testClass);
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
