/**
 * The Item document (common/documents/item.mjs, v13): create needs ITEM_CREATE for a world item
 * and ownership of the actor for an owned item; update and delete need OWNER. An owned item
 * ignores its own ownership field and takes the actor's level (BaseItem#getUserLevel).
 */
import { DocumentIdField, FilePathField, NumberField, ObjectField, StringField, type DataField } from "../fields";
import { WorldDocument, type DocumentMetadata, type PermissionSubject } from "./document";
import { DocumentOwnershipField, EmbeddedCollectionField, TypeDataField, documentStatsField } from "./fields";
import type { UserLike } from "./host";

function canCreateItem(user: UserLike, doc: PermissionSubject): boolean {
  const parent = doc.parent as PermissionSubject | null;
  if (parent) return parent.testUserPermission(user, "OWNER");
  return user.hasPermission("ITEM_CREATE");
}

export class Item extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "Item",
    collection: "items",
    embedded: { ActiveEffect: "effects" },
    hasTypeData: true,
    permissions: { create: canCreateItem, update: "OWNER", delete: "OWNER" },
  };

  declare img: string | null;
  declare system: unknown;
  declare ownership: Record<string, number>;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, initial: undefined }),
      type: this.typeField(),
      img: new FilePathField({ nullable: true, initial: null }),
      system: new TypeDataField("Item"),
      effects: new EmbeddedCollectionField("ActiveEffect"),
      folder: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new DocumentOwnershipField(),
      flags: new ObjectField(),
      _stats: documentStatsField(),
    };
  }

  override getUserLevel(user?: UserLike | null): number {
    const parent = this.parent as WorldDocument | null;
    return parent ? parent.getUserLevel(user) : super.getUserLevel(user);
  }

  get actor(): WorldDocument | null {
    const parent = this.parent as WorldDocument | null;
    return parent?.documentName === "Actor" ? parent : null;
  }

  get isOwned(): boolean {
    return this.parent !== null;
  }
}
