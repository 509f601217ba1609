/**
 * {@code lockchaos bench}: how fast the checker is, measured, never asserted. The warm corpus
 * and lock-history timings ({@link io.lockchaos.bench.BenchCommand}), whole-process timings
 * ({@code --cold}, {@code ColdBench}) and reading rates ({@code --reading}, {@code ReadingBench}).
 * The lock histories come from the test toolkit's simulator, which is why this is a jar of its own
 * ({@code bench/target/lockchaos-bench.jar}, only this package and the toolkit), run with the CLI
 * jar on the class path: the CLI jar ships no test code.
 */
package io.lockchaos.bench;
