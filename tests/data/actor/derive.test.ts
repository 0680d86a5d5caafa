/**
 * Derived actor data from plain inputs (no Foundry). Expected numbers are worked out by hand
 * from the book's tables in each test's comment.
 */
import { describe, expect, it } from "vitest";
import { deriveActorData } from "../../../src/data/actor/derive";
import {
  AMULET_OF_VITALITY, AMULET_OF_WIZARDRY, BODY_8_RANKS, BULWARK, DWARF, FIRE_FLASK, FOCUS_HISTORY, FRAG_GRENADE,
  GNOLL, GRAVITY_REDUCTION, HEALTH_POTION, HUMAN_SCALEMAIL_E31, LEATHER, MYCORREAN, ORC_E30, PIERCING_PROTECTION,
  PLATEMAIL, SCALEMAIL, SLASHING_PROTECTION, STAFF_OF_ARCANA, TOWER_SHIELD, copy, creature, deriveInputs, itemInput,
  type ActorFixture, type ItemFixture,
} from "../../fixtures/actors";

function derive(actor: ActorFixture, kind: "character" | "npc" = "character") {
  const [source, items] = deriveInputs(actor);
  return deriveActorData(source, items, { kind });
}

function totals(actor: ActorFixture) {
  const { resistances } = derive(actor);
  return Object.fromEntries(Object.entries(resistances).map(([type, row]) => [type, row.total]));
}

function withItems(actor: ActorFixture, ...items: ItemFixture[]): ActorFixture {
  const next = copy(actor);
  next.items.push(...copy(items));
  return next;
}

describe("the book's Orc (E30)", () => {
  const derived = derive(ORC_E30);

  it("keeps every base 2 and adds the Orc's +1 slashing: B2 L4 N3 P3 S6 X2", () => {
    const species = Object.fromEntries(Object.entries(derived.resistances).map(([t, r]) => [t, r.species]));
    expect(species).toEqual({ ballistic: 2, blunt: 4, energy: 3, piercing: 3, slashing: 6, explosive: 2 });
    expect(totals(ORC_E30)).toEqual(species);
  });

  it("has Body 8, so 4 Body points + 3 Medium points, all spent", () => {
    expect(derived.attributes.body).toBe(8);
    expect(derived.resistancePoints).toEqual({ available: 7, allocated: 7, remaining: 0 });
  });

  it("derives attributes, grit, mana, movement and defense from the tables", () => {
    // Magic: all 12 → 24 → 5; Mind: 9 + 10 = 19 → 7; Spirit: 8 + 10 = 18 → 7.
    expect(derived.attributes).toEqual({ body: 8, magic: 5, mind: 7, spirit: 7 });
    // Medium base grit 5 + Stamina 7 bonus 3.
    expect(derived.health.grit).toBe(8);
    expect(derived.mana.max).toBe(6);
    // Unarmored 12 + (12 − Agility 9) = 15 → Run 7, Walk 3.
    expect(derived.movement).toEqual({ score: 15, walk: 3, run: 7 });
    // Medium base 3; Agility 9 dodges +2; no shield.
    expect(derived.defense).toEqual({ base: 3, dodge: 2, block: 0 });
    expect(derived.reach).toBe(1);
    expect(derived.maxArmor).toBe("medium");
    expect(derived.encumbrance).toBe("none");
  });

  it("marks the two species picks and the personal bonus skill, each adding a die", () => {
    const bonus = Object.entries(derived.skills).filter(([, s]) => s.bonus).map(([k]) => k);
    expect(bonus.sort()).toEqual(["stamina", "strength", "will"]);
    expect(derived.skills.strength.dice).toBe(9);
    expect(derived.skills.accuracy.dice).toBe(8);
    expect(derived.skills.will.dice).toBe(8);
    expect(derived.skills.strength.diceWithFocus).toBe(10);
  });
});

describe("the book's Human in Scalemail (E31)", () => {
  const derived = derive(HUMAN_SCALEMAIL_E31);

  it("adds the armor to the species shares: B5 L9 N7 P8 S10 X5", () => {
    expect(totals(HUMAN_SCALEMAIL_E31)).toEqual({ ballistic: 5, blunt: 9, energy: 7, piercing: 8, slashing: 10, explosive: 5 });
    expect(derived.resistances.slashing).toEqual({ species: 4, armor: 6, total: 10 });
  });

  it("moves and dodges as heavy armor and is encumbered at Strength 7", () => {
    // Heavy 4 + (12 − 9) = 7 → Run 5, Walk 2; dodge 2 − 2 (heavy, RULING 3) = 0.
    expect(derived.movement).toEqual({ score: 7, walk: 2, run: 5 });
    expect(derived.defense.dodge).toBe(0);
    expect(derived.armorWeight).toBe("heavy");
    expect(derived.encumbrance).toBe("encumbered");
  });

  it("states what the Scalemail costs for the sheet's warning (issue 33): its numbers and the unarmored ones", () => {
    // Unarmored 12 + 3 = 15 → Run 7, Walk 3; dodge +2.
    expect(derived.armorBurden).toEqual({
      armor: "heavy", maxArmor: "medium", encumbrance: "encumbered",
      worn: { walk: 2, run: 5, dodge: 0, canRun: false, canWalk: true },
      without: { walk: 3, run: 7, dodge: 2, canRun: true, canWalk: true },
    });
    const unworn = copy(HUMAN_SCALEMAIL_E31);
    unworn.system.equipped.armor = "";
    expect(derive(unworn).armorBurden).toBeNull();
    expect(derive(withItems(HUMAN_SCALEMAIL_E31, GRAVITY_REDUCTION)).armorBurden).toBeNull();
  });

  it("ignores armor that is owned but not worn", () => {
    const unworn = copy(HUMAN_SCALEMAIL_E31);
    unworn.system.equipped.armor = "";
    expect(derive(unworn).resistances.slashing).toEqual({ species: 4, armor: 0, total: 4 });
  });

  it("ignores an equipped id whose item no longer exists", () => {
    const stale = copy(HUMAN_SCALEMAIL_E31);
    stale.items = stale.items.filter((i) => i._id !== SCALEMAIL._id);
    expect(derive(stale).armorWeight).toBe("none");
  });
});

describe("magic armor on the worn armor", () => {
  it("adds a protection enchantment, capping the armor's own value at 6 (RULING 83)", () => {
    const derived = derive(withItems(HUMAN_SCALEMAIL_E31, PIERCING_PROTECTION, SLASHING_PROTECTION));
    expect(derived.resistances.piercing).toEqual({ species: 4, armor: 5, total: 9 });
    expect(derived.resistances.slashing).toEqual({ species: 4, armor: 6, total: 10 });
  });

  it("counts enchantments only while their armor is worn", () => {
    const actor = withItems(HUMAN_SCALEMAIL_E31, LEATHER, PIERCING_PROTECTION, BULWARK);
    actor.system.equipped.armor = LEATHER._id;
    const derived = derive(actor);
    expect(derived.resistances.piercing.armor).toBe(4);
    expect(derived.health.vitalsMax).toBe(6);
  });

  it("Bulwark adds a vital", () => {
    expect(derive(withItems(HUMAN_SCALEMAIL_E31, BULWARK)).health.vitalsMax).toBe(7);
  });

  it("Gravity Reduction makes the armor count one class lighter", () => {
    // Heavy counts as medium: Strength 7 carries it; medium row 8 + 3 = 11 → Run 6; dodge 2 − 1.
    const derived = derive(withItems(HUMAN_SCALEMAIL_E31, GRAVITY_REDUCTION));
    expect(derived.encumbrance).toBe("none");
    expect(derived.movement).toEqual({ score: 11, walk: 3, run: 6 });
    expect(derived.defense.dodge).toBe(1);
  });
});

describe("species traits", () => {
  it("a Dwarf in Platemail with a tower shield moves as medium and keeps a dodge", () => {
    const ranks = { ...BODY_8_RANKS, agility: 8, strength: 6, stamina: 8 };
    const dwarf: ActorFixture = {
      name: "Dwarf",
      type: "character",
      system: creature(ranks, { equipped: { mainHand: "", offHand: "", armor: PLATEMAIL._id, shield: TOWER_SHIELD._id } }),
      items: copy([DWARF, PLATEMAIL, TOWER_SHIELD]),
    };
    const derived = derive(dwarf);
    // Heavier of heavy/heavy, one class lighter = medium: 8 + (12 − 8) = 12 → Run 7, Walk 3.
    expect(derived.movement).toEqual({ score: 12, walk: 3, run: 7 });
    // Agility 8 → 3, heavy penalty 2 reduced by 1 → 2; heavy shield blocks +5.
    expect(derived.defense).toEqual({ base: 3, dodge: 2, block: 5 });
    expect(derived.maxArmor).toBe("heavy");
    expect(derived.encumbrance).toBe("none");
    expect(derived.resistances.blunt.species).toBe(3);
  });

  it("a Gnoll runs one space further and walks half of that", () => {
    const gnoll: ActorFixture = { name: "Gnoll", type: "character", system: creature(BODY_8_RANKS), items: copy([GNOLL]) };
    expect(derive(gnoll).movement).toEqual({ score: 15, walk: 4, run: 8 });
  });

  it("a Mycorrean uses its chosen size, and only a size the species offers", () => {
    const large: ActorFixture = { name: "Myco", type: "character", system: creature(BODY_8_RANKS, { sizeChoice: "large" }), items: copy([MYCORREAN]) };
    const derived = derive(large);
    // Large: base grit 6 + 3, defense 2, reach 2, movement +1, 4 size points.
    expect(derived.size).toBe("large");
    expect(derived.health.grit).toBe(9);
    expect(derived.defense.base).toBe(2);
    expect(derived.reach).toBe(2);
    expect(derived.movement.score).toBe(16);
    expect(derived.resistancePoints.available).toBe(8);
    const huge = copy(large);
    huge.system.sizeChoice = "huge";
    expect(derive(huge).size).toBe("medium");
  });

  it("a creature without a species is Medium with no species bonus", () => {
    const derived = derive({ name: "Nobody", type: "character", system: creature(), items: [] });
    expect(derived.size).toBe("medium");
    expect(derived.species).toBeNull();
    expect(Object.values(derived.resistances).every((r) => r.total === 2)).toBe(true);
  });
});

describe("health, vitals and magic items", () => {
  it("loses dice on Body skills only once three or fewer vitals remain", () => {
    const hurt: ActorFixture = { name: "Hurt", type: "character", system: creature(BODY_8_RANKS), items: [] };
    hurt.system.health.vitalsLost = 4;
    const derived = derive(hurt);
    expect(derived.health).toMatchObject({ vitalsMax: 6, vitalsRemaining: 2, penalty: 2, value: 2, max: 6 });
    expect(derived.skills.strength.dice).toBe(6);
    expect(derived.skills.knowledge.dice).toBe(7);
    hurt.system.health.vitalsLost = 2;
    expect(derive(hurt).skills.strength.dice).toBe(8);
  });

  it("shrinks boxes by wounds", () => {
    const wounded: ActorFixture = { name: "Wounded", type: "character", system: creature(BODY_8_RANKS), items: [] };
    wounded.system.health.wounds = 3;
    expect(derive(wounded).health).toMatchObject({ grit: 8, capacity: 5 });
  });

  it("adds vitals and mana from equipped artifacts only", () => {
    const actor: ActorFixture = { name: "Mage", type: "character", system: creature(), items: copy([AMULET_OF_VITALITY, AMULET_OF_WIZARDRY]) };
    expect(derive(actor).health.vitalsMax).toBe(7);
    expect(derive(actor).mana.max).toBe(12);
    actor.items.forEach((i) => (i.system.equipped = false));
    expect(derive(actor).health.vitalsMax).toBe(6);
    expect(derive(actor).mana.max).toBe(6);
  });

  it("marks foci by skill, including a staff's focus", () => {
    const actor: ActorFixture = { name: "Sage", type: "character", system: creature(), items: copy([FOCUS_HISTORY, STAFF_OF_ARCANA]) };
    const derived = derive(actor);
    expect(derived.skills.knowledge).toMatchObject({ focus: true, foci: ["History"] });
    expect(derived.skills.spellcraft.focus).toBe(true);
    expect(derived.skills.perception.focus).toBe(false);
  });

  it("counts belt and bandolier slots by quantity", () => {
    const actor: ActorFixture = { name: "Grenadier", type: "character", system: creature(), items: copy([HEALTH_POTION, FIRE_FLASK, FRAG_GRENADE]) };
    expect(derive(actor).carry).toEqual({ belt: { used: 3, max: 3 }, bandolier: { used: 3, max: 3 } });
  });
});

describe("NPCs", () => {
  it("use their stored vitals, minion flag and overrides", () => {
    const npc: ActorFixture = { name: "Wolf", type: "npc", system: creature(BODY_8_RANKS, { vitalsMax: 3, minion: false }), items: [] };
    npc.system.resistanceOverride = { ballistic: null, blunt: 4, energy: null, piercing: null, slashing: 7, explosive: null };
    npc.system.defenseOverride = 5;
    const derived = derive(npc, "npc");
    expect(derived.health.vitalsMax).toBe(3);
    expect(derived.resistances.slashing.total).toBe(7);
    expect(derived.resistances.blunt.total).toBe(4);
    expect(derived.resistances.energy.total).toBe(2);
    expect(derived.defense.base).toBe(5);
    npc.system.minion = true;
    expect(derive(npc, "npc").health.vitalsMax).toBe(1);
  });

  it("ignore NPC-only fields on characters", () => {
    const pc: ActorFixture = { name: "PC", type: "character", system: creature(BODY_8_RANKS, { vitalsMax: 3, defenseOverride: 9 }), items: [] };
    const derived = derive(pc, "character");
    expect(derived.health.vitalsMax).toBe(6);
    expect(derived.defense.base).toBe(3);
  });
});

describe("inputs", () => {
  it("reports the species it used", () => {
    expect(derive(ORC_E30).species).toEqual({ id: "speciesOrc000001", name: "Orc", identifier: "orc" });
  });

  it("rejects an impossible rank through the rules core, naming the value", () => {
    const bad = copy(ORC_E30);
    bad.system.skills.strength.rank = 13;
    expect(() => derive(bad)).toThrow(RangeError);
    expect(() => derive(bad)).toThrow(/13/);
  });

  it("treats item inputs as data, not documents", () => {
    expect(itemInput(SCALEMAIL)).toEqual({ id: SCALEMAIL._id, name: "Scalemail", identifier: "", type: "armor", system: SCALEMAIL.system });
  });
});
