// @vitest-environment happy-dom
/**
 * The death-roll tray on a dying character's sheet (issue 19 item 7): the rolls so far, what
 * happens next in words, what an ally can do, and the roll button only while a roll is owed.
 * The context from the combat layer, rendered through the real templates and lang/en.json.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deathTrayContext, DEATH_TRAY_TEMPLATE } from "../../src/combat/death-tray";
import { PARTIALS } from "../../src/applications/handlebars";
import { ROOT, createRenderer } from "../applications/render-harness";
import { join } from "node:path";

const lang = JSON.parse(readFileSync(join(ROOT, "lang", "en.json"), "utf8")) as Record<string, unknown>;
const lookup = (key: string): string => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], lang) as string ?? key;
const fill = (key: string, data: Record<string, unknown>) => lookup(key).replace(/\{(\w+)\}/g, (_, k: string) => String(data[k]));

beforeAll(() => {
  (globalThis as unknown as { game: object }).game = { i18n: { localize: lookup, format: fill } };
});
afterAll(() => {
  delete (globalThis as { game?: unknown }).game;
});

describe("death-roll tray", () => {
  const renderer = createRenderer();
  const render = (context: object) => {
    const div = document.createElement("div");
    div.innerHTML = renderer.render(DEATH_TRAY_TEMPLATE, context);
    return div;
  };

  it("is the partial the sheet includes", () => {
    expect(PARTIALS["cw-death-tray"]).toBe(DEATH_TRAY_TEMPLATE);
  });

  it("lists the rolls so far, says what comes next and what allies can do; no button while nothing is owed", () => {
    const html = render(deathTrayContext("Ada", { wounds: 3, woundsLeft: 4, fatalWounds: [1, 0], owed: false }));
    expect([...html.querySelectorAll(".cw-death-tray__rolls li")].map((li) => li.textContent)).toEqual(["Roll 1: 1 fatal wounds", "Roll 2: 0 fatal wounds"]);
    expect(html.querySelector(".cw-death-tray__next")!.textContent).toBe("Ada rolls again at the start of each turn and when damaged; 4 more wounds and Ada dies.");
    expect(html.querySelector(".cw-death-tray__allies")!.textContent).toBe("An ally can Stabilize Ada: a Medicine check needing 3 gains or more.");
    expect(html.querySelector("[data-action=rollDeathTray]")).toBeNull();
    expect([...renderer.missingKeys]).toEqual([]);
  });

  it("a death roll owed: says so and offers the roll button", () => {
    const html = render(deathTrayContext("Ada", { wounds: 3, woundsLeft: 4, fatalWounds: [], owed: true }));
    expect(html.textContent).toContain("No death roll yet.");
    expect(html.querySelector(".cw-death-tray__next")!.textContent).toBe("A death roll is owed now. 4 more wounds and Ada dies.");
    expect(html.querySelector("[data-action=rollDeathTray]")!.textContent!.trim()).toBe("Make the death roll");
    expect([...renderer.missingKeys]).toEqual([]);
  });
});
