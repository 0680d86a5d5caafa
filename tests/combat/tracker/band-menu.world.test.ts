// @vitest-environment happy-dom
/**
 * Minion bands from the combat tracker (issue 20 item 3): the GM right-clicks a row of the
 * system's tracker (CONFIG.ui.combat over the test world's core tracker and its ContextMenu) to
 * form a band, let selected members leave, have a minion join its kind's band and break a band
 * up; the encounter menu forms a band from the selected tokens. The band's row shows its shared
 * vitals in words. A player sees none of these entries and the API refuses them; a non-minion or
 * a mix of kinds is refused with a message and changes nothing. Both profiles.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createDomWorld } from "../../world/applications/dom-world";
import { canvasOf } from "../../world/canvas";
import { as, combatOn, createFight, type Fight } from "../world-setup";

let fight: Fight | null = null;
afterEach(() => {
  fight?.world.close();
  fight = null;
  document.body.innerHTML = "";
});

interface TrackerApp {
  element: HTMLElement;
  render(options?: object): Promise<unknown>;
}

interface Band {
  id: string;
  name: string;
  tokenId: string;
  actorId: string;
  initiative: number | null;
  system: { members: string[] };
}

const TOKENS = ["bandGoblin000001", "bandGoblin000002", "bandGoblin000003"];

/** Three goblin minions (one actor), a rat minion and an orc guard, each with a token and a combatant. */
async function setUp(profile: "v13" | "v14"): Promise<{ f: Fight; goblin: string; sceneId: string }> {
  const f = (fight = await createFight({ world: () => createDomWorld({ profile }) }));
  const [goblin, rat] = await f.world.seed("Actor", [
    { name: "Goblin", type: "npc", system: { minion: true } },
    { name: "Rat", type: "npc", system: { minion: true } },
  ]);
  const tokens = [
    ...TOKENS.map((_id, i) => ({ _id, name: `Goblin ${i + 1}`, actorId: goblin, actorLink: false })),
    { _id: "bandRat000000001", name: "Rat", actorId: rat, actorLink: false },
    { _id: "bandOrc000000001", name: "Orc guard", actorId: f.actors.orc, actorLink: false },
  ];
  const [sceneId] = await f.world.seed("Scene", [{ name: "Cave", active: true, tokens }]);
  await as(f, f.gm, (c) => c.createEmbeddedDocuments("Combatant", tokens.map((t, i) => ({ actorId: t.actorId, tokenId: t._id, sceneId, name: t.name, initiative: 9 - i }))));
  await f.world.settle();
  return { f, goblin, sceneId };
}

async function renderTracker(f: Fight, client: Fight["gm"]): Promise<TrackerApp> {
  return f.world.as(client, async () => {
    const Tracker = (client.CONFIG as unknown as { ui: { combat: new () => TrackerApp } }).ui.combat;
    const app = new Tracker();
    await app.render({ force: true });
    return app;
  });
}

const row = (app: TrackerApp, name: string) => [...app.element.querySelectorAll<HTMLElement>("li.combatant")].find((li) => li.querySelector(".name")?.textContent === name) as HTMLElement;

/** Right-clicks a row (or clicks the encounter menu button) and answers the entries shown. */
function openMenu(f: Fight, client: Fight["gm"], target: HTMLElement): string[] {
  f.world.as(client, () => target.dispatchEvent(new MouseEvent(target.matches(".encounter-context-menu") ? "click" : "contextmenu", { bubbles: true, cancelable: true })));
  return [...document.querySelectorAll<HTMLElement>("#context-menu .context-item")].map((li) => li.textContent ?? "");
}

async function choose(f: Fight, client: Fight["gm"], entry: string): Promise<void> {
  const item = [...document.querySelectorAll<HTMLElement>("#context-menu .context-item")].find((li) => li.textContent === entry);
  if (!item) throw new Error(`no menu entry "${entry}"`);
  await f.world.as(client, async () => item.click());
  await f.world.settle();
}

/**
 * The GM's selected tokens: core's `canvas.tokens.controlled` (client/canvas/layers/tokens.mjs),
 * set on the GM client's canvas (the test world's canvas draws no token layer of its own).
 */
const select = (...ids: string[]) => {
  Object.defineProperty(canvasOf(fight!.gm), "tokens", { value: { controlled: ids.map((id) => ({ id, document: { id } })) }, configurable: true });
};

const names = (f: Fight) => combatOn(f.gm, f.combatId).turns.map((c) => c.name);
const bands = (f: Fight) => (combatOn(f.gm, f.combatId).combatants.contents as unknown as Band[]).filter((c) => c.system.members.length);
const state = (f: Fight) => JSON.stringify((combatOn(f.gm, f.combatId).combatants.contents as unknown as Band[]).map((c) => [c.id, c.name, c.tokenId, c.system.members]).sort());

const FORM = "Form a minion band (with the selected tokens, or every one of its kind)";
const JOIN = "Join the band of its kind";
const LEAVE = "Selected members leave the band";
const BREAK = "Break up the band";
const FROM_SELECTED = "Form a minion band from the selected tokens";

describe.each(["v13", "v14"] as const)("minion bands in the tracker (%s profile)", (profile) => {
  it("the GM forms a band, members leave and join, and the band breaks up, all from the menus; its row shows its vitals", { timeout: 60_000 }, async () => {
    const { f } = await setUp(profile);
    let app = await renderTracker(f, f.gm);
    // The orc's row offers core's entries only; a goblin's offers to form a band.
    expect(openMenu(f, f.gm, row(app, "Orc guard"))).not.toContain(FORM);
    const goblinEntries = openMenu(f, f.gm, row(app, "Goblin 1"));
    expect(goblinEntries).toContain(FORM);
    expect(goblinEntries).not.toContain(JOIN);
    await choose(f, f.gm, FORM);
    expect(bands(f)).toHaveLength(1);
    const [band] = bands(f);
    expect(band.system.members).toEqual(TOKENS);
    expect(band.name).toBe("Goblin 1 ×3");
    expect(names(f).filter((n) => n.startsWith("Goblin"))).toEqual(["Goblin 1 ×3"]);

    // The band's row: its shared vitals, as words and a tooltip.
    app = await renderTracker(f, f.gm);
    const vitals = row(app, "Goblin 1 ×3").querySelector<HTMLElement>(".cw-band-vitals");
    expect(vitals?.textContent?.trim()).toBe("Vitals 3/3");
    expect(vitals?.dataset.tooltip).toBe("The band's shared vitals: 3 of 3 left, one per member; 3 of 3 members still stand.");
    const scene = f.gm.game.scenes.contents[0] as unknown as { tokens: { get(id: string): { actor: { update(c: object): Promise<unknown> } } } };
    await as(f, f.gm, () => scene.tokens.get(TOKENS[2]).actor.update({ "system.health.vitalsLost": 1 }));
    await f.world.settle();
    app = await renderTracker(f, f.alice);
    expect(row(app, "Goblin 1 ×3").querySelector(".cw-band-vitals")?.textContent?.trim()).toBe("Vitals 2/3");

    // A selected member leaves: its own combatant again, right after the band.
    app = await renderTracker(f, f.gm);
    select(TOKENS[1]);
    expect(openMenu(f, f.gm, row(app, "Goblin 1 ×3"))).toEqual(expect.arrayContaining([LEAVE, BREAK]));
    await choose(f, f.gm, LEAVE);
    expect(bands(f)[0].system.members).toEqual([TOKENS[0], TOKENS[2]]);
    expect(bands(f)[0].name).toBe("Goblin 1 ×2");
    expect(names(f).slice(names(f).indexOf("Goblin 1 ×2"), names(f).indexOf("Goblin 1 ×2") + 2)).toEqual(["Goblin 1 ×2", "Goblin 2"]);

    // It joins its kind's band again from its own row.
    select();
    app = await renderTracker(f, f.gm);
    expect(openMenu(f, f.gm, row(app, "Goblin 2"))).toContain(JOIN);
    await choose(f, f.gm, JOIN);
    expect(bands(f)[0].system.members).toEqual([TOKENS[0], TOKENS[2], TOKENS[1]]);
    expect(names(f).filter((n) => n.startsWith("Goblin"))).toEqual(["Goblin 1 ×3"]);

    // Broken up: three goblins again, the band's combatant keeping the first token.
    app = await renderTracker(f, f.gm);
    openMenu(f, f.gm, row(app, "Goblin 1 ×3"));
    await choose(f, f.gm, BREAK);
    expect(bands(f)).toEqual([]);
    expect(names(f).filter((n) => n.startsWith("Goblin")).sort()).toEqual(["Goblin 1", "Goblin 2", "Goblin 3"]);
    expect(combatOn(f.gm, f.combatId).combatants.get(band.id)).toMatchObject({ name: "Goblin 1", tokenId: TOKENS[0] });

    // The encounter menu: a band from the selected tokens.
    select(TOKENS[0], TOKENS[2]);
    app = await renderTracker(f, f.gm);
    expect(openMenu(f, f.gm, app.element.querySelector<HTMLElement>(".encounter-context-menu") as HTMLElement)).toContain(FROM_SELECTED);
    await choose(f, f.gm, FROM_SELECTED);
    expect(bands(f).map((b) => b.system.members)).toEqual([[TOKENS[0], TOKENS[2]]]);

    // The band's row adds the selected minion; then its own first token leaves and another carries it.
    select(TOKENS[1]);
    app = await renderTracker(f, f.gm);
    const bandName = bands(f)[0].name;
    openMenu(f, f.gm, row(app, bandName));
    await choose(f, f.gm, "Add the selected minions to this band");
    expect(bands(f)[0].system.members).toEqual([TOKENS[0], TOKENS[2], TOKENS[1]]);
    select(TOKENS[0]);
    app = await renderTracker(f, f.gm);
    openMenu(f, f.gm, row(app, bands(f)[0].name));
    await choose(f, f.gm, LEAVE);
    expect(bands(f)[0]).toMatchObject({ id: band.id, tokenId: TOKENS[2], name: "Goblin 3 ×2", system: { members: [TOKENS[2], TOKENS[1]] } });
    expect(names(f).filter((n) => n.startsWith("Goblin")).sort()).toEqual(["Goblin 1", "Goblin 3 ×2"]);
    expect(f.gm.errors).toEqual([]);
  });

  it("refuses a non-minion or a mix of kinds with a message, and a player sees no band entries and cannot change one", { timeout: 60_000 }, async () => {
    const { f } = await setUp(profile);
    let app = await renderTracker(f, f.gm);
    const before = state(f);
    const button = () => app.element.querySelector<HTMLElement>(".encounter-context-menu") as HTMLElement;
    select(TOKENS[0], "bandOrc000000001");
    openMenu(f, f.gm, button());
    await choose(f, f.gm, FROM_SELECTED);
    expect(f.gm.notifications.at(-1)).toMatchObject({ type: "warn", message: "Only minions can form a group." });
    select(TOKENS[0], "bandRat000000001");
    openMenu(f, f.gm, button());
    await choose(f, f.gm, FROM_SELECTED);
    expect(f.gm.notifications.at(-1)?.message).toBe("A group is made of minions of the same kind (one actor).");
    // A goblin row with the rat selected: the same refusal, not a band of all goblins.
    select("bandRat000000001");
    openMenu(f, f.gm, row(app, "Goblin 1"));
    await choose(f, f.gm, FORM);
    expect(f.gm.notifications.at(-1)?.message).toBe("A group is made of minions of the same kind (one actor).");
    select("notInTheCombat01", TOKENS[1]);
    openMenu(f, f.gm, button());
    await choose(f, f.gm, FROM_SELECTED);
    expect(f.gm.notifications.at(-1)?.message).toContain("not in this combat");
    expect(state(f)).toBe(before);

    // A player: no band entries on any row nor in the encounter menu; the API refuses.
    app = await renderTracker(f, f.alice);
    select(TOKENS[0], TOKENS[1]);
    const seen = [...openMenu(f, f.alice, row(app, "Goblin 1")), ...openMenu(f, f.alice, button())];
    for (const entry of [FORM, JOIN, LEAVE, BREAK, FROM_SELECTED]) expect(seen).not.toContain(entry);
    const { groupMinions } = await import("../../../src/combat/minions");
    const ids = (combatOn(f.alice, f.combatId).combatants.contents as unknown as Band[]).filter((c) => TOKENS.includes(c.tokenId)).map((c) => c.id);
    expect(await as(f, f.alice, (c) => groupMinions(c as never, ids))).toBeNull();
    expect(f.alice.notifications.at(-1)).toMatchObject({ type: "warn", message: "Only the GM forms and changes minion bands. Nothing was changed." });
    await f.world.settle();
    expect(state(f)).toBe(before);
  });
});
