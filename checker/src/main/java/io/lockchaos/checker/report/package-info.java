/**
 * Verdicts put together for people and programs: the results of several checks on one
 * history ({@link io.lockchaos.checker.report.FileReport}) and on several histories
 * ({@link io.lockchaos.checker.report.CheckReport}), as a terminal summary and as JSON.
 *
 * <p>In JSON every check appears under its name with a {@code valid} field ({@code true},
 * {@code false} or {@code "unknown"}), a {@code summary}, and its {@code evidence}: each
 * evidence record's fields plus an {@code explanation} sentence. Verdicts merge by priority
 * (invalid beats unknown beats valid) from checks to files to the whole report.
 */
package io.lockchaos.checker.report;
