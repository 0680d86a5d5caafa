// @vitest-environment happy-dom
/**
 * A cast card's hidden numbers (issue 18 item 6): with the default hidden-info setting no
 * message (visible or whispered, flags or content) holds a target's defense or exact chance in
 * the client of a player who may not observe that target. A GM, and a user with Observer on the
 * target, see them on their own render of the card, worked out there from the card's rolls.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, queueFaces, type WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { BRAM, GNOME, GOLEM, GRUSHA, ILINDE, SPELL_IDS, actorUuid, doc, flush, moveToken, seedArena, setCounters } from "./world-fixtures";

interface Caster {
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ message: { id: string } } | null>;
}
interface Permissioned {
  testUserPermission(user: unknown, level: string): boolean;
  update(changes: object): Promise<unknown>;
}
interface Message {
  id: string;
  content: string;
  flags: Record<string, unknown>;
  renderHTML(): Promise<HTMLElement>;
}

const messages = (client: WorldClient) => [...(client.game.messages as unknown as Iterable<Message>)];
const HIDDEN_KEYS = new Set(["defense", "chance"]);

/** What a client's messages hold of numbers the client's user may not see (empty: nothing). */
function leaks(client: WorldClient): string[] {
  const user = client.game.user as unknown as { isGM: boolean };
  const observes = (uuid: unknown) => user.isGM || (typeof uuid === "string" && doc<Permissioned | null>(client, uuid)?.testUserPermission(user, "OBSERVER") === true);
  const found: string[] = [];
  for (const message of messages(client)) {
    const cast = (message.flags.clockwork as { cast?: { caster: { uuid: string | null }; targets: { uuid: string }[] } } | undefined)?.cast;
    // Every defense or chance in any flag: only a cast card's, of a creature this user observes.
    const walk = (value: unknown, path: string[]): void => {
      if (!value || typeof value !== "object") return;
      for (const [key, inner] of Object.entries(value)) {
        const at = [...path, key];
        if (HIDDEN_KEYS.has(key) && typeof inner === "number") {
          const target = at.length === 5 && at[1] === "cast" && at[2] === "targets" ? cast?.targets[Number(at[3])] : undefined;
          const allowed = target ? observes(target.uuid) : at.join(".") === "clockwork.cast.chance" && observes(cast?.caster.uuid);
          if (!allowed) found.push(`${message.id} ${at.join(".")}=${inner}`);
        }
        walk(inner, at);
      }
    };
    walk(message.flags, []);
    const html = Object.assign(document.createElement("div"), { innerHTML: message.content });
    for (const row of html.querySelectorAll<HTMLElement>(".cw-cast-target")) {
      if (!observes(row.dataset.targetUuid) && /\d%|Defense/.test(row.textContent ?? "")) found.push(`${message.id} row ${row.dataset.targetUuid}: ${row.textContent}`);
    }
    if (cast && !observes(cast.caster.uuid) && /\d%/.test(html.querySelector(".cw-cast-card__cost")?.textContent ?? "")) found.push(`${message.id} cast chance`);
  }
  return found;
}

/** The numbers a client's render of a card adds to a target's row. */
async function shown(world: Awaited<ReturnType<typeof createDomWorld>>, client: WorldClient, id: string, target: string): Promise<string> {
  const card = messages(client).find((m) => m.id === id)!;
  const html = await world.as(client, () => card.renderHTML());
  const row = [...html.querySelectorAll<HTMLElement>(".cw-cast-target")].find((r) => r.dataset.targetUuid === target)!;
  return row.querySelector("[data-cw-reveal]")?.textContent ?? row.querySelector("[data-band]")?.textContent ?? "";
}

afterEach(() => clearQueuedFaces());

describe("a cast card's hidden numbers", { timeout: 60_000 }, () => {
  it("no player's client holds an unobserved target's numbers; the GM and observers work them out on render", async () => {
    const world = await createDomWorld();
    const { gm, alice, bob } = await seedArena(world);
    const ilinde = doc<Caster>(alice, actorUuid(ILINDE));
    const cast = async (name: keyof typeof SPELL_IDS, options: object) => {
      await setCounters(world, ILINDE, 6);
      const result = await world.as(alice, () => ilinde.castSpell(ilinde.items.get(SPELL_IDS[name]), options));
      await flush(world);
      if (!result) throw new Error(JSON.stringify(alice.notifications.at(-1)));
      return result.message.id;
    };
    // Every kind of card: an attack spell, an area with spell resistance, a boon on Bob's
    // character, an opposed condition spell and one on the caster herself.
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, 9, 9, 9, 9, 9, 9);
    const bolt = await cast("Fire Bolt", { targets: [actorUuid(GRUSHA)] });
    queueFaces(12, 6, 2, 2, 2, 2, 2, 2, 2, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 3, 10);
    await cast("Fireball", { targets: [actorUuid(GRUSHA), actorUuid(GNOME), actorUuid(GOLEM)] });
    queueFaces(12, 6, 6, 2, 2, 2, 2, 2, 2);
    const barrier = await cast("Barrier", { targets: [actorUuid(BRAM)] });
    await moveToken(world, ILINDE, 3, 0);
    queueFaces(12, 12, 6, 2, 2, 2, 2, 2, 2, 12, 2, 2, 2, 2);
    await cast("Charm", { targets: [actorUuid(GRUSHA)] });
    queueFaces(12, 7, 2, 2, 2, 2, 2, 2, 2);
    const borrow = await cast("Borrow Time", {});
    expect(messages(alice).filter((m) => (m.flags.clockwork as { cast?: unknown } | undefined)?.cast)).toHaveLength(5);

    // No message at all carries a target's hidden numbers (no companion whispers either).
    expect(messages(gm)).toHaveLength(messages(alice).length);
    expect(leaks(alice)).toEqual([]);
    expect(leaks(bob)).toEqual([]);

    // The GM's render: Grusha's defense and exact chance; Alice's: the band only.
    expect(await shown(world, gm, bolt, actorUuid(GRUSHA))).toMatch(/^Chance \d+% · Defense 3$/);
    const band = await shown(world, alice, bolt, actorUuid(GRUSHA));
    expect(band).not.toMatch(/\d/);
    expect(band).toMatch(/likely|even|unlikely/i);
    // Bob observes Bram (his own): the Barrier's exact chance is his to see, not Alice's.
    expect(await shown(world, bob, barrier, actorUuid(BRAM))).toMatch(/\d+%/);
    expect(await shown(world, alice, barrier, actorUuid(BRAM))).not.toMatch(/\d/);

    // Bob made an observer of Grusha works the numbers out too; still no message holds them.
    await world.as(gm, () => doc<Permissioned>(gm, actorUuid(GRUSHA)).update({ [`ownership.${bob.userId}`]: 2 }));
    await flush(world);
    expect(await shown(world, bob, bolt, actorUuid(GRUSHA))).toMatch(/^Chance \d+% · Defense 3$/);
    expect(await shown(world, alice, bolt, actorUuid(GRUSHA))).not.toMatch(/\d/);
    expect(leaks(alice)).toEqual([]);
    expect(leaks(bob)).toEqual([]);
    // Borrow Time on the caster herself: Alice observes Ilinde, Bob does not.
    expect(await shown(world, alice, borrow, actorUuid(ILINDE))).toMatch(/^Chance \d+%$/);
    expect(await shown(world, bob, borrow, actorUuid(ILINDE))).not.toMatch(/\d/);

    // "everything": the card itself holds every number again, for everyone (the checker sees them).
    await world.as(gm, () => (gm.game.settings as unknown as { set(s: string, k: string, v: string): Promise<unknown> }).set("clockwork", "attackHiddenInfo", "everything"));
    await world.as(gm, () => doc<Permissioned>(gm, actorUuid(ILINDE)).update({ "system.mana.value": 30 }));
    await flush(world);
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, 9, 9, 9, 9, 9, 9);
    const open = await cast("Fire Bolt", { targets: [actorUuid(GRUSHA)] });
    expect(leaks(alice)).toEqual([expect.stringMatching(new RegExp(`^${open} clockwork.cast.targets.0.defense=3$`)), expect.stringMatching(new RegExp(`^${open} clockwork.cast.targets.0.chance=`)), expect.stringMatching(new RegExp(`^${open} row [^:]+:[^]*Chance \\d+%`))]);
    for (const client of [gm, alice, bob]) expect(client.errors).toEqual([]);
  });
});
