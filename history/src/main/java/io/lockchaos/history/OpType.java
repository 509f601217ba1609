package io.lockchaos.history;

import java.util.Locale;

/**
 * Jepsen's operation types. {@code OK} took effect, {@code FAIL} certainly did not,
 * {@code INFO} is indeterminate: it may have taken effect at any time after its invocation.
 */
public enum OpType {
    INVOKE,
    OK,
    FAIL,
    INFO;

    /** The keyword name: {@code invoke}, {@code ok}, {@code fail}, {@code info}. */
    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a keyword name, with or without the leading colon; null when it is none of them. */
    public static OpType fromKeyword(String name) {
        String bare = name.startsWith(":") ? name.substring(1) : name;
        for (OpType type : values()) {
            if (type.keyword().equals(bare)) {
                return type;
            }
        }
        return null;
    }
}
