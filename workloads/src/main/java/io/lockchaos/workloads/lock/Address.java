package io.lockchaos.workloads.lock;

import io.lockchaos.workloads.WorkloadException;

/** A server's host and port: {@code redis-1:6379}, {@code 127.0.0.1:32770}. */
public record Address(String host, int port) {

    public Address {
        if (host == null || host.isBlank() || port < 1 || port > 65535) {
            throw new WorkloadException("bad address " + host + ":" + port + "; expected host:port with a port in 1..65535");
        }
    }

    /**
     * Parses {@code host:port}.
     *
     * @throws WorkloadException naming the text when it is not one
     */
    public static Address parse(String text) {
        int colon = text == null ? -1 : text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new WorkloadException("bad address '" + text + "'; expected host:port, e.g. redis-1:6379");
        }
        try {
            return new Address(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new WorkloadException("bad port in address '" + text + "'; expected host:port, e.g. redis-1:6379", e);
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
