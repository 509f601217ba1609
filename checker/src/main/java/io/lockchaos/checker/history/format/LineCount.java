package io.lockchaos.checker.history.format;

/**
 * The 1-based line of the next character, counting as Clojure's line-numbering reader does:
 * a line ends at {@code \n}, at {@code \r}, and at {@code \r\n} once.
 */
final class LineCount {

    private int line;
    private boolean afterCarriageReturn;

    LineCount(int firstLine) {
        this.line = firstLine;
    }

    int line() {
        return line;
    }

    /** Counts one consumed character. */
    void count(int c) {
        if (c == '\n') {
            if (!afterCarriageReturn) {
                line++;
            }
            afterCarriageReturn = false;
        } else {
            afterCarriageReturn = c == '\r';
            if (afterCarriageReturn) {
                line++;
            }
        }
    }
}
