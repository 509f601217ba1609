package io.lockchaos.workloads.redisson;

import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.HostMapper;
import io.lockchaos.workloads.lock.LockConfig;
import java.time.Duration;
import java.util.List;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.BaseConfig;
import org.redisson.config.Config;
import org.redisson.config.ConstantDelay;
import org.redisson.config.ReadMode;
import org.redisson.config.SubscriptionMode;
import org.redisson.misc.RedisURI;

/**
 * Opens the one {@code RedissonClient} of a lock client. With option {@code sentinel-master}
 * the nodes are Sentinels and Redisson's own Sentinel client finds the master (Sentinel reports
 * it by its IP on the cluster network; the {@link HostMapper} becomes Redisson's
 * {@code NatMapper}); without, the first node is the one Redis server.
 *
 * <p>Settings: {@code lockWatchdogTimeout} is the config's TTL. Every request's timeout, the
 * connect timeout and the subscription timeout are the config's session timeout, with
 * {@value #RETRIES} retry after {@link #RETRY_DELAY} (Redisson's defaults are 3 s and 4 retries
 * 1–2 s apart: up to about 20 s for a request it retries): a paused or dead server makes a call
 * fail (an {@code :info}) within a few session timeouts instead of hanging. Small pools, since one
 * worker thread uses the client; every read and subscription on the master.
 */
final class RedissonConnections {

    /** Retries of a request Redisson may retry (lock scripts are sent once: Redisson's "no retry" calls). */
    static final int RETRIES = 1;
    static final Duration RETRY_DELAY = Duration.ofMillis(100);

    private RedissonConnections() {
    }

    /** A client for {@code config}'s nodes, connected (Redisson connects at once and throws if it cannot). */
    static RedissonClient open(LockConfig config, HostMapper hosts) {
        Config redisson = new Config();
        redisson.setLockWatchdogTimeout(config.ttl().toMillis());
        redisson.setCodec(StringCodec.INSTANCE);
        redisson.setThreads(2);
        redisson.setNettyThreads(4);
        String master = config.options().get(LockConfig.SENTINEL_MASTER);
        int timeout = (int) Math.min(Integer.MAX_VALUE, Math.max(1, config.sessionTimeout().toMillis()));
        if (master == null) {
            settle(redisson.useSingleServer().setAddress(uri(config.addresses().get(0)))
                    .setConnectionMinimumIdleSize(1).setConnectionPoolSize(4)
                    .setSubscriptionConnectionMinimumIdleSize(1).setSubscriptionConnectionPoolSize(2), timeout);
        } else {
            List<String> sentinels = config.addresses().stream().map(RedissonConnections::uri).toList();
            settle(redisson.useSentinelServers().setMasterName(master).addSentinelAddress(sentinels.toArray(String[]::new))
                    .setNatMapper(uri -> mapped(hosts, uri)).setReadMode(ReadMode.MASTER)
                    .setSubscriptionMode(SubscriptionMode.MASTER)
                    .setMasterConnectionMinimumIdleSize(1).setMasterConnectionPoolSize(4)
                    .setSlaveConnectionMinimumIdleSize(1).setSlaveConnectionPoolSize(2)
                    .setSubscriptionConnectionMinimumIdleSize(1).setSubscriptionConnectionPoolSize(2), timeout);
        }
        return Redisson.create(redisson);
    }

    private static void settle(BaseConfig<?> servers, int timeoutMillis) {
        servers.setTimeout(timeoutMillis).setConnectTimeout(timeoutMillis).setSubscriptionTimeout(timeoutMillis)
                .setRetryAttempts(RETRIES).setRetryDelay(new ConstantDelay(RETRY_DELAY));
    }

    private static String uri(Address address) {
        return RedisURI.REDIS_PROTOCOL + address.host() + ":" + address.port();
    }

    private static RedisURI mapped(HostMapper hosts, RedisURI reported) {
        Address to = hosts.map(new Address(reported.getHost(), reported.getPort()));
        return to.host().equals(reported.getHost()) && to.port() == reported.getPort() ? reported
                : new RedisURI(reported.getScheme(), to.host(), to.port());
    }
}
