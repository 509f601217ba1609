package io.lockchaos.junit.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultParser;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.cluster.Topology;
import io.lockchaos.workloads.backend.LockBackends;
import io.lockchaos.workloads.lock.LockBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What registering a topology, a backend or a fault kind asks besides its code (docs/design.md,
 * "Adding a topology, a backend, a fault kind"): a line in its docs table, and for a backend a
 * contract subject. Each failure names the file and the line to add. (That a backend's
 * topologies are registered, and each topology has a backend, is {@code TopologyRegistryTest}'s.)
 */
class RegistrationTest {

    private static final Path ROOT = ProjectRoot.find();

    @Test
    void everyTopologyHasItsLineInDockersTopologyTable() {
        List<String> rows = tableRows("docker/README.md", "### Topologies");
        assertEquals(List.of(), missing(Arrays.stream(Topology.values()).map(Topology::id).toList(), rows),
                "topologies without a row '| `ID` | nodes... |' under 'Topologies' in docker/README.md");
    }

    @Test
    void everyBackendHasItsLineInWorkloadsBackendTableAndAContractSubject() {
        List<String> names = LockBackends.BUILT_IN.stream().map(LockBackend::name).toList();
        assertEquals(List.of(), missing(names, tableRows("workloads/README.md", "## Lock clients")),
                "backends without a row '| `NAME` | nodes | ... |' under 'Lock clients' in workloads/README.md");
        List<String> subjects = LockSubject.names(LockSubjects.picked(""));
        assertEquals(List.of(), names.stream().filter(n -> !subjects.contains(n)).toList(),
                "backends without a line LockSubject.builtIn(\"NAME\", Topology.X, FEATURES...) in"
                        + " junit/src/test/java/io/lockchaos/junit/contract/LockSubjects.java");
    }

    /** A subject named after a built-in backend (or backend+tokens) declares REENTRANT exactly when the backend is reentrant. */
    @Test
    void aBuiltInSubjectDeclaresReentrantAsItsBackendIs() {
        for (LockSubject s : LockSubjects.picked("")) {
            String backend = s.name().split("\\+")[0];
            LockBackends.find(backend).filter(b -> LockBackends.BUILT_IN.contains(b)).ifPresent(b ->
                    assertEquals(b.reentrancy().reentrant(), s.has(LockFeature.REENTRANT), s + ": its backend's"
                            + " reentrancy is " + b.reentrancy().id() + "; declare REENTRANT exactly for a reentrant one"));
        }
    }

    @Test
    void everyFaultKindHasItsLinesInTheFaultTable() {
        List<String> words = new ArrayList<>();
        for (FaultKind kind : FaultKind.values()) {
            kind.forms().stream().map(FaultParser.Form::words).forEach(words::add);
        }
        assertEquals(List.of(), missing(words, tableRows("faults/README.md", "## Faults")),
                "fault forms without a row '| `WORDS ...` | what it does | how it heals |' under 'Faults' in faults/README.md");
    }

    /**
     * Of {@code names}, those that no row of {@code rows} has in its first cell as {@code `NAME`}
     * or {@code `NAME ...`} (a cell may list several: {@code `latency T 200ms`, `blackhole T`}).
     */
    private static List<String> missing(List<String> names, List<String> rows) {
        List<String> cells = rows.stream().map(r -> r.substring(1, Math.max(1, r.indexOf(" | ", 1)))).toList();
        return names.stream().filter(n -> cells.stream().noneMatch(c -> c.contains("`" + n + "`")
                || c.contains("`" + n + " "))).toList();
    }

    /** The rows of the first table after the line {@code heading} in {@code file}. */
    private static List<String> tableRows(String file, String heading) {
        List<String> lines;
        try {
            lines = Files.readAllLines(ROOT.resolve(file));
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file + " from " + ROOT + ": " + e.getMessage(), e);
        }
        int at = lines.indexOf(heading);
        if (at < 0) {
            throw new AssertionError(file + " has no line '" + heading + "', under which its table is looked for");
        }
        List<String> rows = new ArrayList<>();
        for (String line : lines.subList(at + 1, lines.size())) {
            if (line.startsWith("|")) {
                rows.add(line);
            } else if (!rows.isEmpty()) {
                break;
            }
        }
        return rows;
    }
}
