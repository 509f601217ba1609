package io.lockchaos.faults.schedule;

import io.lockchaos.faults.schedule.FaultSpec.Reach;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The kinds of fault, each with its part of the grammar: what its targets may name, the lines it
 * reads and how a random schedule draws it ({@link FaultForms}). Every {@link FaultSpec} names
 * its kind ({@link FaultSpec#kind()}). The parser's forms, a cluster's {@link FaultMenu},
 * {@link RandomSchedule}'s choices and the nemesis's registry of injectors all follow this list,
 * in this order; this package knows nothing of how a fault is injected.
 *
 * <p>A {@code random} line names the kinds it draws from by word ({@code random every 5s
 * pause,clock}); only the kinds that are drawn are named so.
 */
public enum FaultKind {
    /** SIGSTOP and SIGCONT of servers and workers. */
    PAUSE(Reach.SERVERS_OR_WORKERS, FaultForms.PAUSE, FaultForms.PAUSE_DRAWN),
    /** libfaketime clock bumps, strobes and resets, of servers and workers. */
    CLOCK(Reach.SERVERS_OR_WORKERS, FaultForms.CLOCK, FaultForms.CLOCK_DRAWN),
    /** SIGKILL and start again, and restarts. */
    KILL(Reach.SERVERS, FaultForms.KILL, FaultForms.KILL_DRAWN),
    /** iptables partitions among the lock-service nodes. */
    PARTITION(Reach.SERVERS, FaultForms.PARTITION, FaultForms.PARTITION_DRAWN),
    /** Toxics on the links through the proxy. */
    LINK(Reach.LINKS, FaultForms.LINK, FaultForms.LINK_DRAWN),
    /** Sentinel failovers. */
    FAILOVER(Reach.PRIMARY, FaultForms.FAILOVER, FaultForms.FAILOVER_DRAWN),
    /** Workers cut off from the lock service or a named part of it (docs/design.md, row 6); never drawn. */
    CUT_OFF(Reach.WORKERS, FaultForms.CUT_OFF, null),
    /** CPU starvation by the container's CPU quota, of servers and workers. */
    STARVE(Reach.SERVERS_OR_WORKERS, FaultForms.STARVE, FaultForms.STARVE_DRAWN);

    /** Draws one fault of a kind. */
    public interface Draw extends Function<SplittableRandom, FaultSpec> {

        /** One of {@code names} (not empty), drawn by {@code random}. */
        static String pick(SplittableRandom random, List<String> names) {
            return names.get(random.nextInt(names.size()));
        }
    }

    /** How a kind's faults are drawn: the ways of drawing one from the names offered (not empty). */
    public interface Drawing extends Function<List<String>, List<Draw>> {

        /** One way: {@code fault} aimed at one offered name, drawn at random. */
        static Drawing atOne(Function<List<String>, FaultSpec> fault) {
            return offered -> List.of(r -> fault.apply(List.of(Draw.pick(r, offered))));
        }
    }

    private final Reach reach;
    private final List<FaultParser.Form> forms;
    private final Drawing drawing;

    /** {@code drawing} null: a random schedule never draws this kind. */
    FaultKind(Reach reach, List<FaultParser.Form> forms, Drawing drawing) {
        this.reach = reach;
        this.forms = forms;
        this.drawing = drawing;
    }

    /** What this kind's targets may be; a step that names anything else is refused before a run starts. */
    public Reach reach() {
        return reach;
    }

    /**
     * The fault lines this kind reads: its first word, or first two where kinds share one
     * ({@code partition workers}), and how the rest reads.
     */
    public List<FaultParser.Form> forms() {
        return forms;
    }

    /** The ways this kind draws a fault from {@code offered} (not empty); none when it is never drawn. */
    List<Draw> draws(List<String> offered) {
        return drawing == null ? List.of() : drawing.apply(offered);
    }

    /** Whether a random schedule draws this kind. */
    public boolean drawn() {
        return drawing != null;
    }

    /** The kind's word: {@code pause}, {@code clock}, .... */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The drawn kind named {@code word}, if any. */
    public static Optional<FaultKind> of(String word) {
        return drawable().stream().filter(k -> k.word().equals(word)).findFirst();
    }

    /** The kinds a random schedule draws, in order. */
    public static List<FaultKind> drawable() {
        return Arrays.stream(values()).filter(FaultKind::drawn).toList();
    }

    /** Every drawn kind's word, for messages: {@code pause, clock, kill, partition, link, failover, starve}. */
    public static String words() {
        return String.join(", ", drawable().stream().map(FaultKind::word).toList());
    }
}
