package io.lockchaos.cluster;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import org.testcontainers.containers.output.OutputFrame;

/**
 * The last lines a starting container wrote, kept as they arrive: a container that fails its
 * start is removed by Testcontainers before its log could be asked for.
 */
final class LogTail implements Consumer<OutputFrame> {

    private final int size;
    private final Deque<String> lines = new ArrayDeque<>();

    LogTail(int size) {
        this.size = size;
    }

    @Override
    public synchronized void accept(OutputFrame frame) {
        String text = frame.getUtf8StringWithoutLineEnding();
        if (frame.getType() == OutputFrame.OutputType.END || text.isBlank()) {
            return;
        }
        lines.addLast(text);
        if (lines.size() > size) {
            lines.removeFirst();
        }
    }

    /** The lines for an error message, or a note that there were none. */
    synchronized String text() {
        return lines.isEmpty() ? " (it wrote no log)" : "\nlast lines of its log:\n" + String.join("\n", lines);
    }
}
