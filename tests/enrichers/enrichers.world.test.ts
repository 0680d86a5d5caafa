// @vitest-environment happy-dom
/**
 * Rolls anywhere in the multi-user world (issue 22 item 3): the enrichers the system registers
 * turn `[[/check …]]`, `[[/flat …]]`, `[[/damage …]]`, `@Condition[…]` and `@Rule[…]` into links;
 * a check rolls for the clicking user's character with the gains the rules core counts (and the
 * `Nd12gR` term counts the same faces the same); a damage card's Apply reaches the GM through the
 * relay once; a GM's roll request gathers two players' results on its card.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, queueFaces, Roll as WorldRoll, type World, type WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { eventually } from "../world/wait";
import { BRAM, GRUSHA, ILINDE, SCENE_ID, actorUuid, seedArena, tokenId } from "../magic/world-fixtures";
import { countGains, DIFFICULTY_GAINS, resolveDamage } from "../../src/rules";
import { statusReference } from "../../src/combat/conditions";
import { ANSWER_FLAG, renderRequest, type RollRequestFlag } from "../../src/enrichers/request";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

interface Enricher { pattern: RegExp; enricher(match: RegExpMatchArray, options?: object): Promise<HTMLElement | null> }
interface Msg {
  id: string;
  uuid: string;
  flags: { clockwork?: Record<string, unknown> };
  rolls: { constructor: { name: string }; faces: number[]; gains?: number; threshold?: number; settings: Record<string, unknown>; toJSON(): unknown }[];
  content: string;
}
type ActorDoc = { uuid: string; system: { skills: Record<string, { rank: number }>; health: Record<string, number>; resistances: Record<string, { species: number; armor: number }> }; flags: { clockwork?: { ledger?: Record<string, Record<string, unknown>> } } };

const api = (client: WorldClient) => (client.game as unknown as { clockwork: { enrichers: { onClick(el: HTMLElement, e?: object): Promise<unknown>; applyDamage(m: unknown): Promise<{ ok: boolean } | null>; answerRequest(m: unknown, e?: object): Promise<unknown> }; requestRoll(o: object): Promise<Msg | null> } }).clockwork;
const messages = (client: WorldClient) => client.game.messages.contents as unknown as Msg[];
const lastMessage = (client: WorldClient) => messages(client).at(-1)!;
const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActorDoc;

/** The element the registered enrichers make of `text` on a client (the first that matches). */
async function enrich(client: WorldClient, text: string, relativeTo?: { uuid: string }): Promise<HTMLElement> {
  return world.as(client, async () => {
    for (const { pattern, enricher } of (CONFIG as unknown as { TextEditor: { enrichers: Enricher[] } }).TextEditor.enrichers) {
      const match = [...text.matchAll(new RegExp(pattern.source, pattern.flags))][0];
      if (match) {
        // Core passes the enriched document as `relativeTo` (TextEditor.enrichHTML's options).
        const el = await enricher(match, relativeTo ? { relativeTo } : undefined);
        if (el) return el;
      }
    }
    throw new Error(`nothing enriches ${text}`);
  });
}

async function click(client: WorldClient, el: HTMLElement): Promise<void> {
  await world.as(client, () => api(client).enrichers.onClick(el, { shiftKey: true }));
  await world.settle();
}

const randomFaces = (n: number) => Array.from({ length: n }, () => 1 + Math.floor(Math.random() * 12));

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  ({ gm, alice, bob } = await seedArena(world, { combat: false }));
  // Each player's assigned character.
  await world.as(gm, async () => {
    await (gm.game.users.get(alice.userId) as unknown as { update(c: object): Promise<unknown> }).update({ character: ILINDE });
    await (gm.game.users.get(bob.userId) as unknown as { update(c: object): Promise<unknown> }).update({ character: BRAM });
  });
  await world.settle();
  clearQueuedFaces();
  // A world with the system's packs takes seconds to build on a loaded machine.
}, 60_000);

afterEach(() => {
  clearQueuedFaces();
  world.close();
});

describe("enrichers", { timeout: 30_000 }, () => {
  it("turn the syntax into roll links and rules links", async () => {
    const check = await enrich(alice, "[[/check perception hard]]");
    expect(check.dataset).toMatchObject({ cwEnricher: "check", skill: "perception", difficulty: "hard" });
    expect(check.textContent?.trim()).toBe("Perception (Hard)");
    expect((await enrich(alice, "[[/flat 7]]{Keep your footing}")).textContent?.trim()).toBe("Keep your footing");
    expect((await enrich(alice, "[[/damage 6 piercing]]")).dataset).toMatchObject({ cwEnricher: "damage", dice: "6", damageType: "piercing" });
    const prone = await enrich(alice, "@Condition[prone]");
    expect(prone.classList.contains("content-link")).toBe(true);
    expect(prone.dataset.uuid).toBe(statusReference("prone"));
    expect((await enrich(alice, "@Rule[health]")).dataset.uuid).toMatch(/JournalEntryPage\.8l5NkHQPtfh58xZ0$/);
    await expect(enrich(alice, "[[/check juggling hard]]")).rejects.toThrow(/nothing enriches/);
  });

  it("[[/check perception hard]] rolls for the clicking player's character, gains as the rules core and the gain term count them", async () => {
    const link = await enrich(alice, "[[/check perception hard]]");
    await click(alice, link);
    const first = lastMessage(gm).rolls[0];
    expect(first.constructor.name).toBe("GainRoll");
    expect((lastMessage(gm).flags.clockwork!.roll as { actorUuid: string }).actorUuid).toBe(actorUuid(ILINDE));
    expect(first.threshold).toBe(actor(gm, ILINDE).system.skills.perception.rank);
    expect(first.settings.needed).toBe(DIFFICULTY_GAINS.hard);
    const dice = first.faces.length;
    for (let i = 0; i < 12; i++) {
      const faces = randomFaces(dice);
      queueFaces(...faces);
      await click(alice, link);
      const roll = lastMessage(gm).rolls[0];
      expect(roll.faces).toEqual(faces);
      expect(roll.gains).toBe(countGains(faces, first.threshold!));
      queueFaces(...faces);
      const term = await new WorldRoll(`${dice}d12g${first.threshold}`).evaluate();
      expect(term.total).toBe(roll.gains);
    }
  });

  it("[[/flat 7]] rolls a Flat 7 for the character; a user with no character is told so", async () => {
    queueFaces(8);
    await click(bob, await enrich(bob, "[[/flat 7]]"));
    const roll = lastMessage(gm).rolls[0];
    expect(roll.constructor.name).toBe("FlatRoll");
    expect(roll.settings.target).toBe(7);
    expect((lastMessage(gm).flags.clockwork!.roll as { actorUuid: string }).actorUuid).toBe(actorUuid(BRAM));
    const before = messages(gm).length;
    await click(gm, await enrich(gm, "[[/check perception]]"));
    expect(messages(gm).length).toBe(before);
    expect(gm.notifications.at(-1)?.type).toBe("warn");
  });

  /** A GM's journal page (Alice may read it, not edit it) whose text asks for `text`. */
  async function gmPage(text: string, aliceLevel = 2): Promise<{ uuid: string }> {
    const entry = await world.as(gm, () => (globalThis as unknown as { JournalEntry: { create(d: object): Promise<{ uuid: string; pages: { contents: { uuid: string }[] } }> } })
      .JournalEntry.create({ name: "The trapped hall", ownership: { default: 0, [alice.userId]: aliceLevel }, pages: [{ name: "Spikes", type: "text", text: { content: `<p>The floor gives way: ${text}</p>` }, ownership: { default: -1 } }] }));
    await world.settle();
    return { uuid: entry.pages.contents[0].uuid };
  }

  function targetGrusha(client: WorldClient): void {
    const token = (client.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(GRUSHA));
    (client.user as unknown as { targets: Set<unknown> }).targets = new Set([token]);
  }

  it("[[/damage 6 piercing]] makes a card whose Apply the GM writes on the target once, from the card's own dice", async () => {
    targetGrusha(alice);
    const faces = [12, 11, 10, 9, 3, 1];
    queueFaces(...faces);
    const page = await gmPage("[[/damage 6 piercing]]");
    await click(alice, await enrich(alice, "[[/damage 6 piercing]]", page));
    const card = lastMessage(alice);
    expect(card.rolls[0].constructor.name).toBe("DamageRoll");
    expect(card.flags.clockwork!.enricherDamage).toEqual({ dice: 6, damageType: "piercing", source: page.uuid });
    const resistance = actor(gm, GRUSHA).system.resistances.piercing;
    const expected = resolveDamage(faces, resistance).total;
    expect(expected).toBeGreaterThan(0);
    const before = JSON.stringify(actor(gm, GRUSHA).system.health);
    const result = await world.as(alice, () => api(alice).enrichers.applyDamage(card));
    await world.settle();
    expect(result).toMatchObject({ ok: true, viaGM: true });
    expect(JSON.stringify(actor(gm, GRUSHA).system.health)).not.toBe(before);
    expect(actor(gm, GRUSHA).flags.clockwork?.ledger?.[card.id]?.dmg0).toBeTruthy();
    // Applied once: a second click changes nothing.
    const after = JSON.stringify(world.save());
    await world.as(alice, () => api(alice).enrichers.applyDamage(lastMessage(alice)));
    await world.settle();
    expect(JSON.stringify(world.save())).toBe(after);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("the GM's Undo of a damage card: \"Undone by the GM\" for everyone, Alice's Apply refused with that reason, only the GM applies it again (issue 34)", async () => {
    targetGrusha(alice);
    queueFaces(12, 11, 10, 9, 3, 1);
    const page = await gmPage("[[/damage 6 piercing]]");
    await click(alice, await enrich(alice, "[[/damage 6 piercing]]", page));
    const card = lastMessage(alice);
    const start = JSON.stringify(actor(gm, GRUSHA).system.health);
    expect(await world.as(alice, () => api(alice).enrichers.applyDamage(card))).toMatchObject({ ok: true });
    await world.settle();
    const hit = JSON.stringify(actor(gm, GRUSHA).system.health);
    expect(hit).not.toBe(start);
    const { addApplyButton, undoEnricherDamage } = await import("../../src/enrichers/damage");
    const labels = { apply: "Apply", undo: "Undo", undone: "Undone by the GM." };
    const render = async (client: WorldClient): Promise<HTMLElement> => world.as(client, () => {
      const html = document.createElement("div");
      addApplyButton(client.game.messages.get(card.id) as never, html, labels);
      return html;
    });
    // Before the Undo: the GM sees Undo, Alice no Undo.
    expect((await render(gm)).querySelector(".cw-enricher-undo")).not.toBeNull();
    expect((await render(alice)).querySelector(".cw-enricher-undo")).toBeNull();
    expect(await world.as(gm, () => undoEnricherDamage(gm.game.messages.get(card.id) as never))).toMatchObject({ ok: true });
    await world.settle();
    expect(JSON.stringify(actor(gm, GRUSHA).system.health)).toBe(start);
    for (const client of [gm, alice, bob]) expect((await render(client)).querySelector("[data-cw-undone]")?.textContent, client.userId).toBe("Undone by the GM.");
    expect((await render(alice)).querySelector(".cw-enricher-apply")).toBeNull();
    expect((await render(gm)).querySelector(".cw-enricher-apply")).not.toBeNull();
    // Alice's Apply (her API, or her console without the card's mark) is refused with the reason.
    await world.as(alice, () => (alice.game.messages.get(card.id) as unknown as { update(c: object): Promise<unknown> }).update({ "flags.clockwork.-=undoneByGM": null }));
    await world.settle();
    const before = JSON.stringify(world.save());
    const refused = await world.as(alice, () => api(alice).enrichers.applyDamage(alice.game.messages.get(card.id)));
    await world.settle();
    expect(refused).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.UndoneByGM" } });
    expect(JSON.stringify(world.save())).toBe(before);
    // The GM applies it again, once.
    expect(await world.as(gm, () => api(gm).enrichers.applyDamage(gm.game.messages.get(card.id)))).toMatchObject({ ok: true });
    await world.settle();
    expect(JSON.stringify(actor(gm, GRUSHA).system.health)).toBe(hit);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  for (const [name, text, level] of [
    ["typed in chat (no page)", null, 2],
    ["on a page that asks for less", "[[/damage 2 piercing]]", 2],
    ["on a page the player owns (she could have written it)", "[[/damage 6 piercing]]", 3],
  ] as const) {
    it(`a player's damage card ${name} reaches no one else's creature: the GM applies it`, async () => {
      targetGrusha(alice);
      queueFaces(12, 12, 12, 12, 12, 12);
      const page = text === null ? undefined : await gmPage(text, level);
      await click(alice, await enrich(alice, "[[/damage 6 piercing]]", page));
      const card = lastMessage(alice);
      const before = JSON.stringify(world.save());
      const refused = await world.as(alice, () => api(alice).enrichers.applyDamage(card));
      await world.settle();
      expect(refused).toMatchObject({ ok: false });
      expect(JSON.stringify(world.save())).toBe(before);
      // The GM's Apply on the same card writes it.
      const health = JSON.stringify(actor(gm, GRUSHA).system.health);
      await world.as(gm, () => api(gm).enrichers.applyDamage(gm.game.messages.get(card.id)));
      await world.settle();
      expect(JSON.stringify(actor(gm, GRUSHA).system.health)).not.toBe(health);
    });
  }
});

describe("the GM's roll request", { timeout: 30_000 }, () => {
  it("collects two players' results on one card; a forged answer for another's character is ignored", async () => {
    const card = (await world.as(gm, () => api(gm).requestRoll({ skill: "perception", difficulty: "hard" })))!;
    await world.settle();
    const onAlice = alice.game.messages.get(card.id) as unknown as Msg;
    const aliceFaces = [12, 12, 9, 2, 5, 7, 8, 10, 11, 3, 4, 6];
    const bobFaces = [1, 1, 3, 2, 4, 6, 5, 2, 3, 1, 2, 4];
    queueFaces(...aliceFaces);
    await world.as(alice, () => api(alice).enrichers.answerRequest(onAlice, { shiftKey: true }));
    queueFaces(...bobFaces);
    await world.as(bob, () => api(bob).enrichers.answerRequest(bob.game.messages.get(card.id), { shiftKey: true }));
    await world.settle();
    const results = () => ((gm.game.messages.get(card.id) as unknown as Msg).flags.clockwork!.rollRequest as RollRequestFlag).results;
    await eventually(() => expect(Object.keys(results())).toHaveLength(2));
    const answers = messages(gm).filter((m) => m.flags.clockwork?.[ANSWER_FLAG] === card.id);
    expect(answers).toHaveLength(2);
    for (const [client, id] of [[alice, ILINDE], [bob, BRAM]] as const) {
      const answer = answers.find((m) => (m.flags.clockwork!.roll as { actorUuid: string }).actorUuid === actorUuid(id))!;
      const rank = actor(gm, id).system.skills.perception.rank;
      const gains = countGains(answer.rolls[0].faces, rank);
      expect(results()[client.userId]).toEqual({ name: id === ILINDE ? "Ilinde" : "Bram", actorUuid: actorUuid(id), gains, success: gains >= DIFFICULTY_GAINS.hard, messageId: answer.id });
    }
    // Bob's console: a copy of Alice's answer, posted as his, for her character.
    const aliceAnswer = answers.find((m) => (m.flags.clockwork!.roll as { actorUuid: string }).actorUuid === actorUuid(ILINDE))!;
    const before = JSON.stringify(results());
    await world.as(bob, () => (globalThis as unknown as { ChatMessage: { create(d: object): Promise<unknown> } }).ChatMessage.create({
      content: "", rolls: aliceAnswer.rolls.map((r) => r.toJSON()), flags: { clockwork: { ...aliceAnswer.flags.clockwork, [ANSWER_FLAG]: card.id } },
    }));
    await world.settle();
    await world.settle();
    expect(JSON.stringify(results())).toBe(before);
    // Every client draws the gathered results on the card.
    const html = document.createElement("div");
    html.innerHTML = (alice.game.messages.get(card.id) as unknown as Msg).content;
    world.as(alice, () => renderRequest(alice.game.messages.get(card.id) as never, html));
    expect([...html.querySelectorAll(".cw-roll-request__results li")].map((li) => li.textContent)).toHaveLength(2);
    expect(html.querySelector(".cw-roll-request__results")!.textContent).toContain("Ilinde");
  });
});
