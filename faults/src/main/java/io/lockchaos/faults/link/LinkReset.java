package io.lockchaos.faults.link;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a {@link ToxiproxyLinks#healAll()} found and undid: the toxics it removed, by proxy, and
 * the proxies it enabled again. Listed just before the reset; a toxic added in between is
 * removed but not listed.
 *
 * @param toxics proxy name → the names of the toxics that were on it (proxies with none left
 *     out), in proxy-name order
 * @param enabled the proxies that were disabled
 */
public record LinkReset(Map<String, List<String>> toxics, List<String> enabled) {

    public LinkReset {
        toxics = Collections.unmodifiableMap(new TreeMap<>(toxics));
        enabled = List.copyOf(enabled);
    }
}
