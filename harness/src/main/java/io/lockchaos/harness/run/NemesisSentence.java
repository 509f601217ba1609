package io.lockchaos.harness.run;

import io.lockchaos.history.Value;
import io.lockchaos.history.ops.NemesisOps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A nemesis op as the console says it: a sentence, where the history keeps the EDN value.
 * {@code heal-all {:resumed [], :started [], ...}} reads "healed: nothing was left to heal";
 * {@code start-pause {:targets ["worker-1"]}} reads "paused worker-1 (SIGSTOP)". A fault kind
 * without words of its own here reads as its name and its fields, without braces or keywords.
 */
final class NemesisSentence {

    private NemesisSentence() {
    }

    static String of(String f, Value value) {
        if (f.equals(NemesisOps.HEAL_ALL)) {
            return healAll(value);
        }
        Optional<String> started = NemesisOps.started(f);
        if (started.isPresent()) {
            return start(started.get(), value);
        }
        Optional<String> stopped = NemesisOps.stopped(f);
        if (stopped.isPresent()) {
            return stop(stopped.get(), value);
        }
        return switch (f) {
            case "restart" -> "restarted " + targets(value) + " (SIGKILL, then started at once)";
            case "clock-reset" -> clocks("set the clock back to true time on", value);
            case NemesisOps.SCHEDULE_START -> "the fault schedule starts; its times count from now";
            default -> f + ": " + words(value);
        };
    }

    private static String start(String band, Value value) {
        return switch (band) {
            case "pause" -> "paused " + targets(value) + " (SIGSTOP)";
            case "kill" -> "killed " + targets(value) + " (SIGKILL)";
            case "clock" -> clocks("moved the clock of", value);
            case "clock-strobe" -> clocks("began flipping the clock of", value);
            case "partition" -> "partitioned the network: " + components(value);
            case "failover" -> "forced a failover: " + words(value);
            default -> "began " + band + " on " + targetsOrWords(value);
        };
    }

    private static String stop(String band, Value value) {
        return switch (band) {
            case "pause" -> "resumed " + targets(value) + " (SIGCONT)";
            case "kill" -> "started " + targetsOrWords(value) + " again";
            case "clock" -> clocks("put back the clock of", value);
            case "clock-strobe" -> clocks("stopped flipping the clock of", value);
            case "partition" -> "healed the partition " + components(value);
            case "failover" -> "failover over: " + words(value);
            default -> "ended " + band + " on " + targetsOrWords(value);
        };
    }

    /** The final sweep: what it found left and undid, by kind; or that nothing was left. */
    private static String healAll(Value value) {
        List<String> undone = new ArrayList<>();
        if (value instanceof Value.Dict dict) {
            for (Map.Entry<Value, Value> e : dict.entries().entrySet()) {
                String items = list(e.getValue());
                if (!items.isEmpty()) {
                    undone.add(name(e.getKey()).replace('-', ' ') + " " + items);
                }
            }
        }
        return undone.isEmpty() ? "healed: nothing was left to heal" : "healed what was left: " + String.join("; ", undone);
    }

    private static String clocks(String verb, Value value) {
        Value clocks = field(value, "clocks");
        List<String> moves = new ArrayList<>();
        if (clocks instanceof Value.Vec vec) {
            for (Value c : vec.items()) {
                moves.add(plain(field(c, "node")) + " from " + plain(field(c, "old")) + " to " + plain(field(c, "new")));
            }
        }
        return moves.isEmpty() ? verb + " " + targetsOrWords(value) : verb + " " + String.join(", ", moves);
    }

    private static String components(Value value) {
        Value parts = field(value, "components");
        String shape = plain(field(value, "shape"));
        if (!(parts instanceof Value.Vec vec)) {
            return words(value);
        }
        List<String> sides = new ArrayList<>();
        for (Value side : vec.items()) {
            String names = list(side);
            sides.add(names.isEmpty() ? "(no node)" : names);
        }
        return String.join(" | ", sides) + (shape.isEmpty() ? "" : " (" + shape + ")");
    }

    private static String targets(Value value) {
        String names = list(field(value, NemesisOps.TARGETS));
        return names.isEmpty() ? "no node" : names;
    }

    private static String targetsOrWords(Value value) {
        Value t = field(value, NemesisOps.TARGETS);
        return t instanceof Value.Nil ? words(value) : targets(value);
    }

    /** A map's fields as {@code key value, key value}; anything else as {@link #plain}. */
    private static String words(Value value) {
        if (value instanceof Value.Dict dict) {
            List<String> parts = new ArrayList<>();
            dict.entries().forEach((k, v) -> parts.add(name(k) + " " + plain(v)));
            return String.join(", ", parts);
        }
        return plain(value);
    }

    /** A vector's items, comma-separated (empty for an empty one); anything else as {@link #plain}. */
    private static String list(Value value) {
        if (value instanceof Value.Vec vec) {
            List<String> items = new ArrayList<>();
            vec.items().forEach(v -> items.add(v instanceof Value.Dict ? "(" + words(v) + ")" : plain(v)));
            return String.join(", ", items);
        }
        return value instanceof Value.Nil ? "" : plain(value);
    }

    private static String plain(Value value) {
        if (value instanceof Value.Str s) {
            return s.value();
        }
        if (value instanceof Value.Kw k) {
            return k.name();
        }
        if (value instanceof Value.Nil) {
            return "";
        }
        if (value instanceof Value.Vec v) {
            return "[" + list(v) + "]";
        }
        if (value instanceof Value.Dict d) {
            return "(" + words(d) + ")";
        }
        return value.toString();
    }

    private static String name(Value key) {
        return key instanceof Value.Kw k ? k.name() : plain(key);
    }

    private static Value field(Value value, String key) {
        if (value instanceof Value.Dict dict) {
            Value v = dict.entries().get(new Value.Kw(key));
            return v == null ? new Value.Nil() : v;
        }
        return new Value.Nil();
    }
}
