package io.lockchaos.faults.schedule;

import io.lockchaos.faults.nemesis.ClockFault;
import io.lockchaos.faults.nemesis.CutOffFault;
import io.lockchaos.faults.nemesis.FailoverFault;
import io.lockchaos.faults.nemesis.FaultPackage;
import io.lockchaos.faults.nemesis.KillFault;
import io.lockchaos.faults.nemesis.LinkFault;
import io.lockchaos.faults.nemesis.PartitionFault;
import io.lockchaos.faults.nemesis.PauseFault;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The fault registry: one line per fault package, which holds everything about its kind of
 * fault (the lines it reads, how a random schedule draws it, the capability it needs, its
 * inject, heal and sweep, the operations it records). The parser's forms, a cluster's
 * {@link FaultMenu}, {@link RandomSchedule}'s choices and the nemesis's final sweep all come
 * from this list, in this order.
 *
 * <p>A {@code random} line names the kinds it draws from by word ({@code random every 5s
 * pause,clock}); only the kinds whose package draws are named so.
 */
public enum FaultKind {
    /** SIGSTOP and SIGCONT of servers and workers. */
    PAUSE(new PauseFault()),
    /** libfaketime clock bumps, strobes and resets. */
    CLOCK(new ClockFault()),
    /** SIGKILL and start again, and restarts. */
    KILL(new KillFault()),
    /** iptables partitions among the lock-service nodes. */
    PARTITION(new PartitionFault()),
    /** Toxics on the links through the proxy. */
    LINK(new LinkFault()),
    /** Sentinel failovers. */
    FAILOVER(new FailoverFault()),
    /** Workers cut off from the lock service or a named part of it (docs/design.md, row 6); never drawn. */
    CUT_OFF(new CutOffFault());

    /** Draws one fault of a kind. */
    public interface Draw extends Function<SplittableRandom, FaultSpec> {

        /** One of {@code names} (not empty), drawn by {@code random}. */
        static String pick(SplittableRandom random, List<String> names) {
            return names.get(random.nextInt(names.size()));
        }
    }

    /** How a package's faults are drawn: the ways of drawing one from the names offered (not empty). */
    public interface Drawing extends Function<List<String>, List<Draw>> {

        /** One way: {@code fault} aimed at one offered name, drawn at random. */
        static Drawing atOne(Function<List<String>, FaultSpec> fault) {
            return offered -> List.of(r -> fault.apply(List.of(Draw.pick(r, offered))));
        }
    }

    private final FaultPackage pack;

    FaultKind(FaultPackage pack) {
        this.pack = pack;
    }

    /** The package of this kind. */
    public FaultPackage pack() {
        return pack;
    }

    /** The ways this kind draws a fault from {@code offered} (not empty); none when it is never drawn. */
    List<Draw> draws(List<String> offered) {
        return pack.drawing().map(d -> d.apply(offered)).orElse(List.of());
    }

    /** Whether a random schedule draws this kind. */
    public boolean drawn() {
        return pack.drawing().isPresent();
    }

    /** The kind's word: {@code pause}, {@code clock}, .... */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The drawn kind named {@code word}, if any. */
    public static Optional<FaultKind> of(String word) {
        return drawable().stream().filter(k -> k.word().equals(word)).findFirst();
    }

    /**
     * The kind a fault belongs to: the package whose form reads its script back (the longest
     * form that starts it, so {@code partition workers ...} is a cut-off, not a partition).
     */
    public static FaultKind of(FaultSpec fault) {
        String script = fault.script() + " ";
        FaultKind found = null;
        int longest = -1;
        for (FaultKind kind : values()) {
            for (FaultParser.Form form : kind.pack().forms()) {
                if (script.startsWith(form.words() + " ") && form.words().length() > longest) {
                    found = kind;
                    longest = form.words().length();
                }
            }
        }
        if (found == null) {
            throw new IllegalStateException("no fault package reads '" + fault.script() + "'");
        }
        return found;
    }

    /** The kinds a random schedule draws, in order. */
    public static List<FaultKind> drawable() {
        return Arrays.stream(values()).filter(FaultKind::drawn).toList();
    }

    /** Every drawn kind's word, for messages: {@code pause, clock, kill, partition, link, failover}. */
    public static String words() {
        return String.join(", ", drawable().stream().map(FaultKind::word).toList());
    }
}
