package io.lockchaos.faults.proxy;

/** The effect of a toxic whose toxicity roll said "not on this link": data passes untouched. */
enum PassThrough implements Effect {
    INSTANCE;

    @Override
    public void onChunk(Chunk chunk, Flow next) {
        next.emit(chunk);
    }

    @Override
    public void onEnd(Flow next) {
        next.end();
    }
}
