/**
 * Rules text with links, as a player reads it in the builder (issue 33 item 1): Alice starts a
 * character and opens the rules text of a focus that names its spells. The text shows content
 * links named after the spells (no `@UUID[…]` syntax, no long ids), stays inside the builder's
 * column, and a click on a link opens that spell's sheet. Screenshots in both themes:
 * artifacts/screenshots/e2e-rules-links-{dark,light}.png.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, SHOT_DIR } from "./harness";
import { openTable, type Table } from "./two-pages";
import { join } from "node:path";

const RAW = /@UUID\[|@Condition\[|@Rule\[|\[\[\//;

describe("rules text with links in the builder", () => {
  let browser: Browser;
  let table: Table;
  let alice: Page;
  let builder: Locator;
  let rules: Locator;

  beforeAll(async () => {
    browser = await launch();
    table = await openTable(browser, { users: ["Gamemaster", "Alice"] });
    alice = table.page("Alice");
    await alice.click("#sidebar-tabs [data-tab=actors]");
    await alice.locator("#actors .cw-new-character").click();
    builder = alice.locator(".application[id^=clockwork-builder-]");
    await builder.waitFor({ state: "visible" });
    await builder.locator("[data-action=goto][data-step=foci]").click();
    await builder.locator("section.cw-builder-step[data-step=foci]:not([hidden])").waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows a focus' spells as named links that fit the column", async () => {
    const focus = builder.locator("section[data-step=foci] label", { hasText: "Aeromancer" }).first();
    rules = focus.locator("xpath=following-sibling::details[contains(@class, 'cw-builder-rules')][1]");
    await rules.locator("summary").click();
    const links = rules.locator("a.content-link[data-uuid^='Compendium.clockwork.spells.Item.']");
    await links.first().waitFor({ state: "visible" });
    expect(await links.count()).toBeGreaterThan(2);
    expect(await rules.locator("a.content-link.broken").count()).toBe(0);
    // Named after the spells, as the player reads them.
    const names = await links.allTextContents();
    for (const name of names) expect(name.trim()).toMatch(/^[A-Z][\w' -]+$/);
    expect(RAW.test((await builder.textContent()) ?? "")).toBe(false);
    // Nothing in the step is wider than its column.
    const overflowing = await builder.evaluate((el) => [...el.querySelectorAll<HTMLElement>(".window-content, section[data-step=foci], details.cw-builder-rules[open], details.cw-builder-rules[open] *")]
      // Visually hidden labels are clipped to one pixel on purpose.
      .filter((node) => node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 1 && getComputedStyle(node).display !== "inline")
      .map((node) => `${node.tagName.toLowerCase()}.${[...node.classList].join(".")} ${node.scrollWidth} > ${node.clientWidth}`));
    expect(overflowing).toEqual([]);
    // The builder's own scroller brings the text into view (the window stays where it is).
    await rules.evaluate((el) => {
      let scroller = el.parentElement;
      while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
      if (scroller) scroller.scrollTop += el.getBoundingClientRect().top - scroller.getBoundingClientRect().top - scroller.clientHeight / 3;
    });
    for (const theme of ["dark", "light"] as const) {
      await alice.evaluate((t) => {
        document.body.classList.toggle("theme-dark", t === "dark");
        document.body.classList.toggle("theme-light", t === "light");
      }, theme);
      await builder.screenshot({ path: join(SHOT_DIR, `e2e-rules-links-${theme}.png`) });
    }
  });

  it("opens the spell a link names", async () => {
    const link = rules.locator("a.content-link").first();
    const name = (await link.textContent())!.trim();
    await link.click();
    await alice.locator(".application.sheet.item", { hasText: name }).first().waitFor({ state: "visible" });
    expect(table.errors("Alice")).toEqual([]);
  });

  it("the Getting Started reader shows its links, and one opens the rules page it names", async () => {
    // The board lies under the open windows: the button is pressed where it is.
    await alice.locator(".board-guide").dispatchEvent("click");
    const guide = alice.locator(".journal-viewer").first();
    await guide.locator("a.content-link").first().waitFor({ state: "visible" });
    expect(RAW.test((await guide.textContent()) ?? "")).toBe(false);
    expect(await guide.locator("a.content-link.broken").count()).toBe(0);
    await guide.locator("a.content-link", { hasText: "Rolling Dice" }).first().click();
    await alice.locator("#journal-PpO7cce5ngbuEVNm .journal-page-content h2", { hasText: "Rolling Dice" }).waitFor({ state: "visible" });
    expect(table.errors("Alice")).toEqual([]);
  });
});
