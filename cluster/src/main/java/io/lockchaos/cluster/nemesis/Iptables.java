package io.lockchaos.cluster.nemesis;

import io.lockchaos.cluster.ScriptCommand;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The iptables rules lockchaos adds in one container's network namespace, each tagged
 * {@code -m comment --comment lockchaos} so that only ours are ever listed or removed. A
 * server drops what comes from a peer ({@code INPUT -s PEER}); a worker cut off from the lock
 * service also drops what it sends to one ({@code OUTPUT -d PEER}), so that neither its
 * requests nor its keep-alives reach the server. A replica whose replication link NAT sends
 * through the proxy, and a ZooKeeper server whose quorum links to its peers NAT sends through
 * their {@code zk-N-quorum} proxies, and an etcd member whose peer links go through the
 * {@code etcd-N-peer} proxies, also drops the replies on connections it opened to the
 * peer's address ({@code INPUT -m conntrack --ctorigdst PEER}): they arrive from the proxy's
 * address, and NAT restores the peer's only after the filter rules.
 *
 * @param ops the container
 * @param outgoing whether a drop covers packets to the peer too
 * @param redirected whether a drop covers replies on connections to the peer that NAT redirected
 */
record Iptables(ContainerOps ops, boolean outgoing, boolean redirected) {

    /** The comment on every iptables rule lockchaos adds. */
    static final String TAG = "lockchaos";

    /** Drops traffic with each peer; nothing on a container that is not running (a stopped one has no rules). */
    void drop(Collection<String> peerIps) {
        if (peerIps.isEmpty() || !ops.isRunning()) {
            return;
        }
        ops.sh(ScriptCommand.EACH_RULE + "iptables -w -A $rule; done", rules(peerIps).toArray(String[]::new));
    }

    /** Removes one rule of each kind per peer; a rule already gone is fine. */
    void undrop(Collection<String> peerIps) {
        if (peerIps.isEmpty() || !ops.isRunning()) {
            return;
        }
        try {
            ops.sh(ScriptCommand.EACH_RULE + "if iptables -w -C $rule 2>/dev/null; then iptables -w -D $rule; fi; done",
                    rules(peerIps).toArray(String[]::new));
        } catch (ContainerGoneException gone) {
            // Removed meanwhile (the exit clean-ups): its namespace and rules went with it.
        }
    }

    /** The peer of each tagged {@code -s} or {@code -d} rule now in force, one entry per rule. */
    List<String> droppedPeers() {
        List<String> peers = new ArrayList<>();
        if (!ops.isRunning()) {
            return peers;
        }
        for (String line : tagged()) {
            String[] words = line.split("\\s+");
            for (int i = 0; i + 1 < words.length; i++) {
                if (words[i].equals("-s") || words[i].equals("-d")) {
                    peers.add(words[i + 1].replace("/32", ""));
                }
            }
        }
        return peers;
    }

    /** Removes every tagged rule of every chain; returns how many there were. */
    int undropAll() {
        if (!ops.isRunning()) {
            return 0;
        }
        List<String> rules = tagged();
        if (rules.isEmpty()) {
            return 0;
        }
        try {
            ops.sh(ScriptCommand.EACH_RULE + "iptables -w $rule; done",
                    rules.stream().map(rule -> rule.replaceFirst("^-A ", "-D ")).toArray(String[]::new));
        } catch (ContainerGoneException gone) {
            return 0; // removed meanwhile: its rules went with it
        }
        return rules.size();
    }

    /** Our rules in {@code iptables -S} form ({@code -A INPUT -s ... --comment lockchaos -j DROP}). */
    List<String> tagged() {
        String rules;
        try {
            rules = ops.run("iptables", "-w", "-S");
        } catch (ContainerGoneException gone) {
            return List.of(); // removed meanwhile: its rules went with it
        }
        return rules.lines()
                .filter(l -> l.startsWith("-A ") && l.contains("--comment " + TAG + " -j "))
                .toList();
    }

    private List<String> rules(Collection<String> peerIps) {
        List<String> rules = new ArrayList<>();
        for (String peer : peerIps) {
            rules.add("INPUT -s " + peer + " -m comment --comment " + TAG + " -j DROP");
            if (redirected) {
                rules.add("INPUT -m conntrack --ctorigdst " + peer + " -m comment --comment " + TAG + " -j DROP");
            }
            if (outgoing) {
                rules.add("OUTPUT -d " + peer + " -m comment --comment " + TAG + " -j DROP");
            }
        }
        return rules;
    }
}
