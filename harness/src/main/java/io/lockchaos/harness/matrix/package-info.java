/**
 * The scenario matrix: every shipped scenario run N times, tabulated.
 *
 * <p>{@link io.lockchaos.harness.matrix.MatrixScenario} is a scenario file plus the two fields only the
 * table reads ({@code designRow}, the row of docs/design.md's scenario matrix, and
 * {@code fault}, the fault in words). {@link io.lockchaos.harness.matrix.RunSummary} reads what one run
 * left in its results folder ({@code results.json}, {@code history.jsonl}); a
 * {@link io.lockchaos.harness.matrix.MatrixRow} gathers one scenario's runs, and
 * {@link io.lockchaos.harness.matrix.Matrix} writes {@code results/matrix.json}, {@code matrix.md} and
 * {@code matrix.html} ({@link io.lockchaos.harness.matrix.MatrixPage}), each cell of the page linking to
 * the runs' {@code report.html}.
 */
package io.lockchaos.harness.matrix;
