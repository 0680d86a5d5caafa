// @vitest-environment happy-dom
/**
 * XP in the multi-user test world: the GM awards XP to the players' characters from the award
 * dialog; Alice spends hers in her character's advancement window (a rank, a spell bought as a
 * drop would), reads the log and refunds the last purchase through the confirmation dialog;
 * Bob's client sees every change. The compendium browser reads the pack indexes.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { appear, markupIdle } from "../../world/wait";
import { items as packItems } from "../../packs/load-sources";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;
let heroId: string;
let npcId: string;

interface App { element: HTMLElement; rendered: boolean; close(): Promise<unknown>; buyFromUuid?(uuid: string): Promise<void>; openedIn?: number | null }
interface ActorDoc {
  system: { xp: { earned: number; spent: number }; skills: Record<string, { rank: number }> };
  items: { contents: { name: string }[]; size: number };
  getFlag(scope: string, key: string): unknown;
}
interface Api {
  awardXp(ids?: string[]): Promise<App>;
  openAdvancement(actor: unknown): Promise<App>;
  openCompendiumBrowser(filters?: object): Promise<App>;
}

const flush = () => world.settle();
const idle = (root: () => HTMLElement | undefined) => markupIdle(root, flush);
const actor = (client: WorldClient, id = heroId) => (client.game.actors as unknown as { get(id: string): ActorDoc }).get(id);
const api = (client: WorldClient) => (client.game as unknown as { clockwork: Api }).clockwork;
const uuid = (pack: string, name: string) => `Compendium.clockwork.${pack}.Item.${packItems(pack).find((d) => d.name === name)!._id}`;

async function act(client: WorldClient, app: App, fn: (root: HTMLElement) => void): Promise<void> {
  await world.as(client, async () => {
    fn(app.element);
    await idle(() => app.element);
  });
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
  [heroId] = await world.seed("Actor", [{ name: "Tova", type: "character", system: { skills: { knowledge: { rank: 10 } } } }], {
    ownership: { [alice.user.id as string]: 3, [bob.user.id as string]: 2 },
  });
  [npcId] = await world.seed("Actor", [{ name: "Spare Hero", type: "character" }]);
  await flush();
});

describe("the GM's award dialog", () => {
  it("awards the chosen XP and reason to the players' characters only, logged on every client", async () => {
    const dialog = await world.as(gm, () => api(gm).awardXp());
    await idle(() => dialog.element);
    const boxes = [...dialog.element.querySelectorAll<HTMLInputElement>("input[name^='actor.']")];
    expect(boxes.map((b) => [b.name, b.checked])).toEqual(expect.arrayContaining([[`actor.${heroId}`, true], [`actor.${npcId}`, false]]));
    await act(gm, dialog, (root) => {
      const three = root.querySelector<HTMLInputElement>("input[name=amount][value='3']")!;
      three.checked = true;
      three.dispatchEvent(new Event("change", { bubbles: true }));
    });
    const reasons = () => [...dialog.element.querySelectorAll<HTMLOptionElement>("select[name=reason] option")].map((o) => o.value);
    await flush();
    expect(reasons()).toEqual(["highChallenge", "essential", "exceptionalRoleplay", "other"]);
    await act(gm, dialog, (root) => {
      root.querySelector<HTMLSelectElement>("select[name=reason]")!.value = "essential";
      root.querySelector<HTMLInputElement>("input[name=note]")!.value = "held the bridge";
      root.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
    });
    // The award's notice comes after its writes.
    await flush();
    expect(gm.notifications.map((n) => n.message)).toContain("3 XP awarded to Tova.");
    await flush();
    expect(actor(bob).system.xp.earned).toBe(3);
    expect(actor(gm, npcId).system.xp.earned).toBe(0);
    expect(actor(alice).getFlag("clockwork", "xpLog")).toEqual([expect.objectContaining({ kind: "award", xp: 3, reason: "essential", note: "held the bridge", user: gm.user.id })]);
    await flush();
    expect(dialog.rendered).toBe(false);
    // The award's chat card tells the table (public by default).
    const cards = (client: WorldClient) => [...(client.game.messages as unknown as Iterable<{ content: string; visible: boolean }>)]
      .filter((m) => m.visible && m.content.includes("cw-card--xp-award"));
    expect(cards(alice)).toHaveLength(1);
    expect(cards(alice)[0].content).toMatch(/3 XP to[\s\S]*Tova[\s\S]*Essential to the success[\s\S]*held the bridge/);
  });
});

describe("the advancement window", () => {
  it("buys a rank and a spell, lists them in the log, and refunds the last purchase after a confirmation", async () => {
    await world.as(gm, async () => {
      const { awardXp } = await import("../../../src/documents/advancement");
      await awardXp([actor(gm)], { amount: 4, reason: "majorQuest" });
      await awardXp([actor(gm)], { amount: 4, reason: "majorQuest" });
    });
    await flush();
    const app = await world.as(alice, () => api(alice).openAdvancement(actor(alice)));
    await idle(() => app.element);
    await flush();
    expect(app.element.querySelector("[data-total=available] dd")?.textContent).toBe("8");
    // Knowledge 10 → 9 costs 6 XP at the default (normal) speed.
    await act(alice, app, (root) => root.querySelector<HTMLButtonElement>("[data-action=buyRank][data-skill=knowledge]")!.click());
    await flush();
    expect(actor(bob).system.skills.knowledge.rank).toBe(9);
    await flush();
    expect(actor(bob).system.xp.spent).toBe(6);
    await world.as(alice, () => app.buyFromUuid!(uuid("spells", "Telekinesis")));
    await idle(() => app.element);
    await flush();
    expect(actor(bob).items.contents.map((i) => i.name)).toEqual(["Telekinesis"]);
    await flush();
    expect(actor(bob).system.xp.spent).toBe(8);
    const rows = () => [...app.element.querySelectorAll(".cw-xp-log tbody tr td:nth-child(2)")].map((td) => td.textContent?.trim());
    await flush();
    expect(rows()).toEqual(["Spell: Telekinesis", "Knowledge 10 → 9", "Award: Completed a major quest or arc", "Award: Completed a major quest or arc"]);
    // A second spell costs more than is left: refused in words, nothing written.
    await world.as(alice, () => app.buyFromUuid!(uuid("spells", "Fireball")));
    await idle(() => app.element);
    await flush();
    expect(app.element.querySelector(".cw-builder-refused")?.textContent).toContain("That costs 8 XP; 0 XP are available.");
    await flush();
    expect(actor(gm).items.size).toBe(1);

    await act(alice, app, (root) => root.querySelector<HTMLButtonElement>("[data-action=refund]")!.click());
    const yes = await appear<HTMLButtonElement>("dialog [data-action=yes], .dialog [data-action=yes], [data-action=yes]");
    await world.as(alice, async () => {
      yes.click();
      await idle(() => app.element);
    });
    await flush();
    expect(actor(bob).items.size).toBe(0);
    await flush();
    expect(actor(bob).system.xp.spent).toBe(6);
    await flush();
    expect(app.element.querySelector(".cw-xp-log tbody tr")?.textContent).toContain("Refund: Telekinesis");
    expect([...alice.errors]).toEqual([]);
  }, 60_000);
});

describe("the compendium browser", () => {
  it("opens on the pack indexes, filters, and records how long the first list took", async () => {
    const browser = await world.as(alice, () => api(alice).openCompendiumBrowser({ type: "spell", school: "fire" }));
    await idle(() => browser.element);
    await flush();
    expect(browser.element.querySelectorAll("li[draggable=true]")).toHaveLength(6);
    // Cold: the first index read and the templates' first load, under happy-dom on a shared
    // machine. The 300 ms budget is checked in Chromium (tests/applications/builder/builder.browser.test.ts).
    expect(browser.openedIn).not.toBeNull();
    expect(browser.openedIn!).toBeLessThan(2000);
    await act(alice, browser, (root) => {
      const search = root.querySelector<HTMLInputElement>("input[name='filter.search']")!;
      search.value = "ball";
      search.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await flush();
    expect([...browser.element.querySelectorAll("li[draggable=true] [data-action=openEntry]")].map((b) => b.textContent)).toEqual(["Fireball"]);
  }, 30_000);
});
