/** Broadcast: what the requesting client runs after its own write, before the call resolves. */
import type { ContractCheck } from "../types";
import { NAME, ensure, game, same, scratch, withHook, type Loose } from "./support";

export const broadcastChecks: ContractCheck[] = [
  {
    id: "broadcast.hooks-before-resolve",
    behaviour: "Broadcast",
    title: "The requester runs update<Type> with the diff and its own user id before update() resolves",
    source: "client/data/client-backend.mjs #handleUpdateDocuments, #onModifyDocument",
    async run(context) {
      const entry = await scratch(context, "JournalEntry", { name: NAME });
      const seen: unknown[][] = [];
      // The diff's own keys: the server may add `_stats` to it.
      await withHook("updateJournalEntry", (doc, changes, _options, userId) => {
        const { sort, _id, name } = changes as Record<string, unknown>;
        seen.push([doc === entry, { sort, _id, name }, userId]);
      }, () => entry.update({ sort: 4 }));
      same("updateJournalEntry calls (same document, diff, user id)", seen, [[true, { sort: 4, _id: entry.id }, game().user.id]]);
    },
  },
  {
    id: "broadcast.embedded-create",
    behaviour: "Broadcast",
    title: "An embedded create runs create<Type> and the parent's _onCreateDescendantDocuments, and is in the parent's collection on resolve",
    source: "client/data/client-backend.mjs #handleCreateDocuments; client/documents/abstract/client-document.mjs _onCreateDescendantDocuments",
    async run(context) {
      const entry = await scratch(context, "JournalEntry", { name: NAME });
      const descendant: string[] = [];
      const original = entry._onCreateDescendantDocuments;
      entry._onCreateDescendantDocuments = function (this: unknown, ...args: unknown[]) {
        descendant.push(String(args[1]));
        return original.apply(this, args);
      };
      const hooked: string[] = [];
      const [page]: Loose[] = await withHook("createJournalEntryPage", (doc, _options, userId) => void hooked.push(`${(doc as { parent: unknown }).parent === entry}:${userId}`),
        () => entry.createEmbeddedDocuments("JournalEntryPage", [{ name: NAME, type: "text" }]));
      ensure(page && entry.pages.get(page.id) === page, "the page in entry.pages when the call resolves", "missing");
      same("createJournalEntryPage calls", hooked, [`true:${game().user.id}`]);
      same("_onCreateDescendantDocuments collections", descendant, ["pages"]);
    },
  },
];
