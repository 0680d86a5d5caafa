/** JournalEntry and its pages, only as far as compendium lookups need them (the rules pack). */
import { DocumentIdField, NumberField, ObjectField, StringField, type DataField } from "../fields";
import type { Collection } from "../collections";
import { WorldDocument, type DocumentMetadata } from "./document";
import { DocumentOwnershipField, EmbeddedCollectionField, TypeDataField, documentStatsField } from "./fields";

export class JournalEntry extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "JournalEntry",
    collection: "journal",
    embedded: { JournalEntryPage: "pages" },
    hasTypeData: false,
    permissions: { create: "ASSISTANT", update: "OWNER", delete: "ASSISTANT" },
  };

  declare pages: Collection<JournalEntryPage>;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      pages: new EmbeddedCollectionField("JournalEntryPage"),
      folder: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new DocumentOwnershipField(),
      flags: new ObjectField(),
      _stats: documentStatsField(),
    };
  }
}

export class JournalEntryPage extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "JournalEntryPage",
    collection: "pages",
    embedded: {},
    hasTypeData: true,
    permissions: { create: "OWNER", update: "OWNER", delete: "OWNER" },
  };

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      type: new StringField({ required: true, blank: false, initial: "text" }),
      title: new ObjectField(),
      text: new ObjectField(),
      system: new TypeDataField("JournalEntryPage"),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new DocumentOwnershipField({ initial: () => ({ default: -1 }) }),
      flags: new ObjectField(),
      _stats: documentStatsField(),
    };
  }

  /** Opens the journal at this page (client/documents/journal-entry-page.mjs `_onClickDocumentLink`). */
  override _onClickDocumentLink(event: Event): unknown {
    const anchor = (event.target as HTMLElement | null)?.closest?.<HTMLElement>("a[data-link]");
    const sheet = (this.parent as WorldDocument | null)?.sheet as { render(force: boolean, options: object): unknown } | null | undefined;
    return sheet?.render(true, { pageId: this.id, anchor: anchor?.dataset.hash }) ?? null;
  }
}
