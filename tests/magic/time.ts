/**
 * World time for the magic tests, on the test world's own `game.time` (tests/world/time.ts:
 * the GM-written world setting `core.time`; every connected client calls `updateWorldTime`).
 */
import type { World } from "../world";

export interface WorldClock {
  readonly worldTime: number;
  /** The GM advances the world time (players may not: it is a world setting). */
  advance(seconds: number): Promise<void>;
}

/** The world's clock, first moved to `start` seconds by the GM when given. */
export async function startClock(world: World, start = 0): Promise<WorldClock> {
  const gm = world.gm;
  const clock: WorldClock = {
    get worldTime() {
      return gm.game.time.worldTime;
    },
    async advance(seconds: number) {
      await world.as(gm, () => gm.game.time.advance(seconds));
      await world.settle();
    },
  };
  if (start !== gm.game.time.worldTime) await clock.advance(start - gm.game.time.worldTime);
  return clock;
}
