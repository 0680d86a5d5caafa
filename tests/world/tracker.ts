/**
 * Work the world has started but not finished: deliveries to other clients, query answers,
 * combat turn events. `settle()` waits until none is left and nothing new started.
 */
export function nextTask(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
  return new Promise((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));
}

export class Tracker {
  readonly #pending = new Set<Promise<unknown>>();
  #started = 0;

  /** Follow a promise until it settles; its rejection is the caller's to report. */
  track<T>(promise: Promise<T>): Promise<T> {
    this.#started++;
    const followed = promise.then(
      () => undefined,
      () => undefined,
    );
    this.#pending.add(followed);
    void followed.then(() => this.#pending.delete(followed));
    return promise;
  }

  get pending(): number {
    return this.#pending.size;
  }

  async settle({ maxRounds = 10_000 }: { maxRounds?: number } = {}): Promise<void> {
    for (let round = 0; round < maxRounds; round++) {
      const started = this.#started;
      await Promise.all([...this.#pending]);
      await nextTask();
      if (this.#pending.size === 0 && this.#started === started) return;
    }
    throw new Error("world.settle(): work keeps arriving (a loop of writes or queries?)");
  }
}
