/**
 * A player starts a character at a live table (issue 20, acceptance): Alice, who may not create
 * actors, clicks "New Character" in her page; the GM's page makes an empty character owned by
 * her; her builder opens on it and she finishes it with the builder's own controls (the first
 * valid choice at each step); both pages then hold the same finished character, hers, and
 * reloading her page keeps it.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, shot } from "./harness";
import { openTable, type Table } from "./two-pages";

interface StoredActor {
  name: string;
  type: string;
  ownership: Record<string, number>;
  items: { name: string; type: string }[];
  flags: Record<string, Record<string, unknown> | undefined>;
  system: Record<string, unknown>;
}

/** What a page's client holds for an actor (its mirror of the server's sources), or null. */
function stored(page: Page, id: string): Promise<StoredActor | null> {
  return page.evaluate((actorId) => {
    const world = window.clockworkWorld!.world as unknown as { server: { sources: { Actor: Map<string, unknown> } } };
    const source = world.server.sources.Actor.get(actorId);
    return source ? JSON.parse(JSON.stringify(source)) as StoredActor : null;
  }, id);
}

const userId = (page: Page, name: string) => page.evaluate((n) => window.clockworkWorld!.run(() => game.users?.getName(n)?.id ?? null), name);

/** The ids of the characters a page's world holds. */
const characterIds = (page: Page) => page.evaluate(() => {
  const world = window.clockworkWorld!.world as unknown as { server: { sources: { Actor: Map<string, { type: string }> } } };
  return [...world.server.sources.Actor].filter(([, a]) => a.type === "character").map(([id]) => id);
});

async function showActors(page: Page): Promise<void> {
  await page.click("#sidebar-tabs [data-tab=actors]");
  await page.locator("#actors.active").waitFor();
}

/** The step the builder shows now. */
const stepOf = (builder: Locator) => builder.locator("section.cw-builder-step:not([hidden])").getAttribute("data-step");

/** "Next", waited for until the following step is drawn. */
async function next(builder: Locator): Promise<void> {
  const from = await stepOf(builder);
  await builder.locator("[data-action=next]:not([disabled])").click();
  await expect.poll(() => stepOf(builder)).not.toBe(from);
}

/**
 * Acts in the builder and waits for the redraw that follows (the change is kept as the draft
 * first): every part is drawn anew, so a mark put on the step shown goes away.
 */
async function redrawn(builder: Locator, act: () => Promise<void>): Promise<void> {
  await builder.locator(".cw-builder-step:not([hidden])").evaluate((el) => el.setAttribute("data-stale", ""));
  await act();
  await builder.locator(".cw-builder-step:not([hidden]):not([data-stale])").waitFor();
}

/** Picks a select's first enabled option with a value. */
async function pickFirst(builder: Locator, name: string): Promise<void> {
  const select = builder.locator(`select[name="${name}"]`);
  const value = await select.evaluate((el: HTMLSelectElement) => [...el.options].find((o) => o.value !== "" && !o.disabled)?.value ?? "");
  await redrawn(builder, () => select.selectOption(value).then(() => undefined));
  expect(await select.inputValue()).toBe(value);
}

/** How many problems the nav counts for the step shown (0: the step is complete). */
async function problems(builder: Locator): Promise<number> {
  // Read in one go: the window redraws between two separate reads.
  return builder.evaluate((el) => {
    const badge = el.querySelector(".cw-builder-nav li.active .cw-step-problems");
    return badge ? Number(badge.textContent!.replace(/\D+/g, " ").trim().split(" ").pop()) : 0;
  });
}

/** Raises the first resistance that can take one more point (its select's next option). */
async function raiseFirst(builder: Locator): Promise<void> {
  for (const select of await builder.locator("section[data-step=resistance] select").all()) {
    const value = await select.evaluate((el: HTMLSelectElement) => el.options[el.selectedIndex + 1]?.value ?? null);
    if (value === null) continue;
    await redrawn(builder, () => select.selectOption(value).then(() => undefined));
    expect(await select.inputValue()).toBe(value);
    return;
  }
  throw new Error("no resistance can take another point");
}

/** Clicks the first control matching a selector. */
const press = (builder: Locator, selector: string) => redrawn(builder, () => builder.locator(selector).first().click());

describe("a player starts a character at a live table", () => {
  let browser: Browser;
  let table: Table;
  let gm: Page;
  let alice: Page;
  let aliceId: string;
  let heroId: string;

  beforeAll(async () => {
    browser = await launch();
    table = await openTable(browser, { users: ["Gamemaster", "Alice"] });
    gm = table.page("Gamemaster");
    alice = table.page("Alice");
    aliceId = (await userId(gm, "Alice"))!;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("Alice may not create actors; her New Character makes one in the GM's page, owned by her", async () => {
    expect(await alice.evaluate(() => window.clockworkWorld!.run(() => game.user!.can("ACTOR_CREATE")))).toBe(false);
    await expect.poll(() => alice.evaluate(() => window.clockworkWorld!.run(() => game.users?.activeGM?.name ?? null))).toBe("Gamemaster");
    const before = await characterIds(gm);
    await showActors(gm);
    await showActors(alice);
    await alice.locator("#actors .cw-new-character").click();

    // The GM's page made it: in the GM's Actors list, owned by Alice alone.
    await expect.poll(async () => (await characterIds(gm)).filter((id) => !before.includes(id))).toHaveLength(1);
    heroId = (await characterIds(gm)).find((id) => !before.includes(id))!;
    const made = (await stored(gm, heroId))!;
    expect(made.name).toBe("Alice's character");
    expect(made.ownership).toEqual({ default: 0, [aliceId]: 3 });
    expect(made.items).toEqual([]);
    await gm.locator(`#actors .directory-item[data-actor-id="${heroId}"]`, { hasText: "Alice's character" }).waitFor();
    // Her note to the GMs records the answer.
    await gm.locator("#chat-log .chat-message", { hasText: "was made, owned by Alice" }).waitFor();
  });

  it("Alice's builder opens on it and she finishes it with the builder's controls", async () => {
    const builder = alice.locator(`#clockwork-builder-${heroId}`);
    await builder.waitFor({ state: "visible" });
    expect(await stepOf(builder)).toBe("concept");
    await builder.locator('input[name="name"]').fill("Tamsin Quill");
    await redrawn(builder, () => builder.locator('input[name="name"]').press("Tab"));
    // The name is kept in the draft on the actor (the character itself waits for the confirm).
    await expect.poll(async () => ((await stored(alice, heroId))?.flags.clockwork?.builderDraft as { build?: { name?: string } } | undefined)?.build?.name).toBe("Tamsin Quill");
    // The window's title follows the typed name.
    expect(await builder.locator(".window-title").textContent()).toBe("Character Builder: Tamsin Quill");
    await next(builder);

    // Skills: the first premade option (no hand allocation).
    await redrawn(builder, () => builder.locator('select[name="mode"]').selectOption("1").then(() => undefined));
    expect(await problems(builder)).toBe(0);
    await next(builder);

    // Species: the first one, then the first offered bonus skills and any choice it asks for.
    await press(builder, "[data-action=pickSpecies]");
    while ((await builder.locator("[data-action=toggleSpeciesSkill]:checked").count()) < 2) await press(builder, "[data-action=toggleSpeciesSkill]:not(:checked)");
    for (const name of ["speciesResistance", "sizeChoice"]) if (await builder.locator(`select[name="${name}"]`).count()) await pickFirst(builder, name);
    while (await problems(builder)) await press(builder, "[data-action=toggleGrant]:not(:checked):not([disabled])");
    await shot(alice, "newchar-species");
    await next(builder);

    await pickFirst(builder, "personalBonus");
    await next(builder);

    // Foci: the first ones, as many as the species asks for.
    while (await problems(builder)) await press(builder, "[data-action=toggleFocus]:not(:checked):not([disabled])");
    await next(builder);
    // Customization: nothing spent (unspent points are allowed).
    expect(await problems(builder)).toBe(0);
    await next(builder);
    // Resistance: every point placed, one at a time, first types first.
    while (await problems(builder)) await raiseFirst(builder);
    await next(builder);
    // Equipment: nothing bought.
    expect(await problems(builder)).toBe(0);
    await next(builder);
    expect(await stepOf(builder)).toBe("review");
    await shot(alice, "newchar-review");
    // Nothing is written to the character before the confirm, as the GM's page sees it.
    expect((await stored(gm, heroId))!.items).toEqual([]);
    await builder.locator("[data-action=confirm]:not([disabled])").click();
    // No customization point was spent: Create asks first (issue 33), and she finishes anyway.
    const ask = alice.locator("dialog.application.dialog:not(.minimizing)", { hasText: "customization points are still unspent" });
    await ask.waitFor({ state: "visible" });
    await ask.locator("button[data-action=yes]").click();
    await builder.waitFor({ state: "detached" });
  });

  it("the finished character is Alice's in both pages, and a reload keeps it", async () => {
    // The confirm ends with her sheet open on it.
    await alice.locator(".application.sheet.character", { hasText: "Tamsin Quill" }).waitFor({ state: "visible" });
    const finished = async (page: Page) => {
      await expect.poll(async () => (await stored(page, heroId))?.flags.clockwork?.builderDraft ?? null).toBeNull();
      const actor = (await stored(page, heroId))!;
      expect(actor.name).toBe("Tamsin Quill");
      expect(actor.ownership).toEqual({ default: 0, [aliceId]: 3 });
      // The species and the foci, as items; the creation record in place of the draft.
      expect(actor.items.filter((i) => i.type === "species")).toHaveLength(1);
      expect(actor.items.filter((i) => i.type === "focus").length).toBeGreaterThan(0);
      expect((actor.flags.clockwork?.creation as { premadeOption?: number } | undefined)?.premadeOption).toBe(1);
      return actor;
    };
    const inGm = await finished(gm);
    expect(await finished(alice)).toEqual(inGm);
    expect(await alice.evaluate((id) => window.clockworkWorld!.run(() => game.actors!.get(id)!.isOwner), heroId)).toBe(true);
    await gm.locator(`#actors .directory-item[data-actor-id="${heroId}"]`, { hasText: "Tamsin Quill" }).waitFor();
    await alice.locator(`#actors .directory-item[data-actor-id="${heroId}"]`, { hasText: "Tamsin Quill" }).waitFor();
    await shot(alice, "newchar-finished");

    // The world is the server's: Alice's reloaded page boots with the finished character, hers.
    await table.reload("Alice");
    expect(await finished(alice)).toEqual(inGm);
    expect(await alice.evaluate((id) => window.clockworkWorld!.run(() => game.actors!.get(id)!.isOwner), heroId)).toBe(true);
    await showActors(alice);
    await alice.locator(`#actors .directory-item[data-actor-id="${heroId}"]`, { hasText: "Tamsin Quill" }).waitFor();
    // And the GM's page, live beside it, still holds the same.
    expect(await finished(gm)).toEqual(inGm);
    for (const user of ["Gamemaster", "Alice"]) expect(table.errors(user)).toEqual([]);
  });
});
