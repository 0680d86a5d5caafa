// @vitest-environment happy-dom
/**
 * The XP log on the character sheet itself, in the GM + Alice + Bob test world with the real
 * sheet class: the GM's award and Alice's purchase show in the features tab with date and XP,
 * the refund of the last purchase works from the sheet (after a confirmation), and the sheet's
 * own Builder and Spend XP buttons open those windows.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { appear, markupIdle } from "../../world/wait";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;
let heroId: string;
let freshId: string;

interface Sheet { element: HTMLElement; rendered: boolean; render(options?: object): Promise<unknown>; changeTab(tab: string, group: string): void }
interface ActorDoc {
  name: string;
  sheet: Sheet;
  system: { xp: { earned: number; spent: number }; skills: Record<string, { rank: number }> };
  items: { size: number };
  getFlag(scope: string, key: string): unknown;
}

const flush = () => world.settle();
/** Waits until the markup under `root` stops changing (renders after writes are queued). */
const idle = (root: () => HTMLElement | undefined | null) => markupIdle(root, flush);
const actor = (client: WorldClient, id = heroId) => (client.game.actors as unknown as { get(id: string): ActorDoc }).get(id);

async function openSheet(client: WorldClient, id = heroId, tab?: string): Promise<Sheet> {
  return world.as(client, async () => {
    const sheet = actor(client, id).sheet;
    await sheet.render({ force: true });
    if (tab) sheet.changeTab(tab, "primary");
    await idle(() => sheet.element);
    return sheet;
  });
}

async function click(client: WorldClient, el: Element | null | undefined, root: () => HTMLElement | null | undefined): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await world.as(client, async () => {
    (el as HTMLElement).click();
    await idle(root);
  });
}

const logTexts = (sheet: Sheet) => [...sheet.element.querySelectorAll(".cw-tab-features .cw-xp-log tbody tr")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim()));

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
  [heroId] = await world.seed("Actor", [{
    name: "Tova", type: "character", system: { skills: { knowledge: { rank: 10 } } },
    items: [{ name: "Keen Eye", type: "focus", system: { skill: "perception" } }],
  }], { ownership: { [alice.user.id as string]: 3, [bob.user.id as string]: 2 } });
  [freshId] = await world.seed("Actor", [{ name: "Blank Slate", type: "character" }], { ownership: { [alice.user.id as string]: 3 } });
  await flush();
});

describe("the XP log on the character sheet", () => {
  it("lists the GM's award and Alice's purchase with date and XP, and refunds the purchase from the sheet", async () => {
    await world.as(gm, async () => {
      const { awardXp } = await import("../../../src/documents/advancement");
      await awardXp([actor(gm)], { amount: 4, reason: "majorQuest" });
      await awardXp([actor(gm)], { amount: 4, reason: "majorQuest" });
    });
    await flush();
    await world.as(alice, async () => {
      const { buySkillRank } = await import("../../../src/documents/advancement");
      await buySkillRank(actor(alice), "knowledge");
    });
    await flush();
    expect(actor(bob).system.skills.knowledge.rank).toBe(9);

    const sheet = await openSheet(alice, heroId, "features");
    const rows = logTexts(sheet);
    expect(rows.map((r) => r.slice(1))).toEqual([
      ["Knowledge 10 → 9", "\u22126"],
      ["Award: Completed a major quest or arc", "+4"],
      ["Award: Completed a major quest or arc", "+4"],
    ]);
    // Each row carries its date in the user's language.
    for (const [dateText] of rows) expect(dateText).toMatch(/\d/);
    expect(sheet.element.querySelector(".cw-tab-features [data-total=available] dd")?.textContent).toBe("2");

    const refund = sheet.element.querySelector<HTMLButtonElement>(".cw-tab-features [data-action=refund]");
    expect(refund?.textContent).toContain("Knowledge 10 → 9 (+6 XP)");
    await click(alice, refund, () => document.body);
    // The refund asks first.
    const yes = await appear<HTMLButtonElement>("[data-action=yes]");
    // Nothing changes before the answer.
    expect(actor(gm).system.skills.knowledge.rank).toBe(9);
    await click(alice, yes, () => sheet.element);

    await flush();
    expect(alice.notifications.map((n) => n.message)).toContain("Knowledge 10 → 9: 6 XP refunded.");
    await flush();
    expect(actor(bob).system.skills.knowledge.rank).toBe(10);
    expect(actor(bob).system.xp.spent).toBe(0);
    // The sheet re-rendered from the write: the refund logged, the purchase struck, nothing left to refund.
    await flush();
    expect(logTexts(sheet)[0].slice(1)).toEqual(["Refund: Knowledge", "+6"]);
    expect(sheet.element.querySelector(".cw-tab-features tr.refunded")?.textContent).toContain("Knowledge 10 → 9");
    expect(sheet.element.querySelector(".cw-tab-features [data-action=refund]")).toBeNull();
    expect([...alice.errors]).toEqual([]);
  }, 60_000);

  it("keeps the purchase when the refund is declined", async () => {
    await world.as(gm, async () => {
      const { awardXp } = await import("../../../src/documents/advancement");
      await awardXp([actor(gm)], { amount: 4, reason: "majorQuest" });
      await awardXp([actor(gm)], { amount: 4, reason: "majorQuest" });
    });
    await flush();
    await world.as(alice, async () => {
      const { buySkillRank } = await import("../../../src/documents/advancement");
      await buySkillRank(actor(alice), "knowledge");
    });
    const sheet = await openSheet(alice, heroId, "features");
    await click(alice, sheet.element.querySelector(".cw-tab-features [data-action=refund]"), () => document.body);
    await click(alice, await appear("[data-action=no]"), () => sheet.element);
    // The question closing is the sync point: the refund ends there, unwritten.
    await flush();
    expect(document.querySelector("[data-action=no]")).toBeNull();
    await flush();
    expect(actor(gm).system.skills.knowledge.rank).toBe(9);
    expect(actor(gm).system.xp.spent).toBe(6);
  }, 60_000);

  it("shows Bob (observer) the log without a refund or spend button", async () => {
    await world.as(gm, async () => {
      const { awardXp } = await import("../../../src/documents/advancement");
      await awardXp([actor(gm)], { amount: 2, reason: "contribution" });
    });
    const sheet = await openSheet(bob, heroId, "features");
    expect(logTexts(sheet)).toHaveLength(1);
    expect(sheet.element.querySelectorAll("[data-action=refund], [data-action=openAdvancement], [data-action=openBuilder]")).toHaveLength(0);
  }, 60_000);
});

describe("the sheet's Builder and Spend XP buttons", () => {
  it("opens the advancement window from the header of a built character, and the builder from an empty one", async () => {
    const sheet = await openSheet(alice, heroId);
    expect(sheet.element.querySelector("[data-action=openBuilder]")).toBeNull();
    await click(alice, sheet.element.querySelector(".cw-sheet-header [data-action=openAdvancement]"), () => document.body);
    const advancement = [...document.querySelectorAll<HTMLElement>(".cw-advancement")].find((el) => el.textContent?.includes("Tova"));
    expect(advancement, "the advancement window of Tova").toBeTruthy();

    const fresh = await openSheet(alice, freshId);
    const builderButton = fresh.element.querySelector<HTMLButtonElement>(".cw-sheet-header [data-action=openBuilder]");
    expect(builderButton?.textContent).toContain("Character Builder");
    await click(alice, builderButton, () => document.body);
    await appear(".cw-builder");
    expect([...alice.errors]).toEqual([]);
  }, 60_000);
});
