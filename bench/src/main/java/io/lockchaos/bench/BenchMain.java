package io.lockchaos.bench;

import io.lockchaos.harness.cli.Main;
import java.util.Map;

/**
 * The bench jar's entry point: the {@code lockchaos} command line with {@code bench} beside the
 * production commands ({@code ./lockchaos bench} runs it with the CLI jar first on the class
 * path, so the CLI's class-data archive still maps).
 */
public final class BenchMain {

    /** The subcommands this jar adds. */
    static final Map<String, Class<?>> BENCH = Map.of("bench", BenchCommand.class);

    private BenchMain() {
    }

    public static void main(String[] args) {
        System.exit(Main.execute(BENCH, args));
    }
}
