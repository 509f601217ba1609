package io.lockchaos.cluster;

import java.util.List;

/**
 * A shell script run in a container whose values are never part of its text: the script is
 * fixed, and the values are its positional parameters ({@code "$1"}, {@code "$@"}), so the
 * shell never parses a node name, an address or a scenario value as code. For commands that
 * need no shell, run an argument vector instead.
 *
 * @param script the fixed script
 * @param args its positional parameters
 */
public record ScriptCommand(String script, List<String> args) {

    /**
     * The start of a script that runs its body once per positional parameter, each the words of
     * one iptables rule: split into words ({@code $rule} unquoted) but, with {@code set -f},
     * never globbed, and never parsed as code. Close the body with {@code done}.
     */
    public static final String EACH_RULE = "set -ef; for rule in \"$@\"; do ";

    public ScriptCommand {
        args = List.copyOf(args);
    }

    /** {@code sh -c SCRIPT sh ARGS...}: the argument vector for {@code docker exec}. */
    public String[] argv() {
        String[] command = new String[args.size() + 4];
        command[0] = "sh";
        command[1] = "-c";
        command[2] = script;
        command[3] = "sh";
        for (int i = 0; i < args.size(); i++) {
            command[4 + i] = args.get(i);
        }
        return command;
    }
}
