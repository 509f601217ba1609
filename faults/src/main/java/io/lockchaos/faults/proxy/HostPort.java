package io.lockchaos.faults.proxy;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * A {@code host:port} address as Toxiproxy's {@code listen} and {@code upstream} fields hold it
 * ({@code [::1]:8080} for IPv6; an empty host means every interface; port 0 means any free port).
 * Malformed or unresolvable addresses fail with status 500, as Go's {@code net.Listen} errors do
 * in Toxiproxy.
 */
record HostPort(String host, int port) {

    static HostPort parse(String address) {
        String text = address == null ? "" : address;
        if (text.isEmpty()) {
            return new HostPort("", 0);
        }
        int colon = text.lastIndexOf(':');
        if (colon < 0) {
            throw new ApiException(500, "address " + text + ": missing port in address");
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            int port = Integer.parseInt(text.substring(colon + 1));
            if (port < 0 || port > 65535) {
                throw new ApiException(500, "address " + text + ": invalid port");
            }
            return new HostPort(host, port);
        } catch (NumberFormatException e) {
            throw new ApiException(500, "address " + text + ": invalid port", e);
        }
    }

    /** Resolves the host now (container names resolve through Docker's DNS at each call). */
    InetSocketAddress resolve() {
        if (host.isEmpty()) {
            return new InetSocketAddress(port);
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new ApiException(500, "lookup " + host + ": no such host", e);
        }
    }

    /** The address in the form Toxiproxy reports a bound listener: {@code ip:port}. */
    String canonical() {
        return format(resolve());
    }

    static String format(InetSocketAddress address) {
        InetAddress ip = address.getAddress();
        String host = ip == null ? address.getHostString() : ip.getHostAddress();
        if (ip instanceof Inet6Address) {
            host = "[" + host.replaceFirst("%.*$", "") + "]";
        }
        return host + ":" + address.getPort();
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
