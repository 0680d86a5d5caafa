/**
 * The XP award's chat card (issue 33) rendered with the real Handlebars and lang/en.json from
 * its context builder: amount, every name, the reason in words and the GM's note; names and
 * notes are text, never markup.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { count, createRenderer, installGameI18n } from "../applications/render-harness";
import { XP_AWARD_CARD_TEMPLATE, xpAwardCardContext } from "../../src/documents/advancement-card";

const renderer = createRenderer();

beforeAll(() => installGameI18n(renderer));

function expectClean(html: string): void {
  expect([...renderer.missingKeys]).toEqual([]);
  expect([...renderer.missingArgs]).toEqual([]);
  expect(html).not.toMatch(/CLOCKWORK\.[A-Z]/);
}

describe("the XP award card", () => {
  it("names who got how much and why, with the note", () => {
    const html = renderer.render(XP_AWARD_CARD_TEMPLATE, xpAwardCardContext({ amount: 3, reason: "essential", note: "held the bridge", names: ["Ada", "Brom"] }));
    expectClean(html);
    expect(html).toContain("Experience awarded");
    expect(html).toMatch(/data-xp-amount="3">3 XP each to<\/p>/);
    expect([...html.matchAll(/<li data-xp-recipient>([^<]*)<\/li>/g)].map((m) => m[1])).toEqual(["Ada", "Brom"]);
    expect(html).toMatch(/data-xp-reason><strong>Why:<\/strong> Essential to the success<\/p>/);
    expect(html).toMatch(/data-xp-note><strong>Note:<\/strong> held the bridge<\/p>/);
  });

  it("says 'to' for one character and leaves out an empty note", () => {
    const html = renderer.render(XP_AWARD_CARD_TEMPLATE, xpAwardCardContext({ amount: 1, reason: "roleplayed", note: "  ", names: ["Ada"] }));
    expectClean(html);
    expect(html).toMatch(/data-xp-amount="1">1 XP to<\/p>/);
    expect(html).toContain("Roleplayed the character");
    expect(count(html, "data-xp-note")).toBe(0);
  });

  it("shows a character's name and the note as text, not markup", () => {
    const html = renderer.render(XP_AWARD_CARD_TEMPLATE, xpAwardCardContext({ amount: 2, reason: "other", note: "<img src=x onerror=alert(1)>", names: ["<b>Ada</b>"] }));
    expectClean(html);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>Ada");
    expect(html).toContain("&lt;b&gt;Ada&lt;/b&gt;");
  });
});
