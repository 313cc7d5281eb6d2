// The provider calls a process is running, so that a process whose engine is gone
// (engine-gone.ts) can give them a moment to end before it exits, and exit at once when none is
// running rather than always waiting the whole grace.

export class InFlight {
  readonly #running = new Set<Promise<unknown>>();

  /** How many tracked calls have not settled yet. */
  get size(): number {
    return this.#running.size;
  }

  /** Counts `call` until it settles; returns it unchanged (its rejection stays the caller's). */
  track<T>(call: Promise<T>): Promise<T> {
    this.#running.add(call);
    const done = () => {
      this.#running.delete(call);
    };
    call.then(done, done);
    return call;
  }

  /** True once every call running now has settled; false if some still run after `ms`. */
  async settled(ms: number): Promise<boolean> {
    if (this.#running.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const all = Promise.allSettled([...this.#running]).then(() => true);
    try {
      return await Promise.race([all, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
