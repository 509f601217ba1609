package io.lockchaos.faults.schedule;

import io.lockchaos.faults.schedule.FaultSpec.FailoverMethod;
import io.lockchaos.faults.schedule.FaultSpec.PartitionShape;
import io.lockchaos.faults.schedule.FaultSpec.ToxicKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads the text form of one fault ({@code KIND TARGETS ARGS [for] [DURATION]}); the grammar
 * is in this package's documentation. Errors name the source and line.
 */
public final class FaultParser {

    /** A fault and, when the text gave one, how long it lasts. */
    public record Timed(FaultSpec fault, Optional<Duration> duration) {
    }

    private final String source;
    private final int line;
    private final String text;
    private final List<String> words;
    private int next;

    private FaultParser(String source, int line, String text) {
        this.source = source;
        this.line = line;
        this.text = text;
        this.words = Arrays.stream(text.strip().split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }

    /** Parses one fault, e.g. {@code pause redis-1 5s}; {@code line} 0 when not from a file. */
    public static Timed parse(String source, int line, String text) {
        return new FaultParser(source, line, text).fault();
    }

    /** Parses a fault given as command-line words. */
    public static Timed parse(List<String> words) {
        return parse("command line", 0, String.join(" ", words));
    }

    private Timed fault() {
        String kind = word("a fault kind (pause, clock, partition, latency, bandwidth, blackhole, "
                + "reset-peer, kill, restart, failover)").toLowerCase(Locale.ROOT);
        FaultSpec spec = switch (kind) {
            case "pause" -> new FaultSpec.Pause(targets());
            case "clock" -> clock();
            case "partition" -> partition();
            case "latency" -> latency();
            case "bandwidth" -> new FaultSpec.LinkToxic(ToxicKind.BANDWIDTH, targets(),
                    Duration.ZERO, Duration.ZERO, number("a rate in KB/s"));
            case "blackhole" -> new FaultSpec.LinkToxic(ToxicKind.BLACKHOLE, targets(),
                    Duration.ZERO, Duration.ZERO, 0);
            case "reset-peer" -> new FaultSpec.LinkToxic(ToxicKind.RESET_PEER, targets(),
                    Duration.ZERO, Duration.ZERO, 0);
            case "kill" -> new FaultSpec.Kill(targets());
            case "restart" -> new FaultSpec.Restart(targets());
            case "failover" -> new FaultSpec.Failover(failoverMethod());
            default -> throw error("unknown fault kind '" + kind + "'");
        };
        Optional<Duration> duration = duration();
        if (next < words.size()) {
            throw error("unexpected '" + words.get(next) + "' after the fault");
        }
        return new Timed(spec, duration);
    }

    private FaultSpec clock() {
        List<String> targets = targets();
        String arg = word("+OFFSET, -OFFSET, strobe or reset");
        if (arg.equals("reset")) {
            return new FaultSpec.ClockReset(targets);
        }
        if (arg.equals("strobe")) {
            return new FaultSpec.ClockStrobe(targets, durationWord("a strobe delta"),
                    durationWord("a strobe period"));
        }
        Duration offset = Durations.parseOffset(arg);
        if (offset == null) {
            throw error("'" + arg + "' is not a clock offset such as +120s or -5s");
        }
        return new FaultSpec.ClockBump(targets, offset);
    }

    private FaultSpec partition() {
        String shape = word("a partition shape (isolate, halves, bridge, workers)");
        PartitionShape parsed;
        try {
            parsed = PartitionShape.valueOf(shape.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw error("unknown partition shape '" + shape + "' (isolate, halves, bridge, workers)");
        }
        if (parsed != PartitionShape.WORKERS) {
            return new FaultSpec.Partition(parsed, parsed == PartitionShape.ISOLATE ? targets() : List.of());
        }
        List<String> workers = wordFollows() ? targets() : List.of();
        List<String> from = List.of();
        if (next < words.size() && words.get(next).equals("from")) {
            next++;
            from = targets();
        }
        return new FaultSpec.Partition(parsed, workers, from);
    }

    /**
     * Whether a word other than a duration or {@code from} comes next (a target list, a
     * failover method).
     */
    private boolean wordFollows() {
        return next < words.size() && !words.get(next).equals("for") && !words.get(next).equals("from")
                && !Durations.isDuration(words.get(next));
    }

    private FaultSpec latency() {
        List<String> targets = targets();
        Duration latency = durationWord("a latency such as 200ms");
        Duration jitter = Duration.ZERO;
        if (next < words.size() && words.get(next).equals("jitter")) {
            next++;
            jitter = durationWord("a jitter such as 50ms");
        }
        return new FaultSpec.LinkToxic(ToxicKind.LATENCY, targets, latency, jitter, 0);
    }

    private FailoverMethod failoverMethod() {
        if (!wordFollows()) {
            return FailoverMethod.KILL;
        }
        String method = words.get(next++);
        try {
            return FailoverMethod.valueOf(method.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw error("unknown failover method '" + method + "' (kill, isolate, command)");
        }
    }

    private List<String> targets() {
        String list = word("the target nodes, comma-separated (e.g. redis-1,redis-2)");
        List<String> targets = new ArrayList<>();
        for (String name : list.split(",")) {
            if (!name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
                throw error("'" + name + "' is not a node name");
            }
            targets.add(name);
        }
        return targets;
    }

    private Optional<Duration> duration() {
        if (next < words.size() && words.get(next).equals("for")) {
            next++;
            return Optional.of(durationWord("a duration after 'for'"));
        }
        if (next < words.size() && Durations.isDuration(words.get(next))) {
            return Optional.of(Durations.parse(words.get(next++)));
        }
        return Optional.empty();
    }

    private Duration durationWord(String what) {
        String w = word(what);
        Duration d = Durations.parse(w);
        if (d == null) {
            throw error("'" + w + "' is not " + what + " (a number with ms, s, m or h)");
        }
        return d;
    }

    private long number(String what) {
        String w = word(what);
        try {
            return Long.parseLong(w);
        } catch (NumberFormatException e) {
            throw error("'" + w + "' is not " + what);
        }
    }

    private String word(String expected) {
        if (next >= words.size()) {
            throw error("expected " + expected);
        }
        return words.get(next++);
    }

    private FaultSyntaxException error(String problem) {
        return new FaultSyntaxException(source, line, text, problem);
    }
}
