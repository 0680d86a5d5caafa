// @vitest-environment happy-dom
/**
 * The world's `TextEditor.enrichHTML` against core v13's (client/applications/ux/text-editor.mjs):
 * content links to world and compendium documents (named from the document, or broken), the
 * legacy link forms, the system's registered enrichers, inline rolls, secrets for non-owners,
 * and core's click listener opening what a link names.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, queueFaces, type World, type WorldClient } from "../index";
import { createSeededDomWorld } from "./dom-world";
import { appear } from "../wait";
import { ADA_ID } from "../browser/seed";
import { documents, named } from "../../packs/load-sources";
import { RULES_JOURNAL } from "../../../src/enrichers/syntax";

let world: World;
let gm: WorldClient;
let alice: WorldClient;

const BREATH = named("spells", "Breath of Fire");
const BREATH_UUID = `Compendium.clockwork.spells.Item.${BREATH._id}`;

type Editor = { enrichHTML(content: string, options?: object): Promise<string>; activateListeners(): void };
const editor = () => (globalThis as unknown as { foundry: { applications: { ux: { TextEditor: { implementation: Editor } } } } }).foundry.applications.ux.TextEditor.implementation;

/** The enriched HTML as `client` sees it, parsed. */
async function enrich(client: WorldClient, content: string, options: object = {}): Promise<HTMLElement> {
  const html = await world.as(client, () => editor().enrichHTML(content, options));
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

beforeEach(async () => {
  world = await createSeededDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
}, 60_000);

afterEach(() => {
  clearQueuedFaces();
  world.close();
});

describe("TextEditor.enrichHTML", { timeout: 30_000 }, () => {
  it("makes a compendium UUID a content link named from the entry, or from its label", async () => {
    const div = await enrich(alice, `<p>Cast @UUID[${BREATH_UUID}] or @UUID[${BREATH_UUID}]{the breath}.</p>`);
    const [plain, labelled] = [...div.querySelectorAll<HTMLAnchorElement>("a.content-link")];
    expect(plain.textContent).toBe("Breath of Fire");
    expect(labelled.textContent).toBe("the breath");
    for (const a of [plain, labelled]) {
      expect(a.getAttribute("data-link")).toBe("");
      expect(a.dataset).toMatchObject({ uuid: BREATH_UUID, id: BREATH._id, type: "Item", pack: "clockwork.spells" });
      expect(a.getAttribute("draggable")).toBe("true");
      expect(a.querySelector("i")?.className).toBe("fa-solid fa-suitcase");
    }
    expect(div.textContent).toBe("Cast Breath of Fire or the breath.");
  });

  it("links world documents and journal pages, and marks a UUID that names nothing as broken", async () => {
    const reference = documents("rules").find((d) => d.name === "Rules Reference")!;
    const page = `${RULES_JOURNAL}.JournalEntryPage.${reference.pages![0]._id}`;
    const div = await enrich(alice, `@UUID[Actor.${ADA_ID}] @UUID[${page}]{the rules} @UUID[Actor.missingActor0001]{Nobody}`);
    const [ada, rules, broken] = [...div.querySelectorAll<HTMLAnchorElement>("a.content-link")];
    expect(ada.textContent).toBe("Ada");
    expect(ada.dataset.uuid).toBe(`Actor.${ADA_ID}`);
    expect(ada.querySelector("i")?.className).toBe("fa-solid fa-user");
    expect(rules.dataset).toMatchObject({ uuid: page, type: "JournalEntryPage" });
    expect(broken.classList.contains("broken")).toBe(true);
    expect(broken.hasAttribute("data-link")).toBe(false);
    expect(broken.hasAttribute("draggable")).toBe(false);
    expect(broken.querySelector("i")?.className).toBe("fa-solid fa-link-slash");
    expect(broken.textContent).toBe("Nobody");
  });

  it("resolves the legacy @Actor[name] and @Compendium[pack.id] forms v13 still reads", async () => {
    const div = await enrich(gm, `@Actor[Ada] @Compendium[clockwork.spells.${BREATH._id}] @Item[No Such Thing]`);
    const [ada, spell, missing] = [...div.querySelectorAll<HTMLAnchorElement>("a.content-link")];
    expect(ada.textContent).toBe("Ada");
    expect(ada.dataset.uuid).toBe(`Actor.${ADA_ID}`);
    expect(spell.textContent).toBe("Breath of Fire");
    expect(spell.dataset).toMatchObject({ uuid: BREATH_UUID, pack: "clockwork.spells", id: BREATH._id });
    expect(missing.classList.contains("broken")).toBe(true);
  });

  it("runs the system's registered enrichers: conditions, rules and roll links", async () => {
    const div = await enrich(alice, "<p>@Condition[prone], @Rule[dice]{dice} and [[/check perception hard]] or [[/damage 3 energy]].</p>");
    expect(div.querySelectorAll("a.content-link.cw-enricher-link")).toHaveLength(2);
    expect(div.querySelector<HTMLElement>("a.cw-enricher--check")?.dataset).toMatchObject({ skill: "perception", difficulty: "hard" });
    expect(div.querySelector<HTMLElement>("a.cw-enricher--damage")?.dataset).toMatchObject({ dice: "3", damageType: "energy" });
    expect(div.innerHTML).not.toMatch(/@Condition\[|@Rule\[|\[\[\//);
  });

  it("rolls [[formula]] at once and makes [[/r formula]] a link to roll", async () => {
    queueFaces(7, 4);
    const div = await enrich(alice, "Roll [[2d12]] or [[/gmr 3d12 # Sneaking]]{Sneak}.");
    const result = div.querySelector<HTMLElement>("a.inline-roll.inline-result")!;
    expect(result.textContent).toBe("11");
    expect(result.dataset.tooltip).toBe("2d12");
    const deferred = div.querySelector<HTMLElement>("a.inline-roll.gmroll")!;
    expect(deferred.dataset).toMatchObject({ mode: "gmroll", formula: "3d12", flavor: "Sneaking" });
    expect(deferred.textContent).toBe("Sneak");
  });

  it("removes secret blocks unless asked to keep them, and wraps the kept ones", async () => {
    const text = `<p>Open.</p><section class="secret"><p>Hidden.</p></section>`;
    expect((await enrich(alice, text)).textContent).toBe("Open.");
    const kept = await enrich(alice, text, { secrets: true });
    expect(kept.querySelector("secret-block > section.secret")?.textContent).toBe("Hidden.");
  });

  it("opens what a content link names when it is clicked (core's listener)", async () => {
    const div = await enrich(alice, `@UUID[${BREATH_UUID}]`);
    document.body.append(div);
    await world.as(alice, async () => {
      editor().activateListeners();
      div.querySelector<HTMLElement>("a.content-link")!.click();
      await appear(`[id*="${BREATH._id}"]`, document.body);
    });
    expect(document.querySelector(`[id*="${BREATH._id}"] [name="name"], [id*="${BREATH._id}"]`)?.textContent).toContain("Breath of Fire");
  });
});
