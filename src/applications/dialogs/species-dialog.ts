/**
 * Applying a species from a sheet: confirm replacing the current one, ask for the species'
 * choices in a dialog (re-shown with the problems until they are valid), then hand the picks
 * to `ClockworkActor#applySpecies`, which creates the species and its granted items.
 */
import { describePickProblem, resolveSpeciesPicks, type SpeciesRules } from "../../documents/species-picks";
import type { ClockworkActor } from "../../documents/actor";
import { currentChoices } from "../choices-registry";
import { TEMPLATES } from "../handlebars";
import {
  buildSpeciesChoiceContext, defaultSpeciesChoice, parseSpeciesForm, toSpeciesPicks, type SpeciesChoice,
} from "../context/species-choice";
import type { ItemLike, ItemSystemSource } from "../context/source-types";
import { speciesOptionNames } from "../sheets/links";
import { choose, confirm, formData, localize, notify, renderTemplate } from "../../foundry";

type ItemDoc = Item.Implementation;

interface SpeciesDocLike { name: string; type: string; system: unknown }

function speciesLike(item: SpeciesDocLike): ItemLike {
  return { name: item.name, type: item.type, system: item.system as ItemSystemSource };
}

/**
 * Names and icons of the grant options from the compendium index, so an option whose document
 * does not load is still named (marked `resolved: false`, and the dialog warns), never a raw id.
 */
function optionNames(species: ItemLike): ReturnType<typeof speciesOptionNames> {
  return speciesOptionNames((species.system.grants ?? []).flatMap((g) => g.options ?? []));
}

/**
 * Shows the choice dialog until the picks pass the actor's own check; null when cancelled.
 * `personalBonusSkill` is the actor's, which the species picks may not repeat.
 */
export async function chooseSpeciesOptions(species: ItemLike, start: SpeciesChoice, personalBonusSkill: string): Promise<SpeciesChoice | null> {
  const names = await optionNames(species);
  const choices = currentChoices();
  let current = start;
  let problems: string[] = [];
  for (;;) {
    const content = await renderTemplate(TEMPLATES.dialogs.species,
      buildSpeciesChoiceContext(species, current, names, problems, choices));
    const result = await choose({
      title: localize("CLOCKWORK.Dialog.Species.Title", { name: species.name }),
      classes: ["clockwork"],
      width: 520,
      content,
      buttons: [
        { action: "apply", label: "CLOCKWORK.Dialog.Species.Apply", icon: "fa-solid fa-check", default: true, callback: (_event, button) => formData(button) },
        { action: "cancel", label: "CLOCKWORK.Dialog.Cancel", icon: "fa-solid fa-xmark" },
      ],
    });
    if (result === null || typeof result !== "object") return null;
    current = parseSpeciesForm(species, result as Record<string, unknown>);
    const resolved = resolveSpeciesPicks(species.system as SpeciesRules, toSpeciesPicks(current), personalBonusSkill);
    problems = resolved.problems.map(describePickProblem);
    if (problems.length === 0) return current;
  }
}

async function pickAndApply(actor: ClockworkActor, species: ItemDoc, start: SpeciesChoice): Promise<ItemDoc | null> {
  const choice = await chooseSpeciesOptions(speciesLike(species), start, actor.creature.personalBonusSkill);
  if (!choice) return null;
  try {
    return await actor.applySpecies(species, toSpeciesPicks(choice));
  } catch (error) {
    notify("error", "CLOCKWORK.Sheet.Error.UpdateRefused", { details: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/** Drop handler for a species item: one species per actor, so a second one replaces the first. */
export async function applySpecies(actor: ClockworkActor, dropped: ItemDoc): Promise<ItemDoc | null> {
  const existing = actor.species;
  if (existing) {
    const yes = await confirm("CLOCKWORK.Dialog.ReplaceSpecies.Title", "CLOCKWORK.Dialog.ReplaceSpecies.Content", {
      old: existing.name, name: dropped.name,
    });
    if (!yes) return null;
  }
  return pickAndApply(actor, dropped, defaultSpeciesChoice(speciesLike(dropped), currentChoices()));
}

/** The species card's button: choose again for the species the actor has (re-applies it). */
export async function reconfigureSpecies(actor: ClockworkActor, species: ItemDoc): Promise<void> {
  const fields = actor.creature;
  const granted = new Set(actor.items.contents
    .filter((i) => i.getFlag("clockwork", "grantedBySpecies") === true)
    .map((i) => i._stats?.compendiumSource ?? ""));
  const start: SpeciesChoice = {
    bonusSkills: [...fields.speciesBonusSkills],
    resistance: fields.speciesResistance,
    size: fields.sizeChoice,
    grants: (speciesLike(species).system.grants ?? []).map((g) => (g.options ?? []).filter((uuid) => granted.has(uuid))),
  };
  await pickAndApply(actor, species, start);
}
