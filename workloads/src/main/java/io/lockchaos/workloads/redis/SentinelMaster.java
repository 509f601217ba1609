package io.lockchaos.workloads.redis;

import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.HostMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The master Sentinel names, asked before every lock attempt: the first Sentinel that answers
 * wins. Its answer (an IP on the cluster network) goes through the {@link HostMapper}. The
 * connection to the current master is kept while Sentinel keeps naming it; a new master gets a
 * new connection. Grants keep the node they were taken on, so a release goes to the old master.
 */
public final class SentinelMaster implements Supplier<RedisNode>, AutoCloseable {

    private final List<RedisNode> sentinels;
    private final String masterName;
    private final HostMapper hosts;
    private final Duration timeout;
    private final List<RedisNode> masters = new ArrayList<>();

    public SentinelMaster(List<Address> sentinels, String masterName, HostMapper hosts, Duration timeout) {
        this.sentinels = sentinels.stream().map(a -> new RedisNode(a, timeout)).toList();
        this.masterName = masterName;
        this.hosts = hosts;
        this.timeout = timeout;
    }

    @Override
    public synchronized RedisNode get() {
        Address address = hosts.map(ask());
        for (RedisNode known : masters) {
            if (known.address().equals(address)) {
                return known;
            }
        }
        RedisNode fresh = new RedisNode(address, timeout);
        masters.add(fresh);
        return fresh;
    }

    /** The master's address as the first answering Sentinel reports it. */
    public Address ask() {
        JedisException last = null;
        for (RedisNode sentinel : sentinels) {
            try {
                List<String> hostPort = sentinel.call(j -> j.sentinelGetMasterAddrByName(masterName));
                if (hostPort != null && hostPort.size() == 2) {
                    return new Address(hostPort.get(0), Integer.parseInt(hostPort.get(1)));
                }
            } catch (JedisException e) {
                last = e;
            }
        }
        throw new WorkloadException("no Sentinel of " + sentinels + " named a master '" + masterName
                + "'; check the sentinel-master option and that the Sentinels run", last);
    }

    @Override
    public synchronized void close() {
        sentinels.forEach(RedisNode::close);
        masters.forEach(RedisNode::close);
    }
}
