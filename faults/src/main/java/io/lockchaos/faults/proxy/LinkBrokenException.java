package io.lockchaos.faults.proxy;

import io.lockchaos.history.LockchaosException;

/**
 * A proxied connection broke while data was being written to one of its sockets (the peer went
 * away, or the connection was closed by a toxic or the API). It ends that connection only; the
 * proxy keeps serving others.
 */
final class LinkBrokenException extends LockchaosException {

    LinkBrokenException(String link, Throwable cause) {
        super("proxied connection " + link + " broke: " + cause.getMessage()
                + " (the peer closed it, or a toxic or the API did; the proxy keeps serving others)", cause);
    }
}
