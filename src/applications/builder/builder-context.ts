/**
 * The builder window's context as a pure function of the draft, the compendium catalog, the
 * window's own state (filters, the last refusal) and a translator. Every number comes from the
 * rules core (`creationSummary`, `creationProblems`); every string is translated here, so the
 * templates only display. Problems are placed next to the field they concern.
 */
import {
  ARMOR_WEIGHTS, ATTRIBUTE_KEYS, CREATION_STEPS, DAMAGE_TYPES, PREMADE_SKILL_OPTIONS, SKILL_KEYS, creationArmorBurden, creationProblems,
  creationSummary, creationWarnings, fociRequired, skillCpCost,
} from "../../rules";
import type { ArmorWeight, CreationBuild, CreationProblem, CreationStep, CreationSummary, CreationWarning, DamageType, SkillKey } from "../../rules";
import type { SheetChoices } from "../context/choices";
import { armorBurdenText } from "../context/encumbrance";
import { EMPTY_FILTERS, filterEntries, filterValues, type BrowserFilters } from "./browser-core";
import { MAX_ALLOCATION, type BuilderDraft, type CatalogEntry } from "./draft";
import { isSuggestionId } from "./focus-suggestions";

/** `t(key, data)`: localize, formatting `{placeholders}` when data is given. */
export type Translate = (key: string, data?: Record<string, unknown>) => string;

/** An entry's rules text as enriched HTML (its compendium description), "" when it has none. */
export type RulesText = (uuid: string) => string;

const NO_RULES: RulesText = () => "";

export interface BuilderCatalog {
  species: readonly CatalogEntry[];
  foci: readonly CatalogEntry[];
  features: readonly CatalogEntry[];
  spells: readonly CatalogEntry[];
  gear: readonly CatalogEntry[];
}

export interface BuilderViewState {
  spellFilters: Partial<BrowserFilters>;
  gearFilters: Partial<BrowserFilters>;
  /** Reasons the last change was refused. */
  refused: readonly CreationProblem[];
}

export const EMPTY_VIEW: BuilderViewState = { spellFilters: {}, gearFilters: {}, refused: [] };

/** Who looks at the builder: a GM may finish with a custom species no one approved. */
export interface BuilderViewer {
  isGM: boolean;
}

/**
 * A custom species the GM has not approved (docs/rulings.md 175): shown as such on its card;
 * the review warns a GM and stops a player until the GM approves it.
 */
export function speciesApproval(entry: CatalogEntry | undefined): "premade" | "approved" | "pending" {
  if (entry?.system.custom !== true) return "premade";
  return entry.system.approved === true ? "approved" : "pending";
}

function chosenSpeciesEntry(draft: BuilderDraft, catalog: BuilderCatalog): CatalogEntry | undefined {
  const id = draft.build.species?.id;
  return id ? catalog.species.find((e) => e.uuid === id) : undefined;
}

/** Rows shown at once in the spell and shop lists; the filters narrow the rest. */
export const LIST_LIMIT = 60;

const P = "CLOCKWORK.Builder";

interface Option { value: string; label: string; selected: boolean; disabled?: boolean }

function options(values: readonly (string | number)[], selected: string | number, label: (v: string) => string, disabled?: (v: string) => boolean): Option[] {
  return values.map((v) => ({ value: String(v), label: label(String(v)), selected: String(v) === String(selected), disabled: disabled?.(String(v)) ?? false }));
}

/** Everything the templates need to describe a problem in words. */
export function problemText(problem: CreationProblem, names: (id: string) => string, choices: SheetChoices, t: Translate): string {
  const label = (value: string | undefined): string => {
    if (!value) return "";
    if ((SKILL_KEYS as readonly string[]).includes(value)) return t(choices.label.skill(value));
    if ((DAMAGE_TYPES as readonly string[]).includes(value)) return t(choices.label.damageType(value));
    if (value === "focus" || value === "spell") return t(choices.label.grantKind(value));
    if (value === "armor" || value === "shield") return t(`${P}.Slot.${value}`);
    return names(value);
  };
  return t(`${P}.Problem.${problem.code}`, {
    subject: label(problem.subject), detail: label(problem.detail), value: problem.value ?? "", limit: problem.limit ?? "",
  });
}

/** Display name of a chosen id: the draft's label, the catalog's name, or the identifier itself. */
function nameLookup(draft: BuilderDraft, catalog: BuilderCatalog): (id: string) => string {
  const byIdentifier = new Map<string, string>();
  const byUuid = new Map<string, string>();
  for (const list of Object.values(catalog) as CatalogEntry[][]) {
    for (const e of list) {
      byUuid.set(e.uuid, e.name);
      const identifier = e.system.identifier;
      if (typeof identifier === "string" && identifier) byIdentifier.set(identifier, e.name);
    }
  }
  return (id) => draft.labels[id] ?? byUuid.get(id) ?? byIdentifier.get(id) ?? id;
}

function stepNav(draft: BuilderDraft, problems: CreationProblem[], t: Translate) {
  return CREATION_STEPS.map((id, i) => {
    const count = problems.filter((p) => p.step === id).length;
    return {
      id, number: i + 1, label: t(`${P}.Step.${id}`), active: draft.step === id, problems: count, hasProblems: count > 0,
      problemsLabel: t(`${P}.ProblemCount`, { count }),
      cssClass: [draft.step === id ? "active" : "", count > 0 ? "has-problems" : "", id === "review" ? "review" : ""].filter(Boolean).join(" "),
    };
  });
}

function summaryView(summary: CreationSummary, choices: SheetChoices, t: Translate) {
  const d = summary.derived;
  return {
    attributes: ATTRIBUTE_KEYS.map((key) => ({ key, label: t(choices.label.attribute(key)), value: d.attributes[key] })),
    stats: [
      { key: "grit", label: t(`${P}.Stat.grit`), value: d.grit },
      { key: "vitals", label: t(`${P}.Stat.vitals`), value: d.vitals },
      { key: "mana", label: t(`${P}.Stat.mana`), value: d.mana },
      { key: "walk", label: t(`${P}.Stat.walk`), value: d.walk },
      { key: "run", label: t(`${P}.Stat.run`), value: d.run },
      { key: "defense", label: t(`${P}.Stat.defense`), value: d.baseDefense },
      { key: "dodge", label: t(`${P}.Stat.dodge`), value: `+${d.dodge}` },
      { key: "block", label: t(`${P}.Stat.block`), value: `+${d.block}` },
    ],
    size: t(choices.label.size(summary.size)),
    resistances: (choices.damageTypes as DamageType[]).filter((type) => summary.resistanceShares[type]).map((type) => ({
      type, abbreviation: choices.abbreviation(type), label: t(choices.label.damageType(type)),
      ...summary.resistanceShares[type],
    })),
    budgets: [
      { key: "skillPoints", label: t(`${P}.Budget.skillPoints`), left: summary.skillPoints.left, total: 36, over: summary.skillPoints.left < 0 },
      { key: "cp", label: t(`${P}.Budget.cp`), left: summary.cp.left, total: summary.cp.budget, over: summary.cp.left < 0 },
      { key: "resistance", label: t(`${P}.Budget.resistance`), left: summary.resistancePoints.left, total: summary.resistancePoints.available, over: summary.resistancePoints.left < 0 },
      { key: "currency", label: t(`${P}.Budget.currency`), left: summary.currency.left, total: summary.currency.budget, over: summary.currency.left < 0 },
    ],
  };
}

type Msg = (p: CreationProblem) => string;

function subjectMessages(problems: CreationProblem[], step: CreationStep, subject: string, msg: Msg): string {
  return problems.filter((p) => p.step === step && p.subject === subject).map(msg).join(" ");
}

function conceptView(draft: BuilderDraft, problems: CreationProblem[], msg: Msg) {
  return {
    name: draft.build.name,
    nameProblem: problems.filter((p) => p.step === "concept").map(msg).join(" "),
    biography: draft.biography,
  };
}

function skillsView(build: CreationBuild, summary: CreationSummary, problems: CreationProblem[], choices: SheetChoices, t: Translate, msg: Msg) {
  const mode = build.premadeOption === null ? "free" : String(build.premadeOption);
  // A rank outside the step's range (a mistake to fix) is still shown as it is.
  const ranksFor = (rank: number) => [...new Set([rank, 7, 8, 9, 10, 11, 12])].filter((r) => Number.isInteger(r) && r >= 4 && r <= 12).sort((a, b) => a - b);
  return {
    modes: [
      { value: "free", label: t(`${P}.Skills.Free`), selected: mode === "free" },
      ...PREMADE_SKILL_OPTIONS.map((o) => ({
        value: String(o.option), selected: mode === String(o.option),
        label: t(`${P}.Skills.Premade`, { option: o.option, style: t(`${P}.Skills.Style.${o.style}`), counts: ([7, 8, 9, 10, 12] as const).map((r) => `${o.counts[r]}×${r}`).join(", ") }),
      })),
    ],
    premade: build.premadeOption !== null,
    points: { spent: summary.skillPoints.spent, left: summary.skillPoints.left },
    groups: ATTRIBUTE_KEYS.map((attribute) => ({
      label: t(choices.label.attribute(attribute)),
      value: summary.derived.attributes[attribute],
      skills: (choices.attributeSkills[attribute] ?? []).filter((k) => (SKILL_KEYS as readonly string[]).includes(k)).map((key) => ({
        key, label: t(choices.label.skill(key)), name: `rank.${key}`,
        options: options(ranksFor(build.skills[key as SkillKey]), build.skills[key as SkillKey], (v) => v),
        problem: subjectMessages(problems, "skills", key, msg),
      })),
    })),
    problems: problems.filter((p) => p.step === "skills" && !p.subject).map(msg),
  };
}

function speciesView(draft: BuilderDraft, catalog: BuilderCatalog, problems: CreationProblem[], choices: SheetChoices, t: Translate, msg: Msg, names: (id: string) => string, rules: RulesText, viewer: BuilderViewer) {
  const b = draft.build;
  const s = b.species;
  const list = [...catalog.species].sort((x, y) => x.name.localeCompare(y.name)).map((e) => {
    const sys = e.system;
    const bonus = sys.anyBonusSkills === true ? t(`${P}.Species.AnyTwo`) : ((sys.bonusSkills as string[] | undefined) ?? []).map((k) => t(choices.label.skill(k))).join(", ");
    const resistance = sys.resistanceBonus === "any" ? t(`${P}.Species.AnyType`) : t(choices.label.damageType(String(sys.resistanceBonus)));
    const sizes = Array.isArray(sys.sizeChoices) && sys.sizeChoices.length ? (sys.sizeChoices as string[]) : [String(sys.size ?? "medium")];
    // Each field named on the card: "Size: Medium", not a bare "Medium · Energy".
    const facts = [
      { label: t(sizes.length > 1 ? `${P}.Species.SizeChoices` : `${P}.Species.Size`), value: sizes.map((v) => t(choices.label.size(v))).join(t(`${P}.Species.Or`)) },
      { label: t(`${P}.Species.Resistance`), value: resistance },
      { label: t(`${P}.Species.BonusSkills`), value: bonus },
    ];
    const approval = speciesApproval(e);
    const ability = sys.ability as { name?: string; text?: string } | undefined;
    if (approval !== "premade" && (ability?.name || ability?.text)) {
      facts.push({ label: t("CLOCKWORK.Recipe.Ability"), value: [ability.name, ability.text].filter(Boolean).join(": ") });
    }
    return {
      uuid: e.uuid, name: e.name, img: e.img ?? "", facts, rules: rules(e.uuid), selected: s?.id === e.uuid,
      custom: approval !== "premade", pending: approval === "pending",
      approval: approval === "premade" ? "" : t(approval === "approved" ? "CLOCKWORK.Recipe.Approval.Approved" : "CLOCKWORK.Recipe.Approval.Pending"),
    };
  });
  const offered = s ? (s.anyBonusSkills ? [...SKILL_KEYS] : s.bonusSkills) : [];
  const excluded = new Set<string>(s?.resistanceExcluded ?? []);
  if (s?.identifier === "changelings") ["ballistic", "explosive"].forEach((x) => excluded.add(x));
  const field = (code: string) => problems.filter((p) => p.step === "species" && p.code === code).map(msg).join(" ");
  return {
    list,
    chosen: s ? names(s.id ?? "") : "",
    hasSpecies: s !== null,
    chosenListed: list.some((e) => e.selected),
    bonusSkills: offered.map((key) => ({ key, label: t(choices.label.skill(key)), checked: b.speciesBonusSkills.includes(key) })),
    bonusProblem: [field("speciesSkillCount"), field("speciesSkillNotOffered")].filter(Boolean).join(" "),
    resistance: s?.resistanceBonus === "any" ? {
      options: [{ value: "", label: t(`${P}.Choose`), selected: !b.speciesResistance, disabled: false },
        ...options(choices.damageTypes as DamageType[], b.speciesResistance, (v) => t(choices.label.damageType(v)), (v) => excluded.has(v))],
      problem: [field("speciesResistanceMissing"), field("speciesResistanceExcluded")].filter(Boolean).join(" "),
    } : null,
    size: s && s.sizeChoices.length ? { options: options(s.sizeChoices, b.sizeChoice, (v) => t(choices.label.size(v))), problem: field("sizeChoiceMissing") } : null,
    grants: (s?.grants ?? []).map((g, index) => ({
      index, label: t(`${P}.Species.Grant`, { count: Math.min(g.choose, g.options.length), kind: t(choices.label.grantKind(g.kind)) }),
      fixed: g.choose >= g.options.length,
      options: g.options.map((id) => ({ id, name: names(id), checked: b.grants.includes(id), kind: g.kind })),
      problem: problems.filter((p) => p.step === "species" && p.code === "grantCount" && p.subject === g.kind).map(msg).join(" "),
    })),
    grantProblem: field("grantNotOffered"),
    problems: problems.filter((p) => p.step === "species" && p.code === "speciesMissing").map(msg),
    unapproved: approvalText(draft, catalog, viewer, t),
  };
}

/** The chosen species waits for the GM's approval: what to tell this viewer ("" when approved or premade). */
function approvalText(draft: BuilderDraft, catalog: BuilderCatalog, viewer: BuilderViewer, t: Translate): string {
  const entry = chosenSpeciesEntry(draft, catalog);
  if (speciesApproval(entry) !== "pending") return "";
  return t(viewer.isGM ? `${P}.Species.UnapprovedGM` : `${P}.Species.Unapproved`, { name: entry!.name });
}

function bonusSkillView(build: CreationBuild, problems: CreationProblem[], choices: SheetChoices, t: Translate, msg: Msg) {
  return {
    options: [{ value: "", label: t(`${P}.Choose`), selected: !build.personalBonusSkill, disabled: false },
      ...options(SKILL_KEYS, build.personalBonusSkill, (v) => t(choices.label.skill(v)), (v) => build.speciesBonusSkills.includes(v))],
    speciesSkills: build.speciesBonusSkills.map((k) => t(choices.label.skill(k))).join(", "),
    problem: problems.filter((p) => p.step === "bonusSkill").map(msg).join(" "),
  };
}

function fociView(build: CreationBuild, catalog: BuilderCatalog, problems: CreationProblem[], choices: SheetChoices, t: Translate, msg: Msg, names: (id: string) => string, rules: RulesText) {
  const chosen = new Set(build.foci.map((f) => f.id));
  const granted = new Set(build.grants);
  const bySkill = new Map<string, CatalogEntry[]>();
  for (const e of catalog.foci) {
    const skill = String(e.system.skill ?? "");
    bySkill.set(skill, [...(bySkill.get(skill) ?? []), e]);
  }
  return {
    required: fociRequired(build.species),
    chosen: build.foci.length,
    granted: build.grants.filter((id) => catalog.foci.some((e) => e.uuid === id)).map(names).join(", "),
    groups: SKILL_KEYS.filter((k) => bySkill.has(k)).map((skill) => ({
      label: t(choices.label.skill(skill)),
      foci: (bySkill.get(skill) ?? []).sort((a, b) => a.name.localeCompare(b.name)).map((e) => ({
        uuid: e.uuid, name: e.name, checked: chosen.has(e.uuid), granted: granted.has(e.uuid),
        // A setting's suggestion shows its hint in place of a rules text it does not have.
        rules: isSuggestionId(e.uuid) ? "" : rules(e.uuid),
        suggestedBy: isSuggestionId(e.uuid) ? t(`${P}.Foci.Suggested`, { module: String(e.system.suggestedBy ?? "") }) : "",
        hint: isSuggestionId(e.uuid) ? String(e.system.hint ?? "") : "",
        problem: subjectMessages(problems, "foci", String(e.system.identifier ?? ""), msg),
      })),
    })),
    problems: problems.filter((p) => p.step === "foci").map(msg),
  };
}

function spellRow(e: CatalogEntry, build: CreationBuild, choices: SheetChoices, t: Translate, names: (id: string) => string, rules: RulesText = NO_RULES) {
  const s = e.system;
  const pair = typeof s.pair === "string" && s.pair ? names(s.pair) : "";
  return {
    uuid: e.uuid, name: e.name, level: Number(s.level ?? 0), mana: s.mana ?? "", counters: s.counters ?? "—",
    school: t(choices.label.school(String(s.school ?? ""))), skill: t(choices.label.skill(String(s.skill ?? ""))),
    pair, checked: build.spells.some((x) => x.id === e.uuid), granted: build.grants.includes(e.uuid), rules: rules(e.uuid),
  };
}

/** The filter controls over a list: a search box and one select per filter, offering only values present. */
export function filterView(entries: readonly CatalogEntry[], filters: Partial<BrowserFilters>, keys: (keyof BrowserFilters)[], choices: SheetChoices, t: Translate) {
  const f = { ...EMPTY_FILTERS, ...filters };
  const labelFor = (key: keyof BrowserFilters, v: string): string => {
    switch (key) {
      case "type": return t(`TYPES.Item.${v}`);
      case "school": return t(choices.label.school(v));
      case "group": return t(choices.label.weaponGroup(v));
      case "hands": return t(choices.label.hands(v));
      case "damageType": return t(choices.label.damageType(v));
      case "weight": return t(choices.label.weight(v));
      default: return v;
    }
  };
  return {
    search: f.search,
    selects: keys.map((key) => ({
      key, name: `filter.${key}`, label: t(`${P}.Filter.${key}`),
      options: [{ value: "", label: t(`${P}.Filter.any`), selected: f[key] === "" }, ...options(filterValues(entries, key), f[key], (v) => labelFor(key, v))],
    })),
  };
}

function customizationView(build: CreationBuild, summary: CreationSummary, catalog: BuilderCatalog, view: BuilderViewState, problems: CreationProblem[], choices: SheetChoices, t: Translate, msg: Msg, names: (id: string) => string, rules: RulesText) {
  const base = build.skills;
  const counts = new Map<string, number>();
  for (const f of build.features) counts.set(f.id, (counts.get(f.id) ?? 0) + 1);
  const owned = new Set(build.features.map((f) => f.identifier));
  const features = [...catalog.features].sort((a, b) => Number(a.system.level) - Number(b.system.level) || a.name.localeCompare(b.name)).map((e) => {
    const s = e.system;
    const prerequisites = ((s.prerequisites as string[] | undefined) ?? []);
    const identifier = String(s.identifier ?? "");
    return {
      uuid: e.uuid, name: e.name, level: Number(s.level ?? 0), count: counts.get(e.uuid) ?? 0, checked: counts.has(e.uuid),
      repeatable: s.repeatable === true, banned: s.allowedAtCreation === false || identifier === "legendary-animal-companion",
      requires: prerequisites.map(names).join(", "), missing: prerequisites.some((p) => !owned.has(p)),
      problem: subjectMessages(problems, "customization", identifier, msg), rules: rules(e.uuid),
    };
  });
  const shown = filterEntries(catalog.spells, view.spellFilters);
  const chosenSpells = build.spells.map((s) => spellRow(catalog.spells.find((e) => e.uuid === s.id) ?? { uuid: s.id, name: names(s.id), type: "spell", system: { level: s.level } }, build, choices, t, names));
  return {
    cp: summary.cp,
    skills: SKILL_KEYS.map((key) => {
      const final = summary.skills[key];
      const choicesFor = [] as number[];
      for (let r = base[key]; r >= 4; r--) choicesFor.push(r);
      return {
        key, label: t(choices.label.skill(key)), base: base[key], name: `custom.${key}`,
        options: options(choicesFor, final, (v) => (Number(v) === base[key] ? v : t(`${P}.Custom.RankCost`, { rank: v, cost: skillCpCost(base[key], Number(v)) }))),
        problem: subjectMessages(problems, "customization", key, msg),
      };
    }),
    features,
    spellFilters: filterView(catalog.spells, view.spellFilters, ["school", "level", "mana", "counters"], choices, t),
    spells: shown.slice(0, LIST_LIMIT).map((e) => spellRow(e, build, choices, t, names, rules)),
    spellCount: { shown: Math.min(shown.length, LIST_LIMIT), total: shown.length },
    chosenSpells,
    problems: problems.filter((p) => p.step === "customization" && (!p.subject || p.code === "spellDuplicate" || p.code === "invalidLevel")).map(msg),
  };
}

function resistanceView(build: CreationBuild, summary: CreationSummary, problems: CreationProblem[], choices: SheetChoices, t: Translate, msg: Msg) {
  const allocation = build.resistanceAllocation;
  const values = Array.from({ length: MAX_ALLOCATION + 1 }, (_, i) => i);
  return {
    points: summary.resistancePoints,
    rows: (choices.damageTypes as DamageType[]).filter((type) => summary.resistanceShares[type]).map((type) => ({
      type, name: `allocation.${type}`, label: t(choices.label.damageType(type)), abbreviation: choices.abbreviation(type),
      options: options(values, allocation[type], (v) => `+${v}`),
      ...summary.resistanceShares[type],
      problem: subjectMessages(problems, "resistance", type, msg),
    })),
    problems: problems.filter((p) => p.step === "resistance" && !p.subject).map(msg),
  };
}

/** Item types the book prices (§1.42, RULING 113): a 0 there is a real price. */
const BOOK_PRICED: readonly string[] = ["armor", "shield"];

/**
 * A price as shown: the number with its meaning in words, or "—" where the book gives none (a
 * stored 0 of another type), never a bare "0" that reads as a real price.
 */
export function priceView(type: string, price: unknown, t: Translate, quantity = 1): { text: string; tooltip: string; unpriced: boolean } {
  const value = Number.isFinite(Number(price)) ? Number(price) : 0;
  if (value === 0 && !BOOK_PRICED.includes(type)) return { text: "—", tooltip: t(`${P}.Equipment.NoPrice`), unpriced: true };
  return { text: String(value * quantity), tooltip: t(`${P}.Equipment.PriceTip`, { price: value * quantity }), unpriced: false };
}

function gearTypeLabel(type: string, t: Translate): string {
  return t(`TYPES.Item.${type}`);
}

/** A warning in words: the armor's burden as the sheet states it, or the points left unspent. */
export function warningText(warning: CreationWarning, choices: SheetChoices, t: Translate): string {
  return warning.code === "armorTooHeavy" ? armorBurdenText(warning.burden, choices, t) : t(`${P}.Warning.UnspentCp`, { value: warning.value, limit: warning.limit });
}

function equipmentView(build: CreationBuild, summary: CreationSummary, catalog: BuilderCatalog, view: BuilderViewState, problems: CreationProblem[], warnings: CreationWarning[], choices: SheetChoices, t: Translate, msg: Msg, names: (id: string) => string) {
  const shown = filterEntries(catalog.gear, view.gearFilters);
  const inCart = new Map(build.equipment.map((g) => [g.id, g]));
  // What each armor weight would cost this character, asked once per weight.
  const shopWarning = new Map<string, string>();
  const armorWarning = (weight: unknown): string => {
    if (!(ARMOR_WEIGHTS as readonly unknown[]).includes(weight)) return "";
    const key = weight as ArmorWeight;
    if (!shopWarning.has(key)) {
      const burden = creationArmorBurden(build, key);
      shopWarning.set(key, burden ? armorBurdenText(burden, choices, t, true) : "");
    }
    return shopWarning.get(key) ?? "";
  };
  return {
    currency: summary.currency,
    filters: filterView(catalog.gear, view.gearFilters, ["type", "group", "hands", "damageType", "weight", "price"], choices, t),
    shop: shown.slice(0, LIST_LIMIT).map((e) => ({
      uuid: e.uuid, name: e.name, type: gearTypeLabel(e.type, t), price: priceView(e.type, e.system.price, t),
      detail: [e.system.weight ? t(choices.label.weight(String(e.system.weight))) : "", e.system.hands ? t(choices.label.hands(String(e.system.hands))) : ""].filter(Boolean).join(", "),
      owned: inCart.get(e.uuid)?.quantity ?? 0,
      warning: e.type === "armor" ? armorWarning(e.system.weight) : "",
    })),
    shopCount: { shown: Math.min(shown.length, LIST_LIMIT), total: shown.length },
    cart: build.equipment.map((g) => ({
      uuid: g.id, name: names(g.id), type: gearTypeLabel(g.type, t), quantity: g.quantity, price: g.price, total: priceView(g.type, g.price, t, g.quantity),
      stackable: g.type === "weapon" || g.type === "equipment", equipped: g.equipped === true,
      equippable: ["weapon", "armor", "shield", "artifact"].includes(g.type),
      problem: problems.filter((p) => p.step === "equipment" && p.subject === g.id).map(msg).join(" "),
      warning: warnings.filter((w) => w.code === "armorTooHeavy" && w.subject === g.id).map((w) => warningText(w, choices, t)).join(" "),
    })),
    problems: problems.filter((p) => p.step === "equipment" && !build.equipment.some((g) => g.id === p.subject)).map(msg),
  };
}

function reviewView(draft: BuilderDraft, catalog: BuilderCatalog, problems: CreationProblem[], warnings: CreationWarning[], choices: SheetChoices, t: Translate, msg: Msg, names: (id: string) => string, viewer: BuilderViewer) {
  const b = draft.build;
  const unapproved = approvalText(draft, catalog, viewer, t);
  // A player waits for the GM's approval (a stop); a GM is told, and may finish.
  const blocked = unapproved !== "" && !viewer.isGM;
  const list = (ids: readonly string[]) => ids.map(names).join(", ") || "—";
  return {
    facts: [
      { label: t(`${P}.Review.Name`), value: b.name || "—" },
      { label: t(`${P}.Review.Skills`), value: b.premadeOption === null ? t(`${P}.Skills.Free`) : t(`${P}.Review.Premade`, { option: b.premadeOption }) },
      { label: t(`${P}.Review.Species`), value: b.species ? names(b.species.id ?? "") : "—" },
      { label: t(`${P}.Review.BonusSkills`), value: [...b.speciesBonusSkills, b.personalBonusSkill].filter(Boolean).map((k) => t(choices.label.skill(k))).join(", ") || "—" },
      { label: t(`${P}.Review.Foci`), value: list([...b.grants.filter((id) => !b.spells.some((s) => s.id === id)), ...b.foci.map((f) => f.id)]) },
      { label: t(`${P}.Review.Features`), value: list(b.features.map((f) => f.id)) },
      { label: t(`${P}.Review.Spells`), value: list(b.spells.map((s) => s.id)) },
      { label: t(`${P}.Review.Equipment`), value: b.equipment.map((g) => (g.quantity > 1 ? `${names(g.id)} ×${g.quantity}` : names(g.id))).join(", ") || "—" },
    ],
    groups: CREATION_STEPS.filter((s) => problems.some((p) => p.step === s) || (blocked && s === "species")).map((step) => ({
      step, label: t(`${P}.Step.${step}`),
      messages: [...problems.filter((p) => p.step === step).map(msg), ...(blocked && step === "species" ? [unapproved] : [])],
    })),
    canConfirm: problems.length === 0 && !blocked,
    // Legal but worth a word: the player may still finish, and "every rule is met" is not said.
    warnings: [
      ...warnings.map((w) => ({ step: w.step, stepLabel: t(`${P}.Step.${w.step}`), text: warningText(w, choices, t) })),
      ...(unapproved && !blocked ? [{ step: "species", stepLabel: t(`${P}.Step.species`), text: unapproved }] : []),
    ],
    hasWarnings: warnings.length > 0 || (unapproved !== "" && !blocked),
    ready: problems.length === 0 && warnings.length === 0 && unapproved === "",
  };
}

/** The entries whose rules text the current step shows (the window enriches only these). */
export function rulesEntries(draft: BuilderDraft, catalog: BuilderCatalog, view: BuilderViewState): CatalogEntry[] {
  switch (draft.step) {
    case "species": return [...catalog.species];
    case "foci": return catalog.foci.filter((e) => !isSuggestionId(e.uuid));
    case "customization": return [...catalog.features, ...filterEntries(catalog.spells, view.spellFilters).slice(0, LIST_LIMIT)];
    default: return [];
  }
}

/** The whole context of the builder window. */
export function buildBuilderContext(draft: BuilderDraft, catalog: BuilderCatalog, view: BuilderViewState, choices: SheetChoices, t: Translate, rules: RulesText = NO_RULES, viewer: BuilderViewer = { isGM: false }) {
  const build = draft.build;
  const summary = creationSummary(build);
  const problems = creationProblems(build);
  const warnings = creationWarnings(build);
  const names = nameLookup(draft, catalog);
  const msg: Msg = (p) => problemText(p, names, choices, t);
  const step = draft.step;
  const index = CREATION_STEPS.indexOf(step);
  const on = (s: CreationStep) => step === s;
  return {
    step,
    steps: stepNav(draft, problems, t),
    refused: view.refused.map(msg),
    concept: { active: on("concept"), ...(on("concept") ? conceptView(draft, problems, msg) : {}) },
    skills: { active: on("skills"), ...(on("skills") ? skillsView(build, summary, problems, choices, t, msg) : {}) },
    species: { active: on("species"), ...(on("species") ? speciesView(draft, catalog, problems, choices, t, msg, names, rules, viewer) : {}) },
    bonusSkill: { active: on("bonusSkill"), ...(on("bonusSkill") ? bonusSkillView(build, problems, choices, t, msg) : {}) },
    foci: { active: on("foci"), ...(on("foci") ? fociView(build, catalog, problems, choices, t, msg, names, rules) : {}) },
    customization: { active: on("customization"), ...(on("customization") ? customizationView(build, summary, catalog, view, problems, choices, t, msg, names, rules) : {}) },
    resistance: { active: on("resistance"), ...(on("resistance") ? resistanceView(build, summary, problems, choices, t, msg) : {}) },
    equipment: { active: on("equipment"), ...(on("equipment") ? equipmentView(build, summary, catalog, view, problems, warnings, choices, t, msg, names) : {}) },
    review: { active: on("review"), ...(on("review") ? reviewView(draft, catalog, problems, warnings, choices, t, msg, names, viewer) : {}) },
    summary: summaryView(summary, choices, t),
    footer: {
      canBack: index > 0, canNext: index < CREATION_STEPS.length - 1, isReview: on("review"),
      canConfirm: problems.length === 0 && (viewer.isGM || approvalText(draft, catalog, viewer, t) === ""), problemCount: problems.length,
      stepProblems: problems.filter((p) => p.step === step).length,
    },
  };
}

export type BuilderContext = ReturnType<typeof buildBuilderContext>;
