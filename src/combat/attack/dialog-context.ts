/**
 * The attack dialog's context (pure): the declaration's controls, and per target the defense it
 * will face, the exact chance to hit and the exact expected damage against its resistance —
 * each number shown only as far as the viewer may see it (GMs and observers everything, others
 * what the world setting allows) — and what the attack costs. The form's values come back
 * through {@link applyAttackForm}.
 */
import { localize } from "../../foundry";
import { labelOf } from "../../data/labels";
import { CALLED_SHOTS, COVER_LEVELS, isAreaMode, type AttackMode, type CalledShot, type CoverPercent, type DamageType, type SkillKey } from "../../rules";
import { ROLL_MODES, type FocusChoice, type RollModeKey } from "../../dice/types";
import { expected, formInteger as integer, percent, selectOptions as options } from "./format";
import { BEYOND_REACH } from "./constants";
import { visibilityOf, type AttackPreview, type AttackTargetInfo, type HiddenInfoLevel } from "./preview";
import type { AttackDeclaration } from "./source";
import type { DialogForm } from "../form-dialog";

/** What the dialog is built from. */
export interface AttackDialogInput {
  actorName: string;
  itemName: string;
  declaration: AttackDeclaration;
  targets: readonly AttackTargetInfo[];
  preview: AttackPreview;
  choices: { modes: readonly AttackMode[]; damageTypes: readonly DamageType[]; skills: readonly string[] };
  /** The skill the odds were worked out with (finesse and unarmed: the better one); the select opens on it. */
  skill?: string;
  foci: readonly FocusChoice[];
  /** The attacker has Power Attack and holds a melee weapon. */
  powerAttack: boolean;
  /** The attacker's counters in a running combat, else null (nothing is charged). */
  counters: { available: number; reserved: number } | null;
  viewer: { isGM: boolean; hiddenInfo: HiddenInfoLevel };
  idPrefix?: string;
  /** An area that can be aimed on the map, and its aim point (null: not aimed yet); absent: nothing to aim. */
  aim?: AimInput | null;
}

/** An area the dialog can aim: the space picked on the map (null: none), and whether it is placed (at a targeted token's space when none was picked). */
export interface AimInput {
  at: { x: number; y: number } | null;
  placed?: boolean;
}

/** The dialogs' "Aim on the map" row (issue 28 item 2): the button and where the area is aimed now. */
export function aimPart(aim: AimInput | null | undefined) {
  if (!aim) return null;
  const at = aim.at ? localize("CLOCKWORK.Aim.At", { x: aim.at.x, y: aim.at.y }) : localize(aim.placed ? "CLOCKWORK.Aim.AtTarget" : "CLOCKWORK.Aim.NotAimed");
  return { label: localize("CLOCKWORK.Aim.Button"), waiting: localize("CLOCKWORK.Aim.Waiting"), at };
}

const REACTION_BLOCK_KEYS: Record<string, string> = {
  defenseless: "CLOCKWORK.Combat.Attack.NoReaction.defenseless",
  grappled: "CLOCKWORK.Combat.Attack.NoReaction.grappled",
  area: "CLOCKWORK.Combat.Attack.NoReaction.area",
  stealthedAttacker: "CLOCKWORK.Combat.Attack.NoReaction.stealthedAttacker",
  noShield: "CLOCKWORK.Combat.Attack.NoReaction.noShield",
  voidBolt: "CLOCKWORK.Combat.Attack.NoReaction.voidBolt",
  cannotSee: "CLOCKWORK.Combat.Attack.NoReaction.cannotSee",
};

/** A chance as a band a player may see without learning the defense (issue 18 item 6). */
export function chanceBand(chance: number): "likely" | "even" | "unlikely" {
  return chance >= 0.65 ? "likely" : chance <= 0.35 ? "unlikely" : "even";
}

/** One target's row. */
function targetRow(info: AttackTargetInfo, index: number, input: AttackDialogInput) {
  const row = input.preview.rows[index];
  const level = visibilityOf(info, input.viewer);
  const odds = row.odds;
  const everything = level === "everything";
  const shown = level !== "nothing";
  const banded = level === "bands";
  const chanceText = (chance: number): string => (banded ? localize(`CLOCKWORK.Combat.Attack.Band.${chanceBand(chance)}`) : percent(chance));
  const area = isAreaMode(input.declaration.mode);
  const coverApplies = !area && (input.preview.input.weapon.kind === "ranged" && !input.preview.input.weapon.arcShot);
  const alternatives = (["dodge", "block"] as const).flatMap((reaction) => {
    const alt = odds.ifReaction[reaction];
    if (!alt || !shown) return [];
    return [{
      label: localize(`CLOCKWORK.Combat.Attack.Reaction.${reaction}`),
      chance: chanceText(alt.chanceToHit),
      defense: everything ? alt.defense : null,
      damage: everything ? expected(alt.expectedDamage) : null,
    }];
  });
  const miss = odds.setup.automaticMiss;
  // Beyond reach or range: said in words, and the attack cannot be made at it (issue 28).
  const beyond = miss !== null && BEYOND_REACH.includes(miss);
  const blocked = row.reactions.dodge ?? row.reactions.block;
  const noReaction = row.reactions.dodge && row.reactions.block && blocked !== "noShield" ? localize(REACTION_BLOCK_KEYS[blocked as string] ?? "") : null;
  return {
    index,
    key: info.key,
    name: info.name,
    img: info.img ?? null,
    include: info.include,
    showInclude: !area,
    distance: info.situation.distance ?? null,
    dice: odds.setup.pool.dice,
    level,
    hidden: level === "nothing",
    defense: everything ? odds.setup.defense.total : null,
    chance: shown ? chanceText(odds.chanceToHit) : null,
    chanceValue: shown && !banded ? odds.chanceToHit : null,
    expected: everything ? expected(odds.expectedDamage) : null,
    wound: everything && odds.chanceToWound !== null ? percent(odds.chanceToWound) : null,
    alternatives,
    automaticMiss: miss ? localize(beyond ? `CLOCKWORK.Combat.Attack.Beyond.${miss}` : `CLOCKWORK.Combat.Attack.AutoMiss.${miss}`, { spaces: info.situation.distance ?? "?" }) : null,
    beyond,
    wallHint: info.wallBetween && !area ? localize("CLOCKWORK.Combat.Attack.Beyond.wallHint") : null,
    defenseless: info.situation.defenseless === true,
    noReaction,
    coverApplies,
    coverName: `targets.${index}.cover`,
    includeName: `targets.${index}.include`,
    covers: options(COVER_LEVELS, info.situation.cover ?? 0, (c) => localize(`CLOCKWORK.Combat.Attack.Cover.${c}`)),
  };
}

/** The skill selected when the declaration names none: the one the odds use, so what is shown is what is rolled. */
function defaultSkill(input: AttackDialogInput): string {
  const { skills } = input.choices;
  return input.skill !== undefined && skills.includes(input.skill) ? input.skill : skills[0];
}

/** The whole dialog context. */
export function buildAttackDialogContext(input: AttackDialogInput) {
  const d = input.declaration;
  const area = isAreaMode(d.mode);
  const melee = input.preview.input.weapon.kind === "melee";
  const cost = input.preview.cost;
  const included = input.targets.filter((t) => t.include).length;
  let costText: string;
  if (!input.counters) costText = localize("CLOCKWORK.Combat.Attack.Dialog.OutOfCombat");
  else if (cost.attacks > 1) costText = localize("CLOCKWORK.Combat.Attack.Dialog.CostMany", { each: cost.each, attacks: cost.attacks, total: cost.total, available: input.counters.available });
  else costText = localize("CLOCKWORK.Combat.Attack.Dialog.Cost", { total: cost.total, available: input.counters.available });
  const rows = input.targets.map((t, i) => targetRow(t, i, input));
  const beyond = rows.filter((r) => r.include && r.beyond).map((r) => r.name);
  const problem = cost.problem ? localize(`CLOCKWORK.Combat.Attack.Counters.${cost.problem}`, { name: input.actorName })
    : beyond.length ? localize("CLOCKWORK.Combat.Attack.Beyond.refused", { name: input.actorName, targets: beyond.join(", ") }) : null;
  const prefix = input.idPrefix ?? "cw-attack";
  return {
    idPrefix: prefix,
    title: localize("CLOCKWORK.Combat.Attack.Dialog.Title", { actor: input.actorName, item: input.itemName }),
    modes: input.choices.modes.length > 1 ? options(input.choices.modes, d.mode, (m) => localize(`CLOCKWORK.Combat.Attack.Mode.${m}`)) : null,
    damageTypes: input.choices.damageTypes.length > 1 ? options(input.choices.damageTypes, d.damageType, (t) => labelOf("damageTypes", t)) : null,
    skills: input.choices.skills.length ? options(input.choices.skills, d.skill ?? defaultSkill(input), (s) => localize(`CLOCKWORK.Skill.${s}`)) : null,
    foci: input.foci.length ? [{ value: "", label: localize("CLOCKWORK.Combat.Attack.Dialog.NoFocus"), selected: d.focusId === "" }, ...options(input.foci.map((f) => f.id), d.focusId, (id) => input.foci.find((f) => f.id === id)?.name ?? id)] : null,
    calledShots: area ? null : [{ value: "", label: localize("CLOCKWORK.Combat.Attack.CalledShot.none"), selected: d.calledShot === null }, ...options(CALLED_SHOTS, d.calledShot, (c) => localize(`CLOCKWORK.Combat.Attack.CalledShot.${c}`))],
    situational: d.situational,
    powerAttack: input.powerAttack && melee ? d.powerAttack : null,
    stealthed: d.stealthed,
    rollModes: options(ROLL_MODES, d.rollMode, (m) => localize(`CLOCKWORK.Roll.Mode.${m}`)),
    areaNote: area ? localize("CLOCKWORK.Combat.Attack.Dialog.AreaNote") : null,
    aim: aimPart(input.aim),
    targets: rows,
    costText,
    problem,
    canSubmit: problem === null && included > 0,
    submitLabel: localize("CLOCKWORK.Combat.Attack.Dialog.Submit"),
    submitIcon: "fa-solid fa-crosshairs",
  };
}

export type AttackDialogContext = ReturnType<typeof buildAttackDialogContext>;

/** The form's fields (the dialogs' shared shape). */
export type AttackDialogForm = DialogForm;

/**
 * Applies the form to the declaration and the targets. Unknown values are ignored, so a stale or
 * hand-made form cannot smuggle in a mode the weapon lacks.
 */
export function applyAttackForm(
  declaration: AttackDeclaration,
  targets: readonly AttackTargetInfo[],
  form: AttackDialogForm,
  choices: { modes: readonly AttackMode[]; damageTypes: readonly DamageType[]; skills: readonly string[]; foci: readonly FocusChoice[] },
): { declaration: AttackDeclaration; targets: AttackTargetInfo[] } {
  const next: AttackDeclaration = { ...declaration };
  if (typeof form.mode === "string" && choices.modes.includes(form.mode as AttackMode)) next.mode = form.mode as AttackMode;
  if (typeof form.damageType === "string" && choices.damageTypes.includes(form.damageType as DamageType)) next.damageType = form.damageType as DamageType;
  if (typeof form.skill === "string" && choices.skills.includes(form.skill)) next.skill = form.skill as SkillKey;
  if (typeof form.focusId === "string" && (form.focusId === "" || choices.foci.some((f) => f.id === form.focusId))) next.focusId = form.focusId;
  if (form.calledShot !== undefined) next.calledShot = (CALLED_SHOTS as readonly unknown[]).includes(form.calledShot) ? form.calledShot as CalledShot : null;
  if (form.situational !== undefined) next.situational = integer(form.situational, next.situational, -12, 12);
  if (form.powerAttack !== undefined) next.powerAttack = integer(form.powerAttack, next.powerAttack, 0, 6);
  if (form.stealthed !== undefined) next.stealthed = form.stealthed === true || form.stealthed === "true" || form.stealthed === "on";
  if (typeof form.rollMode === "string" && (ROLL_MODES as readonly string[]).includes(form.rollMode)) next.rollMode = form.rollMode as RollModeKey;
  if (isAreaMode(next.mode)) next.calledShot = null;
  const nextTargets = targets.map((t, i) => {
    const cover = form[`targets.${i}.cover`];
    const include = form[`targets.${i}.include`];
    const coverValue = cover === undefined ? t.situation.cover : (COVER_LEVELS as readonly number[]).includes(Number(cover)) ? Number(cover) as CoverPercent : t.situation.cover;
    return {
      ...t,
      include: include === undefined ? t.include : include === true || include === "true" || include === "on",
      situation: { ...t.situation, cover: coverValue },
    };
  });
  return { declaration: next, targets: nextTargets };
}
