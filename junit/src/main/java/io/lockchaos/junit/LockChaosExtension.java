package io.lockchaos.junit;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.testcontainers.DockerClientFactory;

/**
 * The extension behind {@link LockChaos}: skips (or fails) the tests without a Docker engine
 * and hands each test a {@link ChaosRunner} whose runs are named after the test and write
 * their results under {@code target/lockchaos/} (the system property {@code lockchaos.results}
 * names another folder).
 */
public final class LockChaosExtension implements ExecutionCondition, ParameterResolver {

    /** The system property naming the folder results go under. */
    public static final String RESULTS_PROPERTY = "lockchaos.results";

    private final BooleanSupplier docker;

    /** The extension as {@link LockChaos} registers it: asks Testcontainers whether Docker is there. */
    public LockChaosExtension() {
        this(() -> DockerClientFactory.instance().isDockerAvailable());
    }

    /** With another answer to "is there a Docker engine" (for tests of the extension). */
    LockChaosExtension(BooleanSupplier docker) {
        this.docker = docker;
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        boolean fail = context.getTestClass().flatMap(c -> AnnotationSupport.findAnnotation(c, LockChaos.class))
                .map(LockChaos::failWithoutDocker).orElse(false);
        if (fail || docker.getAsBoolean()) {
            return ConditionEvaluationResult.enabled("a Docker engine is there (or its absence is to fail the run)");
        }
        return ConditionEvaluationResult.disabled("no Docker engine: lockchaos runs real servers in containers;"
                + " start Docker, or set @LockChaos(failWithoutDocker = true) to fail instead of skipping");
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == ChaosRunner.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        String test = context.getRequiredTestClass().getSimpleName()
                + context.getTestMethod().map(Method::getName).map(m -> "." + m).orElse("");
        Path root = Path.of(System.getProperty(RESULTS_PROPERTY, Path.of("target", "lockchaos").toString()));
        return new ChaosRunner(test, root.toAbsolutePath(), TestClasspath.ofThisJvm());
    }
}
