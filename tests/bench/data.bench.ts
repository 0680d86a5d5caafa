/**
 * Derived data for an actor with 100 items (target: under 2 ms), measured two ways:
 * the pure derivation alone, and a full `prepareData` of a document (items included)
 * in the test world.
 */
import { createWorld } from "../world";
import { bench, describe } from "vitest";
import { deriveActorData } from "../../src/data/actor/derive";
import type { ClockworkActor } from "../../src/documents/actor";
import {
  AMULET_OF_VITALITY, AXE, BODY_8_RANKS, BULWARK, FIRE_FLASK, FOCUS_HISTORY, HUMAN_SCALEMAIL_E31, KITE_SHIELD,
  PIERCING_PROTECTION, SCALEMAIL, STAFF_OF_ARCANA, copy, creature, itemInput, type ItemFixture,
} from "../fixtures/actors";

const ITEM_COUNT = 100;

/** 100 items: species, worn armor and shield, enchantments, artifacts, then foci, gear and weapons. */
function hundredItems(): ItemFixture[] {
  const fixed = copy([...HUMAN_SCALEMAIL_E31.items, KITE_SHIELD, PIERCING_PROTECTION, BULWARK, AMULET_OF_VITALITY, STAFF_OF_ARCANA]);
  const fillers = [FOCUS_HISTORY, AXE, { ...FIRE_FLASK, system: { ...FIRE_FLASK.system, container: "backpack" } }];
  const items = [...fixed];
  for (let i = 0; items.length < ITEM_COUNT; i++) {
    const template = copy(fillers[i % fillers.length]);
    items.push({ ...template, _id: `filler${String(i).padStart(10, "0")}`, name: `${template.name} ${i}` });
  }
  return items;
}

const items = hundredItems();
const system = creature(BODY_8_RANKS, {
  ...HUMAN_SCALEMAIL_E31.system,
  equipped: { mainHand: "", offHand: "", armor: SCALEMAIL._id, shield: KITE_SHIELD._id },
});
const inputs = items.map(itemInput);

await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }] });
const ActorClass = CONFIG.Actor.documentClass as unknown as new (data: object) => ClockworkActor;
const actor = new ActorClass({ name: "Hundred", type: "character", system: copy(system), items: copy(items) });
if (actor.items.size !== ITEM_COUNT) throw new Error(`expected ${ITEM_COUNT} items, got ${actor.items.size}`);

describe(`derived data, ${ITEM_COUNT} items`, () => {
  bench("deriveActorData (pure)", () => {
    deriveActorData(system as never, inputs, { kind: "character" });
  });

  bench("actor.prepareData (document, items included)", () => {
    actor.prepareData();
  });
});
