/**
 * The casting dialog's context (pure apart from localization; issue 29 item 1): the spell's ways
 * of casting (modes from its pack data), its options (scroll or own mana, channel first,
 * Transfer Life's hits, Illusion's table), and per target its distance, whether the spell
 * reaches it, the reaction it may make, whether it is willing and who answers that, the exact
 * chance the spell takes effect (the rules core's `spellOdds`, as far as the viewer may see it)
 * and who wins a tie; then what the cast costs and why it cannot be cast, before anything is
 * paid. The form's values come back through {@link applyCastForm}.
 */
import { localize } from "../foundry";
import {
  ILLUSION_COMPLEXITIES, ILLUSION_MOVEMENTS, ILLUSION_SIZES, chanceAtLeast, illusionCost, spellOdds, spellReaches,
  type Caster, type DamageType, type IllusionComplexity, type IllusionMovement, type IllusionSize, type SpellMode, type SpellOdds, type SpellPlace, type SpellProfile, type SpellTarget,
} from "../rules";
import type { PoolSpec } from "../rules/dice";
import { ROLL_MODES, type RollModeKey } from "../dice/types";
import { expected, formInteger, percent, selectOptions } from "../combat/attack/format";
import { aimPart, chanceBand, type AimInput } from "../combat/attack/dialog-context";
import { visibilityOf, type HiddenInfoLevel } from "../combat/attack/preview";
import type { DialogForm } from "../combat/form-dialog";

/** What the caster chose in the dialog (kept per spell for a shift-click's cast). */
export interface CastChoices {
  /** A mode's key; "" = the spell as written. */
  mode: string;
  /** Unwilling targets the caster answers for (by target key); the others' sides answer. */
  unwilling: Record<string, boolean>;
  /** A scroll item's id to read; "" = the caster's own casting and mana. */
  scroll: string;
  /** Mana to channel from the scene's pool first. */
  channel: number;
  /** Transfer Life: hits to move; null = all the gains allow. */
  hits: number | null;
  /** Illusion's design (§1.40 tables). */
  illusion: { size: IllusionSize; movement: IllusionMovement; complexity: IllusionComplexity } | null;
  situational: number;
  rollMode: RollModeKey;
}

/** Default choices for a spell: its own way of casting, own mana, nothing channeled, every hit. */
export function defaultCastChoices(spell: Pick<SpellProfile, "automation">, rollMode: RollModeKey): CastChoices {
  return {
    mode: "", unwilling: {}, scroll: "", channel: 0, hits: null,
    illusion: spell.automation.table === "illusion" ? { size: "small", movement: "static", complexity: "monochrome" } : null,
    situational: 0, rollMode,
  };
}

/** One target as the dialog shows it. */
export interface CastDialogTarget {
  /** The key `unwilling` uses (the actor's id, else its UUID). */
  key: string;
  name: string;
  img: string | null;
  self: boolean;
  place: SpellPlace;
  /** Who says whether it is willing: this user (the dialog's choice), its owner's side (asked when cast), or nobody (it cannot resist). */
  answeredBy: "caster" | "owner" | null;
  /** The viewer may observe it (GMs and owners: every number). */
  observable: boolean;
  /** The rules core's view of it, from the caster's client now (./cast `castSetup`). */
  target: SpellTarget & { reactionPool?: PoolSpec };
}

/** What the dialog is built from. */
export interface CastDialogInput {
  actorName: string;
  itemName: string;
  /** The spell as the item has it, and in the chosen mode. */
  profile: SpellProfile;
  spell: SpellProfile;
  caster: Caster;
  targets: readonly CastDialogTarget[];
  aimDistance?: number;
  damageType?: DamageType;
  difficulty?: number;
  choices: CastChoices;
  /** Scrolls of this spell the caster carries, with their stored roll's gains. */
  scrolls: readonly { id: string; name: string; gains: number }[];
  mana: { have: number; max: number };
  /** The scene's pool now (null: none to channel from) and what channeling the chosen amount costs. */
  channel: { pool: number; counters: number; problem: string | null } | null;
  cost: { mana: number; counters: number };
  /** The caster's counters in a running combat, else null (nothing is charged). */
  counters: { available: number } | null;
  /** Why it cannot be cast now (./cast `checkCast`), localized. */
  refusal: string | null;
  viewer: { isGM: boolean; hiddenInfo: HiddenInfoLevel };
  idPrefix?: string;
  /** An area that can be aimed on the map, and its aim point (null: not aimed yet); absent: nothing to aim. */
  aim?: AimInput | null;
}

/** A way of casting's label: its shape or reach, and what it costs. */
function wayLabel(spell: SpellProfile, mode: SpellMode | null): string {
  const shape = mode ? mode.areaShape : spell.area.shape;
  const size = mode ? mode.areaSize : spell.area.size;
  const range = mode ? (mode.areaShape === "none" ? "spaces" : spell.range.kind) : spell.range.kind;
  const spaces = mode ? mode.rangeSpaces : spell.range.spaces;
  const way = shape && shape !== "none"
    ? localize(`CLOCKWORK.CastDialog.Shape.${shape}`, { size })
    : localize(`CLOCKWORK.CastDialog.Range.${range}`, { spaces });
  return localize("CLOCKWORK.CastDialog.Way", { way, counters: mode ? mode.counters : spell.counters ?? 0, mana: mode ? mode.mana : spell.mana });
}

/** The target resists with a roll of its own (opposed spells; Enlarge and Shrink when unwilling). */
function resistsWith(spell: SpellProfile, target: SpellTarget): boolean {
  if (target.self || !spell.roll.opposedSkill) return false;
  if (spell.roll.kind === "opposed") return !spell.automation.against;
  return spell.roll.kind === "unopposed" && target.unwilling === true;
}

/** Who wins a tie of the casting gains and the target's (docs/rulings.md: the spell's `mustExceed`). */
function tieText(spell: SpellProfile, t: CastDialogTarget, casterName: string): string | null {
  const opposed = resistsWith(spell, t.target) || spell.automation.against === "casting";
  if (!opposed) return null;
  const targetWins = spell.roll.mustExceed || spell.automation.against === "casting";
  return localize("CLOCKWORK.CastDialog.Tie", { name: targetWins ? t.name : casterName });
}

/** The reaction a target may make against this cast. */
function reactionText(spell: SpellProfile, t: CastDialogTarget, odds: SpellOdds["targets"][number] | undefined, chanceText: (c: number) => string, shown: boolean): { text: string; alternatives: string[] } {
  if (t.self) return { text: localize("CLOCKWORK.CastDialog.Reaction.none"), alternatives: [] };
  const attack = odds?.attack ?? null;
  if (attack) {
    const alternatives = (["dodge", "block"] as const).flatMap((r) => {
      const alt = attack.ifReaction[r];
      return alt && shown ? [localize("CLOCKWORK.Combat.Attack.Dialog.IfReaction", { reaction: localize(`CLOCKWORK.Combat.Attack.Reaction.${r}`), chance: chanceText(alt.chanceToHit) })] : [];
    });
    const open = (["dodge", "block"] as const).filter((r) => attack.setup.reactions[r] === null);
    const text = open.length ? localize("CLOCKWORK.CastDialog.Reaction.defend", { reactions: open.map((r) => localize(`CLOCKWORK.Combat.Attack.Reaction.${r}`)).join(" / ") }) : localize("CLOCKWORK.CastDialog.Reaction.none");
    return { text, alternatives };
  }
  if (resistsWith(spell, t.target)) {
    const dice = t.target.reactionPool?.dice;
    const skill = localize(`CLOCKWORK.Skill.${spell.roll.opposedSkill}`);
    return { text: dice === undefined ? localize("CLOCKWORK.CastDialog.Reaction.resistsStored", { skill }) : localize("CLOCKWORK.CastDialog.Reaction.resists", { skill, dice }), alternatives: [] };
  }
  if (spell.automation.against) return { text: localize("CLOCKWORK.CastDialog.Reaction.stored", { gains: t.target.reactionGains ?? 0 }), alternatives: [] };
  return { text: localize("CLOCKWORK.CastDialog.Reaction.none"), alternatives: [] };
}

/** The rules core's odds for the dialog's targets (the part the bench times). */
export function castDialogOdds(input: Pick<CastDialogInput, "spell" | "caster" | "targets" | "difficulty" | "damageType" | "aimDistance">): SpellOdds {
  return spellOdds(input.spell, input.caster, input.targets.map((t) => t.target), { difficulty: input.difficulty, damageType: input.damageType, distance: input.aimDistance });
}

/** One target's row. */
function targetRow(t: CastDialogTarget, index: number, input: CastDialogInput, odds: SpellOdds) {
  const level = visibilityOf(t, input.viewer);
  const shown = level !== "nothing";
  const banded = level === "bands";
  const chanceText = (c: number): string => (banded ? localize(`CLOCKWORK.Combat.Attack.Band.${chanceBand(c)}`) : percent(c));
  const row = odds.targets[index];
  const verdict = spellReaches(input.spell, t.place);
  const reaction = reactionText(input.spell, t, row, chanceText, shown);
  const scroll = input.choices.scroll !== "";
  const resistible = t.answeredBy !== null;
  return {
    index,
    key: t.key,
    name: t.name,
    img: t.img,
    distance: t.self ? 0 : t.place.distance ?? null,
    reaches: verdict.reaches,
    reach: verdict.reaches ? localize("CLOCKWORK.CastDialog.InReach") : localize(`CLOCKWORK.Magic.Reach.${verdict.problem}`, { distance: t.place.distance ?? "?", aim: t.place.aimDistance ?? "?", limit: verdict.limit ?? "?" }),
    reaction: reaction.text,
    alternatives: reaction.alternatives,
    tie: tieText(input.spell, t, input.actorName),
    // The chance is the rules core's: its casting roll (a scroll's stored one is not rolled again) against this target.
    chance: shown && !scroll ? (banded ? localize("CLOCKWORK.CastDialog.ChanceBand", { band: chanceText(row?.chance ?? 0) }) : localize("CLOCKWORK.CastDialog.ChanceOf", { chance: percent(row?.chance ?? 0) })) : null,
    chanceValue: shown && !banded && !scroll && row ? row.chance : null,
    negated: shown && !banded && row && row.negated > 0 ? percent(row.negated) : null,
    expected: level === "everything" && row?.attack ? expected(row.attack.expectedDamage) : null,
    hidden: level === "nothing",
    willingChoice: resistible && t.answeredBy === "caster" ? selectOptions(["willing", "unwilling"], t.target.unwilling ? "unwilling" : "willing", (v) => localize(`CLOCKWORK.CastDialog.Willing.${v}`)) : null,
    willingName: `unwilling.${t.key}`,
    asked: resistible && t.answeredBy === "owner" ? localize("CLOCKWORK.CastDialog.Asked", { name: t.name }) : null,
  };
}

/** Illusion's tables: each row's cost in gains, and the chance the roll pays for the design. */
function illusionPart(input: CastDialogInput, odds: SpellOdds) {
  const design = input.choices.illusion;
  if (!design || input.profile.automation.table !== "illusion") return null;
  const cost = illusionCost(design);
  const row = <K extends string>(table: Record<K, number>, selected: K, prefix: string) => (Object.keys(table) as K[]).map((key) => ({
    value: key, selected: key === selected, label: localize("CLOCKWORK.CastDialog.Illusion.Row", { row: localize(`CLOCKWORK.Magic.Table.Illusion.${prefix}.${key}`), cost: table[key] }),
  }));
  return {
    sizes: row(ILLUSION_SIZES, design.size, "Size"),
    movements: row(ILLUSION_MOVEMENTS, design.movement, "Movement"),
    complexities: row(ILLUSION_COMPLEXITIES, design.complexity, "Complexity"),
    cost: localize("CLOCKWORK.CastDialog.Illusion.Cost", { cost, chance: percent(chanceAtLeast(odds.gains, cost)) }),
  };
}

/** The whole dialog context. */
export function buildCastDialogContext(input: CastDialogInput) {
  const { spell, profile, choices } = input;
  const odds = castDialogOdds(input);
  const modes = profile.automation.modes ?? [];
  const prefix = input.idPrefix ?? "cw-cast";
  const scroll = input.scrolls.find((s) => s.id === choices.scroll) ?? null;
  const costText = input.counters
    ? localize("CLOCKWORK.CastDialog.Cost", { counters: input.cost.counters, available: input.counters.available, mana: input.cost.mana, have: input.mana.have })
    : localize("CLOCKWORK.CastDialog.CostOutOfCombat", { mana: input.cost.mana, have: input.mana.have });
  const transfer = spell.automation.effect.kind === "transferLife";
  const channelProblem = choices.channel > 0 && input.channel?.problem ? localize(`CLOCKWORK.Magic.Channel.${input.channel.problem}`, { name: input.actorName, amount: choices.channel, pool: input.channel.pool, room: input.mana.max - input.mana.have }) : null;
  const problem = channelProblem ?? input.refusal;
  return {
    idPrefix: prefix,
    title: localize("CLOCKWORK.CastDialog.Title", { actor: input.actorName, spell: input.itemName }),
    modes: modes.length ? [{ value: "", label: wayLabel(profile, null), selected: choices.mode === "" }, ...modes.map((m) => ({ value: m.key, label: wayLabel(profile, m), selected: choices.mode === m.key }))] : null,
    scrolls: input.scrolls.length ? [{ value: "", label: localize("CLOCKWORK.CastDialog.OwnMana"), selected: !scroll }, ...input.scrolls.map((s) => ({ value: s.id, label: localize("CLOCKWORK.CastDialog.ScrollRow", { name: s.name, gains: s.gains }), selected: s.id === choices.scroll }))] : null,
    channel: input.channel ? { value: choices.channel, max: Math.max(0, input.mana.max - input.mana.have), hint: localize(input.channel.counters > 0 ? "CLOCKWORK.CastDialog.ChannelHintCost" : "CLOCKWORK.CastDialog.ChannelHint", { pool: input.channel.pool, counters: input.channel.counters }) } : null,
    hits: transfer ? { value: choices.hits ?? "", hint: localize("CLOCKWORK.CastDialog.HitsHint") } : null,
    illusion: illusionPart(input, odds),
    situational: choices.situational,
    rollModes: selectOptions(ROLL_MODES, choices.rollMode, (m) => localize(`CLOCKWORK.Roll.Mode.${m}`)),
    pool: localize("CLOCKWORK.CastDialog.Pool", { dice: odds.pool.dice, rank: input.caster.rank }),
    success: odds.chanceOfSuccess !== null && !input.targets.length && !scroll ? localize("CLOCKWORK.CastDialog.Success", { chance: percent(odds.chanceOfSuccess) }) : null,
    scrollNote: scroll ? localize("CLOCKWORK.CastDialog.ScrollNote", { gains: scroll.gains }) : null,
    aim: aimPart(input.aim),
    targets: input.targets.map((t, i) => targetRow(t, i, input, odds)),
    noTargets: input.targets.length === 0,
    // The willing column only where a target may resist as unwilling.
    showWilling: input.targets.some((t) => t.answeredBy !== null),
    costText,
    problem,
    canSubmit: problem === null,
    submitLabel: localize("CLOCKWORK.CastDialog.Submit"),
    submitIcon: "fa-solid fa-wand-sparkles",
  };
}

export type CastDialogContext = ReturnType<typeof buildCastDialogContext>;

/** The form's fields (the dialogs' shared shape). */
export type CastDialogForm = DialogForm;

/**
 * Applies the form to the choices. Unknown values are ignored, so a stale or hand-made form
 * cannot name a mode the spell lacks or a scroll the caster does not carry.
 */
export function applyCastForm(choices: CastChoices, form: CastDialogForm, allowed: { modes: readonly string[]; scrolls: readonly string[]; targets: readonly string[] }): CastChoices {
  const next: CastChoices = { ...choices, unwilling: { ...choices.unwilling }, illusion: choices.illusion ? { ...choices.illusion } : null };
  if (typeof form.mode === "string" && (form.mode === "" || allowed.modes.includes(form.mode))) next.mode = form.mode;
  if (typeof form.scroll === "string" && (form.scroll === "" || allowed.scrolls.includes(form.scroll))) next.scroll = form.scroll;
  if (form.channel !== undefined) next.channel = formInteger(form.channel, next.channel, 0, 99);
  if (form.hits !== undefined) next.hits = form.hits === "" || form.hits === null ? null : formInteger(form.hits, next.hits ?? 0, 0, 99);
  if (form.situational !== undefined) next.situational = formInteger(form.situational, next.situational, -12, 12);
  if (typeof form.rollMode === "string" && (ROLL_MODES as readonly string[]).includes(form.rollMode)) next.rollMode = form.rollMode as RollModeKey;
  if (next.illusion) {
    if (typeof form["illusion.size"] === "string" && form["illusion.size"] in ILLUSION_SIZES) next.illusion.size = form["illusion.size"] as IllusionSize;
    if (typeof form["illusion.movement"] === "string" && form["illusion.movement"] in ILLUSION_MOVEMENTS) next.illusion.movement = form["illusion.movement"] as IllusionMovement;
    if (typeof form["illusion.complexity"] === "string" && form["illusion.complexity"] in ILLUSION_COMPLEXITIES) next.illusion.complexity = form["illusion.complexity"] as IllusionComplexity;
  }
  for (const key of allowed.targets) {
    const value = form[`unwilling.${key}`];
    if (value === "unwilling" || value === "willing") next.unwilling[key] = value === "unwilling";
  }
  return next;
}
