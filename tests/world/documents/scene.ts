/**
 * Scene and Token, minimal (common/documents/scene.mjs, token.mjs; client/documents/token.mjs, v13):
 * a token shows a linked actor (`actorLink`) or a synthetic one built from the base actor and
 * the token's `delta`. A synthetic actor's update is written into the token's delta (core
 * routes it to the ActorDelta); every client then updates its synthetic actor in place and
 * runs its `_onUpdate` and the `updateActor` hook. Not modelled: the canvas, vision, movement,
 * embedded documents of synthetic actors.
 */
import { BooleanField, DocumentIdField, NumberField, ObjectField, SchemaField, StringField, type DataField } from "../fields";
import { DOCUMENT_OWNERSHIP_LEVELS } from "../constants";
import type { Collection } from "../collections";
import { expandObject, mergeObject, type PlainObject } from "../utils";
import { WorldDocument, hostOf, type DocumentMetadata } from "./document";
import { DocumentOwnershipField, EmbeddedCollectionField, documentStatsField } from "./fields";
import type { UserLike } from "./host";
import { OPERATORS_APPLIED, v14Changes } from "./operators";

export class Scene extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "Scene",
    collection: "scenes",
    embedded: { Token: "tokens", MeasuredTemplate: "templates", Region: "regions", Wall: "walls" },
    hasTypeData: false,
    permissions: { create: "ASSISTANT", update: "ASSISTANT", delete: "ASSISTANT" },
  };

  declare active: boolean;
  declare tokens: Collection<TokenDocument>;
  declare templates: Collection<WorldDocument>;
  declare regions: Collection<WorldDocument>;
  declare grid: { type: number; size: number; distance: number; units: string };
  declare walls: Collection<WorldDocument>;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      active: new BooleanField(),
      // common/documents/scene.mjs `grid`: a new scene takes the system's grid (system.json `grid`).
      grid: new SchemaField({
        type: new NumberField({ required: true, nullable: false, integer: true, initial: () => systemGrid().type ?? 1 }),
        size: new NumberField({ required: true, nullable: false, integer: true, min: 50, initial: 100 }),
        distance: new NumberField({ required: true, nullable: false, positive: true, initial: () => systemGrid().distance ?? 1 }),
        units: new StringField({ required: true, blank: true, initial: () => systemGrid().units ?? "" }),
      }),
      tokens: new EmbeddedCollectionField("Token"),
      templates: new EmbeddedCollectionField("MeasuredTemplate"),
      regions: new EmbeddedCollectionField("Region"),
      walls: new EmbeddedCollectionField("Wall"),
      ownership: new DocumentOwnershipField(),
      flags: new ObjectField(),
      _stats: documentStatsField(),
    };
  }
}

/** The system's grid defaults (game.system.grid) of the client creating the scene. */
function systemGrid(): { type?: number; distance?: number; units?: string } {
  return (globalThis as { game?: { system?: { grid?: { type?: number; distance?: number; units?: string } } } }).game?.system?.grid ?? {};
}

type ActorCtor = new (data: PlainObject, context: PlainObject) => WorldDocument;

export class TokenDocument extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "Token",
    collection: "tokens",
    embedded: {},
    hasTypeData: false,
    permissions: { create: "TOKEN_CREATE", update: "OWNER", delete: "ASSISTANT" },
  };

  declare actorId: string | null;
  declare actorLink: boolean;
  declare delta: PlainObject;
  declare disposition: number;
  declare hidden: boolean;
  #synthetic: WorldDocument | null = null;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: true, initial: "" }),
      actorId: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      actorLink: new BooleanField(),
      delta: new ObjectField(),
      x: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      y: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      disposition: new NumberField({ required: true, nullable: false, integer: true, initial: -1 }),
      hidden: new BooleanField(),
      flags: new ObjectField(),
    };
  }

  get baseActor(): WorldDocument | null {
    return this.actorId ? (hostOf(this).collection("Actor")?.get(this.actorId) ?? null) : null;
  }

  get isLinked(): boolean {
    return this.actorLink;
  }

  /** The linked actor, or this token's synthetic actor (built once, then kept up to date). */
  get actor(): WorldDocument | null {
    const base = this.baseActor;
    if (!base || this.actorLink) return base;
    if (!this.#synthetic) {
      const source = mergeObject(base.toObject(), this.delta ?? {}, { inplace: true });
      source._id = base.id;
      this.#synthetic = new (base.constructor as unknown as ActorCtor)(source, { parent: this, host: hostOf(this) });
    }
    return this.#synthetic;
  }

  /** Owners of the base actor own its tokens. */
  override getUserLevel(user?: UserLike | null): number {
    user ??= hostOf(this).user;
    return this.baseActor?.getUserLevel(user) ?? DOCUMENT_OWNERSHIP_LEVELS.NONE;
  }

  override _onUpdate(changed: PlainObject, options: PlainObject, userId: string): void {
    super._onUpdate(changed, options, userId);
    const synthetic = this.#synthetic;
    if (!synthetic || !("delta" in changed)) return;
    const change = synthetic.updateSource(changed.delta as PlainObject);
    synthetic._onUpdate(change, options, userId);
    hostOf(this).Hooks.callAll("updateActor", synthetic, change, options, userId);
  }
}

/** A synthetic actor's update becomes an update of its token's delta. */
export async function updateSyntheticActor(actor: WorldDocument, data: PlainObject, options: PlainObject): Promise<WorldDocument | undefined> {
  const token = actor.parent as TokenDocument;
  const { _id, ...changes } = expandObject(v14Changes(hostOf(actor), data));
  try {
    actor.updateSource(changes, { dryRun: true });
  } catch (error) {
    hostOf(actor).ui.notifications.error(String((error as Error).message));
    hostOf(actor).Hooks.onError("ClientDatabaseBackend##preUpdateDocumentArray", error, { id: actor.id, log: "error" });
    return undefined;
  }
  const updated = await token.update({ delta: changes }, { ...options, [OPERATORS_APPLIED]: true });
  return updated ? actor : undefined;
}
