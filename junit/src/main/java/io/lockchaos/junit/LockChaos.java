package io.lockchaos.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class whose tests run lockchaos scenarios: its test methods may take a
 * {@link ChaosRunner} parameter, and the class is tagged {@code chaos} (a build can then keep
 * these tests out of its fast unit-test run, as lockchaos's own build does).
 *
 * <p>Without a Docker engine the tests are skipped, with the reason, as Testcontainers'
 * {@code @Testcontainers(disabledWithoutDocker = true)} does; {@link #failWithoutDocker()}
 * makes them fail instead (for a CI job that must not pass by skipping).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Tag("chaos")
@ExtendWith(LockChaosExtension.class)
public @interface LockChaos {

    /** Whether a missing Docker engine fails the tests rather than skipping them. */
    boolean failWithoutDocker() default false;
}
