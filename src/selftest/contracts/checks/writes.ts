/** Update, Create and Delete: what core's client backend resolves, notifies and skips. */
import type { ContractCheck } from "../types";
import { NAME, documentClass, ensure, game, notified, same, scratch, withHook } from "./support";

const BACKEND = "client/data/client-backend.mjs";

export const writeChecks: ContractCheck[] = [
  {
    id: "update.invalid-resolves-undefined",
    behaviour: "Update",
    title: "An update core's validation refuses notifies an error, changes nothing and resolves undefined (no throw)",
    source: `${BACKEND} #preUpdateDocumentArray (Hooks.onError, notify "error")`,
    async run(context) {
      const entry = await scratch(context, "JournalEntry", { name: NAME });
      const { result, errors } = await notified(() => entry.update({ name: "" }));
      same("update() result", result, undefined);
      ensure(errors.length === 1, "one error notification", errors);
      same("name after the refusal", entry.name, NAME);
    },
  },
  {
    id: "update.noop-resolves-undefined",
    behaviour: "Update",
    title: "An update that changes nothing sends nothing and resolves undefined, quietly",
    source: `${BACKEND} #preUpdateDocumentArray (empty diff skipped)`,
    async run(context) {
      const entry = await scratch(context, "JournalEntry", { name: NAME });
      let hooked = 0;
      const { result, errors } = await notified(() => withHook("updateJournalEntry", () => void hooked++, () => entry.update({ name: NAME })));
      same("update() result", result, undefined);
      same("notifications", errors, []);
      same("updateJournalEntry calls", hooked, 0);
    },
  },
  {
    id: "update.diff-validated",
    behaviour: "Update",
    title: "Only the diff's fields are validated: a stale invalid value elsewhere does not block an update",
    source: "common/abstract/data.mjs DataModel#updateSource (validate({changes: diff, fields: true, joint: false}))",
    async run(context) {
      const entry = await scratch(context, "JournalEntry", { name: NAME });
      entry._source.name = "";
      try {
        const { result, errors } = await notified(() => entry.update({ sort: 5 }));
        ensure(result, "update() to resolve the document", result);
        same("notifications", errors, []);
        same("sort", entry.sort, 5);
      } finally {
        entry._source.name = NAME;
      }
    },
  },
  {
    id: "update.pre-hook-cancels-and-rewrites",
    behaviour: "Update",
    title: "preUpdate<Type> returning false cancels (resolves undefined); a hook may rewrite the caller's change",
    source: `${BACKEND} #preUpdateDocumentArray (Hooks.call preUpdate<Type>)`,
    async run(context) {
      const entry = await scratch(context, "JournalEntry", { name: NAME });
      const refused = await withHook("preUpdateJournalEntry", () => false, () => entry.update({ sort: 1 }));
      same("update() result when a hook returns false", refused, undefined);
      same("sort after the cancelled update", entry.sort, 0);
      // The hook runs before validation: it may turn an invalid change into a valid one, in the caller's object.
      const changes: Record<string, unknown> = { name: "" };
      const { result, errors } = await notified(() => withHook("preUpdateJournalEntry", (_doc, change) => void ((change as { name: string }).name = `${NAME} (rewritten)`), () => entry.update(changes)));
      same("update() result, name, the caller's object, notifications", [result === entry, entry.name, changes.name, errors], [true, `${NAME} (rewritten)`, `${NAME} (rewritten)`, []]);
    },
  },
  {
    id: "update.update-documents-skips-invalid",
    behaviour: "Update",
    title: "updateDocuments skips an invalid entry and resolves the others",
    source: `${BACKEND} #preUpdateDocumentArray`,
    async run(context) {
      const a = await scratch(context, "JournalEntry", { name: NAME });
      const b = await scratch(context, "JournalEntry", { name: NAME });
      const { result } = await notified(() => documentClass("JournalEntry").updateDocuments([{ _id: a.id, name: "" }, { _id: b.id, sort: 3 }]));
      same("updated ids", (result as unknown as { id: string }[]).map((d) => d.id), [b.id]);
    },
  },
  {
    id: "create.invalid-entry-skipped",
    behaviour: "Create",
    title: "createDocuments notifies and skips an invalid entry and creates the rest of the batch",
    source: `${BACKEND} #preCreateDocumentArray`,
    async run(context) {
      const { result, errors } = await notified(() => documentClass("JournalEntry").createDocuments([{ name: "" }, { name: NAME }]));
      const created = (result ?? []) as unknown as { name: string; delete(): Promise<unknown> }[];
      created.forEach((doc) => context.track(doc));
      same("created names", created.map((d) => d.name), [NAME]);
      ensure(errors.length === 1, "one error notification", errors);
    },
  },
  {
    id: "create.pre-hook-cancels",
    behaviour: "Create",
    title: "preCreate<Type> returning false cancels that document (create resolves undefined; a batch creates the rest)",
    source: `${BACKEND} #preCreateDocumentArray (Hooks.call preCreate<Type>)`,
    async run(context) {
      const before = game().journal.size;
      const result = await withHook("preCreateJournalEntry", () => false, () => documentClass("JournalEntry").create({ name: NAME }));
      if (result) context.track(result as unknown as { delete(): Promise<unknown> });
      same("create() result", result, undefined);
      same("journal size", game().journal.size, before);
      const refused = `${NAME} (refused)`;
      const batch = (await withHook("preCreateJournalEntry", (doc) => ((doc as { name: string }).name === refused ? false : undefined),
        () => documentClass("JournalEntry").createDocuments([{ name: refused }, { name: NAME }]))) as { name: string; delete(): Promise<unknown> }[];
      batch.forEach((doc) => context.track(doc));
      same("a batch with one refused", batch.map((d) => d.name), [NAME]);
    },
  },
  {
    id: "create.ids-assigned-unless-keep-id",
    behaviour: "Create",
    title: "The server assigns a new id unless keepId is given",
    source: "common/abstract/document.mjs Document.createDocuments (keepId)",
    async run(context) {
      const id = game().user.id.slice(0, 8) + "Contract";
      const fresh = await scratch(context, "JournalEntry", { _id: id, name: NAME });
      ensure(fresh.id !== id, "a fresh id without keepId", fresh.id);
      const kept = await scratch(context, "JournalEntry", { _id: id, name: NAME }, { keepId: true });
      same("id with keepId", kept.id, id);
    },
  },
  {
    id: "delete.pre-hook-cancels",
    behaviour: "Delete",
    title: "preDelete<Type> returning false cancels the deletion (delete resolves undefined, the document stays)",
    source: `${BACKEND} #preDeleteDocumentArray (Hooks.call preDelete<Type>)`,
    async run(context) {
      const entry = await scratch(context, "JournalEntry", { name: NAME });
      const result = await withHook("preDeleteJournalEntry", () => false, () => entry.delete());
      same("delete() result", result, undefined);
      ensure(game().journal.get(entry.id), "the entry still in game.journal", "gone");
      await entry.delete();
      ensure(!game().journal.get(entry.id), "the entry gone after an uncancelled delete", "still there");
    },
  },
];
