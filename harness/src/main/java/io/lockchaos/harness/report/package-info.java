/**
 * {@code report.html}: one self-contained page per run that a person opens offline to see what
 * happened. {@link io.lockchaos.harness.report.ReportData} holds what a results folder knows (the
 * scenario's facts, each check's verdict with its evidence, how the processes map to lanes and
 * workers, the history); {@link io.lockchaos.harness.report.Reports#html} renders it.
 *
 * <p>The page has a header (scenario, seed, duration, events, the overall verdict, a failed
 * run's reason, and expected against reached verdicts), a table of every check, a timeline, and
 * the anomalies explained in the checks' own sentences. The timeline has one row per worker
 * (grouped by lane; a retired process {@code p + workers} stays on its worker's row), one for the
 * nemesis and one for the final reads. Each hold ({@link io.lockchaos.checker.lock.Hold}: from
 * the acquire's {@code :ok} to the release's invocation, or to the end when never released) is a
 * bar labelled with its lock and token; a failed or indeterminate append is a mark (a triangle for
 * a fenced store's {@code :stale-token} refusal); each fault is a band across every row from its
 * {@code start-*} op to its {@code stop-*} op (or the {@code heal-all} that ended it). Holds and
 * appends that evidence names are red.
 *
 * <p>The page is built as a DOM by jsoup, so every value is escaped; the timeline's data is JSON
 * with {@code <}, {@code >} and {@code &} escaped, read by a short script that draws it with
 * Apache ECharts, inlined from its WebJar. Nothing is loaded from the network.
 */
package io.lockchaos.harness.report;
