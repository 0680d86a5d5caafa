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
import { choose, formData, localize, notify, renderTemplate } from "../foundry";
import { CAST_CARD_TEMPLATE, buildCastCardContext, tableOpen, type CastCardData } from "./card";
import { CAST_FLAG, SPELL_TABLE_TEMPLATE } from "./constants";
import { resolveTableChoice, spellTableContext, type SpellTableContext, type TableChoice } from "./spell-table-choice";
import { summonCompanion } from "./companions";

/** Asks for the choice (null: cancelled). */
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
  const picked = table === "itemPersonality" ? {} : choice ?? await dialogPrompt(spellTableContext(data));
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
