/**
 * The book's spell tables from the casting card (issue 11 item 8, tables 1.37–1.41): the card of a
 * successful Call of the Wild, Golemancy, Awaken Item, Illusion or Shapeshift offers its table to
 * the caster's owner or the GM.
 * - Call of the Wild: an animal of a row the gains reach, with its row's stat block; Golemancy: a
 *   design the gains buy. Either becomes an NPC through `summonCompanion` (created by the GM,
 *   owned by the caster's player, acting right after the caster), its size, skills, vitals,
 *   resistance, natural attack and runes filled in (src/rules/companion-stats.ts) — the GM resolves
 *   the card's choice itself (./companion-guard, docs/rulings.md 140).
 * - Awaken Item: one Item Personality d12 per click, at most one per gain (the player may stop).
 * - Illusion: a design the gains buy, recorded on the card; Shapeshift: an aspect, recorded on the
 *   card and on the caster's Shapeshift effect.
 * What was made is stored on the card (`flags.clockwork.cast.tableUse`) and shown on it.
 */
import { choose, formData, localize } from "../foundry";
import { notify, renderTemplate } from "../foundry";
import {
  ANIMAL_ROWS, CALL_OF_THE_WILD_ANIMALS, CALL_OF_THE_WILD_STATS, animalCompanion, animalRowsFor, golemCompanion,
  type CompanionStats,
} from "../rules/companion-stats";
import {
  GOLEM_MATERIALS, GOLEM_RUNES, GOLEM_SIZE_COST, ILLUSION_COMPLEXITIES, ILLUSION_MOVEMENTS, ILLUSION_SIZES, SHAPESHIFT_ASPECTS,
  callOfTheWildRow, illusionCost, itemPersonality,
  type GolemMaterial, type GolemRunes, type IllusionComplexity, type IllusionMovement, type IllusionSize, type Size,
} from "../rules";
import { CAST_CARD_TEMPLATE, buildCastCardContext, tableOpen, type CastCardData, type CastTableUse } from "./card";
import { CAST_FLAG, SPELL_TABLE_TEMPLATE } from "./constants";
import { summonCompanion } from "./companions";

export { SPELL_TABLE_TEMPLATE };

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

// ---------------------------------------------------------------- the card's button

/** Asks for the choice; tests and modules may replace it (null: cancelled). */
export type SpellTablePrompt = (context: SpellTableContext) => Promise<TableChoice | null>;

async function dialogPrompt(context: SpellTableContext): Promise<TableChoice | null> {
  const content = await renderTemplate(SPELL_TABLE_TEMPLATE, context);
  const result = await choose({
    title: localize(`CLOCKWORK.Magic.Card.UseTable.${context.table}`),
    classes: ["clockwork"],
    content,
    buttons: [
      { action: "choose", label: "CLOCKWORK.Magic.Table.Choose", default: true, callback: (_event, button) => formData(button) },
      { action: "cancel", label: "CLOCKWORK.Dialog.Cancel" },
    ],
  });
  return result && typeof result === "object" ? result as TableChoice : null;
}

let prompt: SpellTablePrompt = dialogPrompt;

/** Replaces the table dialog (null restores it). */
export function setSpellTablePrompt(fn: SpellTablePrompt | null): void {
  prompt = fn ?? dialogPrompt;
}

interface MessageLike {
  uuid?: string;
  flags?: Record<string, unknown>;
  update(changes: object): Promise<unknown>;
}

interface CasterLike {
  uuid: string;
  isOwner?: boolean;
  effects?: Iterable<{ disabled?: boolean; flags?: Record<string, unknown>; update?(changes: object): Promise<unknown> }>;
}

async function rollD12(): Promise<number> {
  const roll = new Roll("1d12");
  await roll.evaluate();
  return Number(roll.total);
}

/**
 * The card's table button, or `game.clockwork.magic.useSpellTable(message, choice)`: makes the
 * companion, rolls the personality, or records the design or aspect; false (with a message) when
 * the table is not open, the user may not use it, the choice is refused or the dialog cancelled.
 */
export async function useSpellTable(message: MessageLike, choice?: TableChoice): Promise<boolean> {
  const data = (message.flags?.clockwork as { cast?: CastCardData } | undefined)?.cast;
  if (!data || !tableOpen(data)) {
    notify("warn", "CLOCKWORK.Magic.Table.Closed");
    return false;
  }
  const caster = (data.caster.uuid ? fromUuidSync(data.caster.uuid as never) : null) as CasterLike | null;
  if (!caster || !(game.user?.isGM || caster.isOwner)) {
    notify("warn", "CLOCKWORK.Magic.Table.NotAllowed", { name: data.caster.name });
    return false;
  }
  const table = data.spell.table;
  const picked = table === "itemPersonality" ? {} : choice ?? await prompt(spellTableContext(data));
  if (!picked) return false;
  let resolved: ReturnType<typeof resolveTableChoice>;
  try {
    resolved = resolveTableChoice(data, picked, table === "itemPersonality" ? await rollD12() : undefined);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    notify("warn", `CLOCKWORK.Magic.Table.Refused.${table}`, { gains: data.gains });
    return false;
  }
  const use = resolved.use;
  if (resolved.companion) {
    // The GM builds it from this card and choice itself (docs/rulings.md 140).
    const name = resolved.companion.name;
    const made = await summonCompanion(caster, { name, spell: data.spell.identifier, cause: message.uuid, choice: { ...picked } as Record<string, unknown> });
    if (!made) return false;
    use.companion = { name, uuid: made.actorUuid };
  }
  if (use.aspect) await recordAspect(caster, use.aspect);
  const next: CastCardData = { ...data, tableUse: use };
  const content = await renderTemplate(CAST_CARD_TEMPLATE, buildCastCardContext(next, { isGM: false, canApply: true }));
  await message.update({ content, [`flags.clockwork.${CAST_FLAG}.tableUse`]: use });
  return true;
}

/** Shapeshift's aspect on the caster's lasting Shapeshift effect (its newest one). */
async function recordAspect(caster: CasterLike, aspect: string): Promise<void> {
  const effects = [...(caster.effects ?? [])].filter((e) => !e.disabled && (e.flags?.clockwork as { spell?: { identifier?: string } } | undefined)?.spell?.identifier === "shapeshift");
  await effects.at(-1)?.update?.({ "flags.clockwork.spell.aspect": aspect });
}
