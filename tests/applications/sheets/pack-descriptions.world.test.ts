// @vitest-environment happy-dom
/**
 * Every rules text the compendium packs ship reaches a player enriched (issue 33 item 1): each
 * pack item and actor opened in its sheet by Alice, and each journal page enriched as its
 * reader shows it, holds no raw `@UUID[`, `@Condition[`, `@Rule[` or `[[/` and no link that
 * names nothing (a broken content link).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";

/** What enrichment leaves behind when it did not run (core's and the system's link syntax). */
export const RAW_SYNTAX = /@UUID\[|@Condition\[|@Rule\[|\[\[\//;

let world: World;
let alice: WorldClient;

interface Sheet { element: HTMLElement; render(options: object): Promise<unknown>; close(options?: object): Promise<unknown> }
interface PackDoc { name: string; uuid: string; sheet: Sheet | null; pages?: { contents: { name: string; isOwner: boolean; text?: { content?: string } }[] } }
interface Pack { collection: string; documentName: string; visible: boolean; getDocuments(): Promise<PackDoc[]> }

const packs = (client: WorldClient) => [...(client.game as unknown as { packs: Iterable<Pack> }).packs];
const editor = () => (globalThis as unknown as { foundry: { applications: { ux: { TextEditor: { implementation: { enrichHTML(c: string, o?: object): Promise<string> } } } } } }).foundry.applications.ux.TextEditor.implementation;

/** What is wrong with a rendered text: raw syntax left in it, links that name nothing. */
function faults(html: string): string[] {
  const div = document.createElement("div");
  div.innerHTML = html;
  const out: string[] = [];
  const raw = RAW_SYNTAX.exec(div.textContent ?? "");
  if (raw) out.push(`raw ${raw[0]} in "${(div.textContent ?? "").slice(Math.max(0, raw.index - 40), raw.index + 60)}"`);
  for (const broken of div.querySelectorAll("a.content-link.broken")) out.push(`broken link "${broken.textContent}"`);
  return out;
}

beforeAll(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  alice = world.player("Alice");
}, 60_000);

afterAll(() => world?.close());

describe("the packs' rules texts, as a player reads them", () => {
  it.each(["Item", "Actor"])("every %s in the packs opens in its sheet with its texts enriched", async (documentName) => {
    const problems: string[] = [];
    let opened = 0;
    for (const { collection } of packs(alice).filter((p) => p.documentName === documentName)) {
      // A pack players may not see (the foes) is read by the GM.
      const reader = packs(alice).find((p) => p.collection === collection)!.visible ? alice : world.gm;
      await world.as(reader, async () => {
        const pack = packs(reader).find((p) => p.collection === collection)!;
        for (const doc of await pack.getDocuments()) {
          const sheet = doc.sheet!;
          await sheet.render({ force: true });
          if (!sheet.element) {
            problems.push(`${collection} ${doc.name}: did not open for ${reader.user.name}`);
            continue;
          }
          opened += 1;
          for (const fault of faults(sheet.element.innerHTML)) problems.push(`${collection} ${doc.name}: ${fault}`);
          await sheet.close({ animate: false });
        }
      });
    }
    expect(problems).toEqual([]);
    expect(opened).toBeGreaterThan(documentName === "Item" ? 300 : 10);
  }, 240_000);

  it("every journal page's text is enriched with working links", async () => {
    const problems: string[] = [];
    let pages = 0;
    await world.as(alice, async () => {
      for (const pack of packs(alice).filter((p) => p.documentName === "JournalEntry")) {
        for (const entry of await pack.getDocuments()) {
          for (const page of entry.pages?.contents ?? []) {
            pages += 1;
            const html = await editor().enrichHTML(page.text?.content ?? "", { secrets: page.isOwner, relativeTo: page });
            for (const fault of faults(html)) problems.push(`${entry.name} / ${page.name}: ${fault}`);
          }
        }
      }
    });
    expect(pages).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  }, 60_000);
});
