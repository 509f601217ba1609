package io.lockchaos.cluster.nemesis;

import io.lockchaos.faults.nemesis.NemesisException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The libfaketime offset file's text: {@code +120s}, {@code -5s}, {@code +0} (seconds when no
 * unit), {@code +2m}, {@code +1h}, {@code +1d}. Sub-second offsets are written as decimal
 * seconds ({@code +0.5s}).
 */
final class Offsets {

    private static final Pattern FORM = Pattern.compile("([+-]?)(\\d+(?:\\.\\d+)?)([smhd]?)");

    private Offsets() {
    }

    static Duration parse(String node, String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return Duration.ZERO;
        }
        Matcher m = FORM.matcher(t);
        if (!m.matches()) {
            throw new NemesisException(node + ": the clock offset file holds '" + t + "', not an offset such as +120s; "
                    + "'lockchaos fault heal' writes +0 there");
        }
        long unitMillis = switch (m.group(3)) {
            case "m" -> 60_000;
            case "h" -> 3_600_000;
            case "d" -> 86_400_000;
            default -> 1_000;
        };
        long ms = new BigDecimal(m.group(2)).multiply(BigDecimal.valueOf(unitMillis)).longValue();
        return Duration.ofMillis(m.group(1).equals("-") ? -ms : ms);
    }

    static String format(Duration offset) {
        String sign = offset.isNegative() ? "-" : "+";
        long ms = offset.abs().toMillis();
        if (ms % 1000 == 0) {
            return sign + ms / 1000 + "s";
        }
        return sign + BigDecimal.valueOf(ms, 3).stripTrailingZeros().toPlainString() + "s";
    }
}
