/**
 * A spell table's choices and what a choice makes (pure): the dialog's context, the card's
 * record and a companion's actor data. The card's button (./spell-tables) and the GM's check of
 * a companion request (./companion-guard) both resolve a choice here.
 */
import { localize } from "../foundry";
import {
  ANIMAL_ROWS, CALL_OF_THE_WILD_ANIMALS, CALL_OF_THE_WILD_STATS, animalCompanion, animalRowsFor, golemCompanion,
  type CompanionStats,
} from "../rules/companion-stats";
import {
  GOLEM_MATERIALS, GOLEM_RUNES, GOLEM_SIZE_COST, ILLUSION_COMPLEXITIES, ILLUSION_MOVEMENTS, ILLUSION_SIZES, SHAPESHIFT_ASPECTS,
  callOfTheWildRow, illusionCost, itemPersonality,
  type GolemMaterial, type GolemRunes, type IllusionComplexity, type IllusionMovement, type IllusionSize, type Size,
} from "../rules";
import type { CastCardData, CastTableUse } from "./card";

/** What the user picks from a table (Awaken Item needs nothing: it rolls). */
export interface TableChoice {
  /** The companion's name (default: the animal's or the golem's). */
  name?: string;
  animal?: string;
  material?: string;
  size?: string;
  runes?: string;
  movement?: string;
  complexity?: string;
  aspect?: string;
}

const option = (key: string, labelKey: string, extra: Record<string, unknown> = {}) => ({ key, labelKey, ...extra });

/** The dialog's template context for a card's table (pure). */
export function spellTableContext(data: Pick<CastCardData, "spell" | "gains">) {
  const table = data.spell.table;
  // Companions get a name field.
  const base = { table, gains: data.gains, hintKey: `CLOCKWORK.Magic.Card.Table.${table}`, named: table === "callOfTheWild" || table === "golemancy" };
  if (table === "callOfTheWild") {
    const reach = animalRowsFor(data.gains);
    return {
      ...base, rowKey: `CLOCKWORK.Magic.Table.CallOfTheWild.${callOfTheWildRow(data.gains)}`,
      rows: ANIMAL_ROWS.filter((row) => reach.includes(row)).map((row) => {
        const stats = CALL_OF_THE_WILD_STATS[row];
        return {
          labelKey: `CLOCKWORK.Magic.Table.Row.${row}`,
          // The biggest row the gains reach is picked first (the caster rarely wants less).
          animals: Object.entries(CALL_OF_THE_WILD_ANIMALS[row]).map(([key, attack], i) => option(key, `CLOCKWORK.Magic.Table.Animal.${key}`, {
            attackKey: `CLOCKWORK.Magic.Table.Attack.${attack}`, dice: stats.dice, sizeKey: `CLOCKWORK.Size.${stats.size}`, selected: i === 0 && row === reach.at(-1),
          })),
        };
      }),
    };
  }
  if (table === "golemancy") {
    return {
      ...base,
      materials: Object.entries(GOLEM_MATERIALS).map(([key, cost]) => option(key, `CLOCKWORK.Magic.Table.Golem.Material.${key}`, { cost })),
      sizes: Object.entries(GOLEM_SIZE_COST).map(([key, cost]) => option(key, `CLOCKWORK.Size.${key}`, { cost, selected: key === "medium" })),
      runes: Object.entries(GOLEM_RUNES).map(([key, cost]) => option(key, `CLOCKWORK.Magic.Table.Golem.Runes.${key}`, { cost })),
    };
  }
  if (table === "illusion") {
    return {
      ...base,
      sizes: Object.entries(ILLUSION_SIZES).map(([key, cost]) => option(key, `CLOCKWORK.Magic.Table.Illusion.Size.${key}`, { cost })),
      movements: Object.entries(ILLUSION_MOVEMENTS).map(([key, cost]) => option(key, `CLOCKWORK.Magic.Table.Illusion.Movement.${key}`, { cost })),
      complexities: Object.entries(ILLUSION_COMPLEXITIES).map(([key, cost]) => option(key, `CLOCKWORK.Magic.Table.Illusion.Complexity.${key}`, { cost })),
    };
  }
  if (table === "shapeshift") {
    return { ...base, aspects: SHAPESHIFT_ASPECTS.map((key) => option(key, `CLOCKWORK.Magic.Table.Aspect.${key}`, { bonusKey: `CLOCKWORK.Magic.Table.AspectBonus.${key}` })) };
  }
  return base;
}

export type SpellTableContext = ReturnType<typeof spellTableContext>;

/** An NPC's system data and natural attack from a companion's numbers (pure). */
export function companionSource(stats: CompanionStats, attackName: string): { system: Record<string, unknown>; items: Record<string, unknown>[] } {
  const resistance = Object.fromEntries(["ballistic", "blunt", "energy", "piercing", "slashing", "explosive"].map((type) => [type, stats.resistance]));
  const system: Record<string, unknown> = {
    skills: Object.fromEntries(Object.entries(stats.ranks).map(([skill, rank]) => [skill, { rank }])),
    sizeChoice: stats.size,
    vitalsMax: stats.vitalsMax,
    resistanceOverride: resistance,
    mana: { value: stats.mana },
  };
  const items = stats.attack ? [{
    name: attackName, type: "weapon",
    system: { identifier: stats.attack.key, category: "melee", group: "unarmed", hands: "none", counters: 2, damage: { dice: stats.attack.dice, types: [stats.attack.type] } },
  }] : [];
  return { system, items };
}

/** What a choice makes of the table: the card's record and, for a companion, its actor (throws a RangeError on a choice the table refuses). */
export function resolveTableChoice(data: Pick<CastCardData, "spell" | "gains" | "tableUse">, choice: TableChoice, face?: number): { use: CastTableUse; companion?: { name: string; stats: CompanionStats; attackKey: string | null; runes: GolemRunes } } {
  const use: CastTableUse = { ...(data.tableUse ?? {}) };
  const name = (choice.name ?? "").trim();
  switch (data.spell.table) {
    case "callOfTheWild": {
      const animal = String(choice.animal ?? "");
      const stats = animalCompanion(animal, data.gains);
      return { use, companion: { name: name || localize(`CLOCKWORK.Magic.Table.Animal.${animal}`), stats, attackKey: stats.attack?.key ?? null, runes: "none" } };
    }
    case "golemancy": {
      const design = { material: choice.material as GolemMaterial, size: choice.size as Size, runes: (choice.runes || "none") as GolemRunes };
      const stats = golemCompanion(design, data.gains);
      return { use, companion: { name: name || localize("CLOCKWORK.Magic.Table.Golem.Name", { material: localize(`CLOCKWORK.Magic.Table.Golem.Material.${design.material}`) }), stats, attackKey: null, runes: stats.runes } };
    }
    case "itemPersonality":
      use.personalities = [...(use.personalities ?? []), itemPersonality(face ?? 0)];
      return { use };
    case "illusion": {
      const design = { size: choice.size as IllusionSize, movement: choice.movement as IllusionMovement, complexity: choice.complexity as IllusionComplexity };
      const cost = illusionCost(design);
      if (cost > data.gains) throw new RangeError(`the illusion costs ${cost} gains, more than the ${data.gains} rolled (§1.40)`);
      use.illusion = { ...design, cost };
      return { use };
    }
    case "shapeshift": {
      const aspect = String(choice.aspect ?? "");
      if (!(SHAPESHIFT_ASPECTS as readonly string[]).includes(aspect)) throw new RangeError(`${aspect} is not an aspect of §1.41`);
      use.aspect = aspect;
      return { use };
    }
    default:
      throw new RangeError(`${data.spell.identifier} has no book table`);
  }
}
