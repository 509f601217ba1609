package io.lockchaos.harness.report;

import io.lockchaos.history.Process;
import java.util.ArrayList;
import java.util.List;

/**
 * How a run's client processes map to its timeline's rows: lanes in order, each with
 * {@code workersPerLane} workers {@code worker-1..N} over all lanes; client process {@code p}
 * belongs to worker {@code p mod N + 1} (a retired process {@code p + N} goes on as the same
 * worker), so it is drawn on that worker's row.
 *
 * @param lanes the lanes' names, e.g. {@code [unfenced, fenced]}
 * @param workersPerLane workers in each lane, at least 1
 */
public record Layout(List<String> lanes, int workersPerLane) {

    /** The nemesis row's label. */
    public static final String NEMESIS = "nemesis";
    /** The final reads' row label. */
    public static final String FINAL = "final";

    public Layout {
        lanes = List.copyOf(lanes);
        if (lanes.isEmpty() || workersPerLane < 1) {
            throw new IllegalArgumentException("a layout needs a lane and a worker per lane, got " + lanes + " x "
                    + workersPerLane);
        }
    }

    /** Workers over all lanes. */
    public int totalWorkers() {
        return lanes.size() * workersPerLane;
    }

    /** Every row, top to bottom: the nemesis, each lane's workers, the final reads. */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row(NEMESIS, ""));
        for (int w = 0; w < totalWorkers(); w++) {
            rows.add(new Row("worker-" + (w + 1), lanes.get(w / workersPerLane)));
        }
        rows.add(new Row(FINAL, ""));
        return rows;
    }

    /** The index in {@link #rows()} of {@code process}'s row. */
    public int rowOf(Process process) {
        if (process instanceof Process.Client c) {
            return 1 + Math.floorMod(c.id(), totalWorkers());
        }
        return process.equals(Process.NEMESIS) ? 0 : totalWorkers() + 1;
    }

    /** {@code process} in a sentence: {@code worker-3 (process 6)}, or a named actor's name. */
    public String nameOf(Process process) {
        if (process instanceof Process.Client c) {
            return rows().get(rowOf(process)).label() + " (process " + c.id() + ")";
        }
        return process.toString();
    }

    /**
     * One row of the timeline.
     *
     * @param label {@code worker-3}, {@code nemesis} or {@code final}
     * @param lane the worker's lane; empty for the nemesis and the final reads
     */
    public record Row(String label, String lane) {
    }
}
