/**
 * The Actor document (common/documents/actor.mjs and client/documents/actor.mjs, v13): create
 * needs ACTOR_CREATE (assistants and GMs by default), update needs OWNER, delete is for
 * assistants and GMs (the Document default). `modifyTokenAttribute` is core's token-bar edit.
 */
import { DocumentIdField, FilePathField, NumberField, ObjectField, StringField, type DataField } from "../fields";
import type { Collection } from "../collections";
import { getProperty, type PlainObject } from "../utils";
import { WorldDocument, hostOf, type DocumentMetadata, type PermissionSubject } from "./document";
import { DocumentOwnershipField, EmbeddedCollectionField, TypeDataField, documentStatsField } from "./fields";
import { updateSyntheticActor } from "./scene";
import { applicableEffects, collectStatuses, toggleStatusEffect, type ActiveEffect } from "./active-effect";
import type { UserLike } from "./host";

export class Actor extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "Actor",
    collection: "actors",
    embedded: { Item: "items", ActiveEffect: "effects" },
    hasTypeData: true,
    permissions: {
      create: (user: UserLike) => user.hasPermission("ACTOR_CREATE"),
      update: (user: UserLike, doc: PermissionSubject) => doc.testUserPermission(user, "OWNER"),
      delete: "ASSISTANT",
    },
  };

  declare img: string | null;
  declare system: unknown;
  declare ownership: Record<string, number>;
  declare items: Collection<WorldDocument>;
  declare effects: Collection<ActiveEffect>;
  /** Status ids of the enabled effects (set while preparing data). */
  declare statuses: Set<string>;
  declare prototypeToken: PlainObject;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, initial: undefined }),
      type: this.typeField(),
      img: new FilePathField({ nullable: true, initial: null }),
      system: new TypeDataField("Actor"),
      prototypeToken: new ObjectField(),
      items: new EmbeddedCollectionField("Item"),
      effects: new EmbeddedCollectionField("ActiveEffect"),
      folder: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new DocumentOwnershipField(),
      flags: new ObjectField(),
      _stats: documentStatsField(),
    };
  }

  /** Embedded documents, then the effects' statuses (Actor#applyActiveEffects, statuses only). */
  override prepareEmbeddedDocuments(): void {
    super.prepareEmbeddedDocuments();
    collectStatuses(this as never);
  }

  allApplicableEffects(): Generator<ActiveEffect> {
    return applicableEffects(this as never);
  }

  get appliedEffects(): ActiveEffect[] {
    return [...applicableEffects(this as never)].filter((e) => e.active);
  }

  async toggleStatusEffect(statusId: string, options: { active?: boolean; overlay?: boolean } = {}): Promise<unknown> {
    return toggleStatusEffect(this as never, statusId, options);
  }

  /** A synthetic actor belongs to an unlinked token (its parent). */
  get isToken(): boolean {
    return (this.parent as WorldDocument | null)?.documentName === "Token";
  }

  get token(): WorldDocument | null {
    return this.isToken ? (this.parent as WorldDocument) : null;
  }

  /** Tokens of this actor in the client's scenes (no canvas: every scene counts). */
  getActiveTokens(): WorldDocument[] {
    const scenes = hostOf(this).collection("Scene");
    const tokens: WorldDocument[] = [];
    for (const scene of scenes ?? []) {
      for (const token of (scene as unknown as { tokens: Collection<WorldDocument & { actor: unknown }> }).tokens) {
        if (token.actor === this) tokens.push(token);
      }
    }
    return tokens;
  }

  /**
   * Core's token-bar edit (client/documents/actor.mjs): a bar writes `<attribute>.value`
   * clamped to 0..max, a value writes itself; the `modifyTokenAttribute` hook may veto or
   * rewrite the update; then `update`.
   */
  async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true): Promise<this | undefined> {
    const attr = getProperty(this.system, attribute) as number | { value: number; max: number };
    const current = isBar ? (attr as { value: number }).value : (attr as number);
    const next = isDelta ? current + value : value;
    if (next === current) return this;
    const updates: PlainObject = isBar
      ? { [`system.${attribute}.value`]: Math.min(Math.max(next, 0), (attr as { max: number }).max) }
      : { [`system.${attribute}`]: next };
    const allowed = hostOf(this).Hooks.call("modifyTokenAttribute", { attribute, value, isDelta, isBar }, updates, this);
    return allowed !== false ? this.update(updates) : this;
  }

  /** A token's synthetic actor writes into the token's delta (see scene.ts). */
  override async update(data: PlainObject = {}, operation: PlainObject = {}): Promise<this | undefined> {
    if (this.isToken) return (await updateSyntheticActor(this, data, operation)) as this | undefined;
    return super.update(data, operation);
  }

  getRollData(): PlainObject {
    return { ...((this.system as PlainObject | undefined) ?? {}) };
  }
}
