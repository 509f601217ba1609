package io.lockchaos.faults.proxy;

/** What travels through a link's toxic chain: data, then one end of stream. */
sealed interface Transfer permits Chunk, EndOfStream {
}
