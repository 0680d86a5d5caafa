/**
 * The builder's only write to the character, made when the review is confirmed: the chosen
 * documents are read from their compendia, `actorDataFromBuild` turns the build into the
 * system update and the item sources, the items are created with their planned ids (so the
 * equipped slots can point at them), then the system data, the creation record and the
 * biography are written and the draft flag removed. A refused write undoes the items.
 */
import { currentUser, localize, localizedError, resolveUuid, updateDocument } from "../../foundry";
import { creationProblems } from "../../rules";
import { actorDataFromBuild, BUILDER_SCOPE, DRAFT_FLAG, type ItemSourceLike } from "./build-data";
import type { BuilderDraft } from "./draft";
import { currentChoices } from "../choices-registry";
import { isSuggestionId, suggestionSource } from "./focus-suggestions";

type ActorDoc = Actor.Implementation;

/** Every document id the build refers to. */
export function chosenIds(draft: BuilderDraft): string[] {
  const b = draft.build;
  return [...new Set([
    ...(b.species?.id ? [b.species.id] : []), ...b.grants, ...b.foci.map((f) => f.id), ...b.features.map((f) => f.id),
    ...b.spells.map((s) => s.id), ...b.equipment.map((g) => g.id),
  ])];
}

async function sourcesOf(ids: readonly string[], labels: Readonly<Record<string, string>>): Promise<Map<string, ItemSourceLike>> {
  const sources = new Map<string, ItemSourceLike>();
  const choices = currentChoices();
  for (const id of ids) {
    // A setting's suggested focus becomes a new item; its module may have gone since it was picked.
    if (isSuggestionId(id)) {
      const source = suggestionSource(id, choices, localize);
      if (!source) throw localizedError("CLOCKWORK.Builder.Error.SuggestionGone", { name: labels[id] ?? id });
      sources.set(id, source);
      continue;
    }
    const doc = (await resolveUuid(id)) as { toObject?: () => ItemSourceLike } | null;
    if (!doc?.toObject) throw localizedError("CLOCKWORK.Builder.Error.Commit", { details: id });
    sources.set(id, doc.toObject());
  }
  return sources;
}

function randomId(): string {
  return foundry.utils.randomID();
}

/** Writes the finished build to the actor. Throws a localized error when it cannot. */
export async function commitBuild(actor: ActorDoc, draft: BuilderDraft): Promise<void> {
  const problems = creationProblems(draft.build);
  if (problems.length) throw localizedError("CLOCKWORK.Builder.Error.Commit", { details: localize("CLOCKWORK.Builder.Review.NotReady") });
  if (actor.items.size > 0) throw localizedError("CLOCKWORK.Builder.Error.Populated", { name: actor.name });
  const sources = await sourcesOf(chosenIds(draft), draft.labels);
  // A custom species waits for the GM's approval before a player plays it (docs/rulings.md 175).
  const species = draft.build.species?.id ? sources.get(draft.build.species.id) : undefined;
  const system = (species?.system ?? {}) as { custom?: boolean; approved?: boolean };
  if (system.custom === true && system.approved !== true && currentUser<{ isGM: boolean }>()?.isGM !== true) {
    throw localizedError("CLOCKWORK.Error.Species.Unapproved", { name: species?.name ?? "" });
  }
  const write = actorDataFromBuild(draft.build, (id) => sources.get(id), randomId);
  const created = (await actor.createEmbeddedDocuments("Item", write.items as never, { keepId: true } as never)) ?? [];
  const undo = async (): Promise<void> => {
    const ids = created.map((i) => i.id).filter((id): id is string => typeof id === "string");
    if (ids.length) await actor.deleteEmbeddedDocuments("Item", ids);
  };
  if (created.length !== write.items.length) {
    await undo();
    throw localizedError("CLOCKWORK.Builder.Error.Commit", { details: `${created.length} / ${write.items.length}` });
  }
  const updated = await updateDocument(actor as never, {
    name: draft.build.name,
    system: { ...write.system, biography: draft.biography ? `<p>${foundry.utils.escapeHTML(draft.biography)}</p>` : "" },
    flags: { [BUILDER_SCOPE]: { creation: write.flags.clockwork.creation } },
  });
  // Data already as built is no change, not a refusal (core resolves undefined for both).
  if (updated === "refused") {
    await undo();
    throw localizedError("CLOCKWORK.Builder.Error.Commit", { details: actor.name });
  }
  await actor.unsetFlag(BUILDER_SCOPE as never, DRAFT_FLAG as never);
}
