package io.lockchaos.faults.schedule;

import io.lockchaos.faults.schedule.FaultKind.Draw;
import io.lockchaos.faults.schedule.FaultKind.Drawing;
import io.lockchaos.faults.schedule.FaultParser.Form;
import io.lockchaos.faults.schedule.FaultSpec.FailoverMethod;
import io.lockchaos.faults.schedule.FaultSpec.PartitionShape;
import io.lockchaos.faults.schedule.FaultSpec.ToxicKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The grammar of each {@link FaultKind}: the lines it reads (through {@link FaultParser}'s
 * reading methods) and how a random schedule draws one of its faults from the names a
 * {@link FaultMenu} offers. Each kind's line in {@link FaultKind} names its parts here; what the
 * nemesis does with a fault is none of this class's business.
 */
final class FaultForms {

    private FaultForms() {
    }

    static final List<Form> PAUSE = List.of(new Form("pause", p -> new FaultSpec.Pause(p.targets())));

    static final List<Form> CLOCK = List.of(new Form("clock", FaultForms::clock));

    static final List<Form> KILL = List.of(new Form("kill", p -> new FaultSpec.Kill(p.targets())),
            new Form("restart", p -> new FaultSpec.Restart(p.targets())));

    static final List<Form> PARTITION = List.of(new Form("partition", FaultForms::partition));

    static final List<Form> LINK = List.of(new Form("latency", FaultForms::latency),
            new Form("bandwidth", p -> new FaultSpec.LinkToxic(ToxicKind.BANDWIDTH, p.targets(),
                    Duration.ZERO, Duration.ZERO, p.number("a rate in KB/s"))),
            new Form("blackhole", p -> plain(ToxicKind.BLACKHOLE, p)),
            new Form("reset-peer", p -> plain(ToxicKind.RESET_PEER, p)));

    static final List<Form> FAILOVER = List.of(new Form("failover", FaultForms::failover));

    static final List<Form> CUT_OFF = List.of(new Form("partition workers", p -> {
        List<String> workers = p.wordFollows() ? p.targets() : List.of();
        return new FaultSpec.CutOff(workers, p.skip("from") ? p.targets() : List.of());
    }));

    static final List<Form> STARVE = List.of(new Form("starve", FaultForms::starve));

    /** {@code starve TARGETS P%}: P a percentage of one CPU with at most one decimal, 0.1% to 100%. */
    private static FaultSpec starve(FaultParser p) {
        List<String> targets = p.targets();
        String share = p.word("a CPU share such as 5% or 0.5%");
        if (!share.matches("[0-9]{1,4}(\\.[0-9])?%")) {
            throw p.error("'" + share + "' is not a CPU share: a percentage of one CPU with at most one decimal, "
                    + CpuShare.range());
        }
        String[] parts = share.substring(0, share.length() - 1).split("\\.");
        int permille = Integer.parseInt(parts[0]) * 10 + (parts.length > 1 ? Integer.parseInt(parts[1]) : 0);
        if (permille < CpuShare.MIN_PERMILLE || permille > CpuShare.MAX_PERMILLE) {
            throw p.error("CPU share " + share + " is outside " + CpuShare.range() + " of one CPU");
        }
        return new FaultSpec.Starve(targets, new CpuShare(permille));
    }

    /** {@code clock TARGETS +OFFSET|-OFFSET|strobe DELTA PERIOD|reset}. */
    private static FaultSpec clock(FaultParser p) {
        List<String> targets = p.targets();
        String arg = p.word("+OFFSET, -OFFSET, strobe or reset");
        if (arg.equals("reset")) {
            return new FaultSpec.ClockReset(targets);
        }
        if (arg.equals("strobe")) {
            return new FaultSpec.ClockStrobe(targets, p.duration("a strobe delta"), p.duration("a strobe period"));
        }
        return new FaultSpec.ClockBump(targets, FaultParser.offset(arg).orElseThrow(
                () -> p.error("'" + arg + "' is not a clock offset such as +120s or -5s")));
    }

    /** {@code partition isolate TARGETS}, {@code partition halves}, {@code partition bridge}. */
    private static FaultSpec partition(FaultParser p) {
        List<String> words = new ArrayList<>(Arrays.stream(PartitionShape.values()).map(PartitionShape::word).toList());
        words.addAll(FaultParser.secondWords("partition"));
        String shapes = "(" + String.join(", ", words) + ")";
        String shape = p.word("a partition shape " + shapes);
        PartitionShape parsed;
        try {
            parsed = PartitionShape.valueOf(shape.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw p.error("unknown partition shape '" + shape + "' " + shapes);
        }
        return new FaultSpec.Partition(parsed, parsed == PartitionShape.ISOLATE ? p.targets() : List.of());
    }

    /** {@code latency TARGETS LATENCY [jitter JITTER]}. */
    private static FaultSpec latency(FaultParser p) {
        List<String> targets = p.targets();
        Duration latency = p.duration("a latency such as 200ms");
        Duration jitter = p.skip("jitter") ? p.duration("a jitter such as 50ms") : Duration.ZERO;
        return new FaultSpec.LinkToxic(ToxicKind.LATENCY, targets, latency, jitter, 0);
    }

    /** A toxic that takes no argument. */
    private static FaultSpec plain(ToxicKind kind, FaultParser p) {
        return new FaultSpec.LinkToxic(kind, p.targets(), Duration.ZERO, Duration.ZERO, 0);
    }

    /** {@code failover [kill|isolate|command]}, kill when none is named. */
    private static FaultSpec failover(FaultParser p) {
        if (!p.wordFollows()) {
            return new FaultSpec.Failover(FailoverMethod.KILL);
        }
        String method = p.word("a failover method");
        try {
            return new FaultSpec.Failover(FailoverMethod.valueOf(method.toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            throw p.error("unknown failover method '" + method + "' (kill, isolate, command)");
        }
    }

    /** One offered node paused. */
    static final Drawing PAUSE_DRAWN = Drawing.atOne(FaultSpec.Pause::new);

    /** One offered server's clock bumped by up to 300 s either way. */
    static final Drawing CLOCK_DRAWN = offered -> List.of(r -> new FaultSpec.ClockBump(List.of(Draw.pick(r, offered)),
            Duration.ofSeconds((r.nextBoolean() ? 1 : -1) * (1 + r.nextInt(300)))));

    /** One offered server killed. */
    static final Drawing KILL_DRAWN = Drawing.atOne(FaultSpec.Kill::new);

    /** One server isolated, or (from three servers on) random halves. */
    static final Drawing PARTITION_DRAWN = offered -> {
        Draw isolate = r -> new FaultSpec.Partition(PartitionShape.ISOLATE, List.of(Draw.pick(r, offered)));
        return offered.size() >= 3
                ? List.of(isolate, r -> new FaultSpec.Partition(PartitionShape.HALVES, List.of()))
                : List.of(isolate);
    };

    /** 50 ms to 1 s of latency, with up to 100 ms of jitter, on one proxied link. */
    static final Drawing LINK_DRAWN = offered -> List.of(r -> new FaultSpec.LinkToxic(ToxicKind.LATENCY,
            List.of(Draw.pick(r, offered)), Duration.ofMillis(50 + r.nextInt(950)), Duration.ofMillis(r.nextInt(100)), 0));

    /** One offered node starved to 0.5-20 % of one CPU. */
    static final Drawing STARVE_DRAWN = offered -> List.of(r -> new FaultSpec.Starve(List.of(Draw.pick(r, offered)),
            new CpuShare(5 + r.nextInt(196))));

    /** A failover by a random method (the offered names only say that one is possible). */
    static final Drawing FAILOVER_DRAWN = offered -> List.of(r -> new FaultSpec.Failover(
            FailoverMethod.values()[r.nextInt(FailoverMethod.values().length)]));
}
