/**
 * World time for the magic tests, until the test world models it (requested in
 * /tmp/plan/requests-magic.md): `game.time.worldTime` on every client, and `advance(seconds)`,
 * which, as Foundry's server does after `game.time.advance`, stores the new time and calls
 * `updateWorldTime(worldTime, delta, options, userId)` on every connected client
 * (client/helpers/time.mjs v13: `GameTime#onUpdateWorldTime` calls the hook on each client).
 */
import type { World, WorldClient } from "../world";

export interface WorldClock {
  readonly worldTime: number;
  advance(seconds: number, by?: WorldClient): Promise<void>;
}

export function installClock(world: World, start = 0): WorldClock {
  let time = start;
  for (const client of world.clients) {
    Object.defineProperty(client.game, "time", {
      configurable: true,
      value: { get worldTime() { return time; }, advance: (delta: number) => clock.advance(delta, client) },
    });
  }
  const clock: WorldClock = {
    get worldTime() { return time; },
    async advance(seconds: number, by: WorldClient = world.gm) {
      time += seconds;
      for (const client of world.clients) {
        if (!client.connected) continue;
        await world.as(client, () => client.Hooks.callAll("updateWorldTime", time, seconds, {}, by.userId));
      }
    },
  };
  return clock;
}
