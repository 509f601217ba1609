package io.lockchaos.workloads.lock;

/**
 * Maps an address a lock service reports about itself to one this process can reach. Sentinel
 * names the master by its IP on the cluster network: a worker inside that network uses it as
 * is ({@link #IDENTITY}); a test on the host maps it to the port published on 127.0.0.1.
 */
@FunctionalInterface
public interface HostMapper {

    HostMapper IDENTITY = address -> address;

    Address map(Address reported);
}
