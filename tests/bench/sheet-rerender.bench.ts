// @vitest-environment happy-dom
/**
 * Issue 9, item 6: a character-sheet re-render after one field edit, for a character with 500
 * items, in the test world with the real ApplicationV2 and sheet class. "current" is what
 * Foundry's render after the write now draws (the header and the active tab); "before issue 9"
 * is what it drew before, every part (header, tabs and five tabs), measured in the same run.
 * Both include building the context. The items are real compendium entries (weapons, armor,
 * gear, spells, foci, features, magic items), cycled to 500.
 */
import { afterAll, bench, describe } from "vitest";
import { createDomWorld } from "../world/applications/dom-world";

const PACKS = ["clockwork.weapons", "clockwork.armor", "clockwork.alchemy", "clockwork.explosives", "clockwork.spells", "clockwork.foci", "clockwork.features", "clockwork.magic-items"];
const ITEMS = 500;
const ALL_PARTS = ["header", "tabs", "main", "equipment", "magic", "features", "biography"];

interface Sheet {
  element: HTMLElement;
  tabGroups: Record<string, string | null>;
  render(options?: object): Promise<unknown>;
}
interface PackLike { getDocuments(): Promise<{ type: string; toObject(): Record<string, unknown> }[]> }

document.body.innerHTML = "";
const world = await createDomWorld();
const game = world.gm.game as unknown as {
  packs: { get(id: string): PackLike };
  actors: { get(id: string): { sheet: Sheet; items: { size: number } } };
};

const pool: Record<string, unknown>[] = [];
for (const id of PACKS) {
  for (const doc of await game.packs.get(id).getDocuments()) {
    if (doc.type === "species") continue;
    const { _id: _drop, ...source } = doc.toObject();
    pool.push(source);
  }
}
const items = Array.from({ length: ITEMS }, (_, i) => ({ ...structuredClone(pool[i % pool.length]), name: `${String(pool[i % pool.length].name)} ${i}` }));
const [actorId] = await world.seed("Actor", [{ name: "Hoarder", type: "character", system: {}, items }]);
await world.settle();
const actor = game.actors.get(actorId);
if (actor.items.size !== ITEMS) throw new Error(`expected ${ITEMS} items, got ${actor.items.size}`);
const sheet = actor.sheet;
await world.as(world.gm, () => sheet.render({ force: true }));

// What `ClientDocument#_onUpdate` passes after one field edit (the luck box).
let luck = 0;
const afterEdit = () => ({ renderContext: "updateActor", renderData: { _id: actorId, system: { luck: { value: (luck = (luck + 1) % 3) } } } });
const options = { time: 4000, warmupTime: 500 };

describe(`character sheet, ${ITEMS} items: re-render after one field edit`, () => {
  bench("current (header + active tab)", async () => {
    await world.as(world.gm, () => sheet.render(afterEdit()));
  }, options);

  bench("before issue 9 (all seven parts)", async () => {
    await world.as(world.gm, () => sheet.render({ ...afterEdit(), parts: ALL_PARTS }));
  }, options);
});

afterAll(() => {
  // The bench is only meaningful if the sheet really was on its main tab with every part drawn.
  const parts = [...sheet.element.querySelectorAll("[data-application-part]")].map((p) => (p as HTMLElement).dataset.applicationPart);
  if (sheet.tabGroups.primary !== "main" || parts.length !== ALL_PARTS.length) throw new Error(`unexpected sheet state: ${sheet.tabGroups.primary} ${parts.join(",")}`);
});
