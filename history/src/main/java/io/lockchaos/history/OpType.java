package io.lockchaos.history;

/**
 * Jepsen's operation types. {@code OK} took effect, {@code FAIL} certainly did not,
 * {@code INFO} is indeterminate: it may have taken effect at any time after its invocation.
 */
public enum OpType {
    INVOKE("invoke"),
    OK("ok"),
    FAIL("fail"),
    INFO("info");

    private final String keyword;

    OpType(String keyword) {
        this.keyword = keyword;
    }

    /** The keyword name: {@code invoke}, {@code ok}, {@code fail}, {@code info}. */
    public String keyword() {
        return keyword;
    }

    /** Parses a keyword name, with or without the leading colon; null when it is none of them. */
    public static OpType fromKeyword(String name) {
        String bare = name.startsWith(":") ? name.substring(1) : name;
        return switch (bare) {
            case "invoke" -> INVOKE;
            case "ok" -> OK;
            case "fail" -> FAIL;
            case "info" -> INFO;
            default -> null;
        };
    }
}
