/**
 * `game.time` of one client, as Foundry v13 keeps it (client/helpers/time.mjs, `GameTime`; API
 * page foundry.helpers.GameTime):
 * - the world time is the world setting `core.time` (registered by core with
 *   `onChange: game.time.onUpdateWorldTime`), so only a user who may modify settings (a GM or
 *   assistant) can move it and the server refuses players;
 * - `advance(seconds, options)` writes `worldTime + seconds` to that setting;
 * - when the change arrives, EVERY connected client (the writer too) runs
 *   `onUpdateWorldTime(worldTime, options, userId)`, which works out the delta against the time it
 *   last knew and calls `Hooks.callAll("updateWorldTime", worldTime, delta, options, userId)`.
 * Not modelled: the server clock (`serverTime`, latency sync) and the v13 calendar components.
 */
import type { PlainObject } from "./utils";

interface TimeHost {
  readonly Hooks: { callAll(hook: string, ...args: unknown[]): boolean };
  readonly settings: {
    get(namespace: string, key: string): unknown;
    set(namespace: string, key: string, value: unknown, options?: PlainObject): Promise<unknown>;
  };
}

export class GameTime {
  readonly #host: TimeHost;
  /** The world time this client last heard of (core: `_time.worldTime`), for the hook's delta. */
  #known: number | null = null;

  constructor(host: TimeHost) {
    this.#host = host;
  }

  /** The current world time in seconds (the `core.time` setting). */
  get worldTime(): number {
    const value = Number(this.#host.settings.get("core", "time"));
    return Number.isFinite(value) ? value : 0;
  }

  /** Move the world time by `seconds`; resolves the new time once the server has stored it. */
  async advance(seconds: number, options: PlainObject = {}): Promise<number> {
    const next = this.worldTime + seconds;
    await this.#host.settings.set("core", "time", next, options);
    return next;
  }

  /** The setting's onChange on every client: compute the delta and announce it. */
  onUpdateWorldTime(worldTime: number, options: PlainObject, userId: string): void {
    const before = this.#known ?? 0;
    this.#known = worldTime;
    this.#host.Hooks.callAll("updateWorldTime", worldTime, worldTime - before, options, userId);
  }

  /** Forget the cached time (a reload reads it afresh from the world's settings). */
  resync(): void {
    this.#known = this.worldTime;
  }
}
