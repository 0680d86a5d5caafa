/**
 * Scene and Token, minimal (common/documents/scene.mjs, token.mjs; client/documents/token.mjs, v13):
 * a token shows a linked actor (`actorLink`) or a synthetic one built from the base actor and
 * the token's `delta`. A synthetic actor's update is written into the token's delta (core
 * routes it to the ActorDelta); every client then updates its synthetic actor in place and
 * runs its `_onUpdate` and the `updateActor` hook.
 *
 * Token movement (client/documents/token.mjs v13, `move`, `#preUpdateMovement`,
 * `revertRecordedMovement`, `clearMovementHistory`, `_shouldRecordMovementHistory`,
 * `#onUpdateOperationMovement`): a move is an update whose `movement` option carries waypoints
 * (or whose x/y change, from which one waypoint is inferred); the moving client builds the
 * movement operation (origin, passed waypoints measured on the scene's grid, history), asks
 * `_preUpdateMovement` (awaited) and the `preMoveToken` hook, and a refusal drops the movement
 * fields before anything is written. A recorded move (the token's combatant's combat has started)
 * writes `_movementHistory` in the same update; only an undo (`isUndo`) may set it directly.
 * After the write every client runs `_onUpdateMovement` and the `moveToken` hook with the
 * operation. Not modelled: checkpoints and pending waypoints (every move passes all its
 * waypoints), regions, wall constraints, animation, pausing.
 * Not modelled either: vision, embedded documents of synthetic actors.
 */
import { ArrayField, BooleanField, DocumentIdField, NumberField, ObjectField, SchemaField, StringField, type DataField } from "../fields";
import { MOVEMENT_FIELDS, type MovementActionConfig } from "../canvas/movement";
import { SquareGrid, type GridOffset } from "../canvas/grid";
import { DOCUMENT_OWNERSHIP_LEVELS } from "../constants";
import type { Collection } from "../collections";
import { expandObject, mergeObject, randomID, type PlainObject } from "../utils";
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
  declare x: number;
  declare y: number;
  declare elevation: number;
  declare width: number;
  declare height: number;
  declare movementAction: string | null;
  #synthetic: WorldDocument | null = null;
  #movement: MovementOperation | null = null;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: true, initial: "" }),
      actorId: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      actorLink: new BooleanField(),
      delta: new ObjectField(),
      x: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      y: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      elevation: new NumberField({ required: true, nullable: false, initial: 0 }),
      width: new NumberField({ required: true, nullable: false, positive: true, initial: 1 }),
      height: new NumberField({ required: true, nullable: false, positive: true, initial: 1 }),
      shape: new NumberField({ required: true, nullable: false, integer: true, initial: 4 }),
      // common/documents/token.mjs: the selected movement action (null: CONFIG.Token.movement.defaultAction).
      movementAction: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      // The recorded waypoints of this combat turn's moves (TokenMeasuredMovementWaypoint sources).
      _movementHistory: new ArrayField(new ObjectField()),
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

  // ------------------------------------------------------------ movement

  /** The recorded movement of the current turn (client/documents/token.mjs `movementHistory`). */
  get movementHistory(): MovementWaypoint[] {
    return (this._source._movementHistory as MovementWaypoint[]) ?? [];
  }

  /** The last movement operation this client saw (`TokenDocument#movement`), or null. */
  get movement(): MovementOperation | null {
    return this.#movement;
  }

  /** The movement action used when a waypoint names none (`prepareDerivedData`: the default action). */
  get currentMovementAction(): string {
    return this.movementAction ?? String((hostOf(this).CONFIG.Token as PlainObject | undefined)?.movement ? ((hostOf(this).CONFIG.Token as { movement: { defaultAction: string } }).movement.defaultAction) : "walk");
  }

  /** This token's combatant in a combat of this client (common/documents/token.mjs `combatant`). */
  get combatant(): (WorldDocument & { parent: { started: boolean } }) | null {
    const combats = hostOf(this).collection("Combat");
    for (const combat of combats?.contents ?? []) {
      const found = (combat as unknown as { combatants: Collection<WorldDocument & { tokenId: string | null; sceneId: string | null }> }).combatants
        .find((c) => c.tokenId === this.id && c.sceneId === (this.parent as { id?: string | null } | null)?.id);
      if (found) return found as never;
    }
    return null;
  }

  get inCombat(): boolean {
    return this.combatant !== null;
  }

  /** The scene's grid (a square grid of its `grid` data). */
  get #grid(): SquareGrid {
    const grid = (this.parent as unknown as { grid?: { size?: number; distance?: number } } | null)?.grid ?? {};
    let diagonals = 0;
    try {
      diagonals = Number((hostOf(this).game.settings as { get(ns: string, k: string): unknown }).get("core", "gridDiagonals") ?? 0);
    } catch {
      // No core setting on this client: core's default rule.
    }
    return new SquareGrid({ size: grid.size, distance: grid.distance, diagonals });
  }

  /** The grid space of a token position (its top-left space). */
  getOffset(position: { x: number; y: number }): GridOffset {
    return this.#grid.getOffset(position);
  }

  /** The centre of a token at a position (`getCenterPoint`). */
  getCenterPoint(position: { x?: number; y?: number; width?: number; height?: number } = {}): { x: number; y: number } {
    const size = this.#grid.size;
    const x = position.x ?? this._source.x as number;
    const y = position.y ?? this._source.y as number;
    return { x: x + ((position.width ?? this._source.width as number) * size) / 2, y: y + ((position.height ?? this._source.height as number) * size) / 2 };
  }

  /**
   * Measures a path of token positions on the scene's grid (`measureMovementPath`): each
   * waypoint gets the distance, spaces, diagonals and cost from the start, the cost priced by
   * the waypoint's movement action (`getCostFunction`); an unmeasured action (displace) adds nothing.
   */
  measureMovementPath(waypoints: Partial<MovementWaypoint>[]): { waypoints: { distance: number; spaces: number; diagonals: number; cost: number }[]; distance: number; spaces: number; diagonals: number; cost: number } {
    const grid = this.#grid;
    const actions = movementActions(this);
    const out = [{ distance: 0, spaces: 0, diagonals: 0, cost: 0 }];
    let total = { distance: 0, spaces: 0, diagonals: 0, cost: 0 };
    for (let k = 1; k < waypoints.length; k++) {
      const from = waypoints[k - 1];
      const to = waypoints[k];
      const config = actions[to.action ?? this.currentMovementAction];
      let leg = { distance: 0, spaces: 0, diagonals: 0, cost: 0 };
      if (config?.measure !== false) {
        // Each grid step is priced by the action's cost function (client/canvas/placeables/token.mjs `measureMovementPath`).
        const price = config?.getCostFunction(this, {}) ?? ((c: number) => c);
        const segment = { action: to.action ?? this.currentMovementAction } as PlainObject;
        const m = grid.measurePath([{ x: from.x ?? 0, y: from.y ?? 0 }, { x: to.x ?? 0, y: to.y ?? 0 }], { cost: (base, a, b, d) => price(base, a as unknown as PlainObject, b as unknown as PlainObject, d, segment) });
        leg = { distance: m.distance, spaces: m.spaces, diagonals: m.diagonals, cost: m.cost };
      }
      total = { distance: total.distance + leg.distance, spaces: total.spaces + leg.spaces, diagonals: total.diagonals + leg.diagonals, cost: total.cost + leg.cost };
      out.push({ ...total });
    }
    return { waypoints: out, ...total };
  }

  /** Moves through waypoints (`TokenDocument#move`): true when the token moved. */
  async move(waypoints: Partial<MovementWaypoint> | Partial<MovementWaypoint>[], { method, ...options }: PlainObject = {}): Promise<boolean> {
    const list = Array.isArray(waypoints) ? waypoints : [waypoints];
    if (list.length === 0) return false;
    const args = { result: false };
    const updated = await this.update({}, { ...options, movement: { [this.id as string]: { waypoints: list, method } }, _movementArguments: args });
    return args.result && !!updated;
  }

  /** Undoes the recorded movement from `movementId` on (`revertRecordedMovement`): the token returns to where it was before. */
  async revertRecordedMovement(movementId?: string): Promise<boolean> {
    const history = this.movementHistory;
    if (history.length === 0) return false;
    movementId ??= history[0].movementId;
    const index = history.findIndex((w) => w.movementId === movementId);
    if (index < 0) return false;
    const { x, y, elevation, width, height, shape } = history[Math.max(index - 1, 0)];
    const args = { result: false };
    const updated = await this.update({ x, y, elevation, width, height, shape, _movementHistory: history.slice(0, index) },
      { isUndo: true, diff: false, animate: false, _movementArguments: args });
    return args.result && !!updated;
  }

  /** Empties the recorded movement (`clearMovementHistory`). */
  async clearMovementHistory(): Promise<void> {
    if (this.movementHistory.length === 0) return;
    await this.update({}, { diff: false, noHook: true, _clearMovementHistory: true });
  }

  /** Recorded while the token's combatant is in a started combat (`_shouldRecordMovementHistory`). */
  _shouldRecordMovementHistory(): boolean {
    const combatant = this.combatant;
    return combatant ? combatant.parent.started : false;
  }

  /** A system may refuse a move here (awaited before `preMoveToken`); false refuses. */
  async _preUpdateMovement(_movement: MovementOperation, _operation: PlainObject): Promise<boolean | void> {}

  /** Runs on every client after a move is written, before the `moveToken` hook. */
  _onUpdateMovement(_movement: MovementOperation, _operation: PlainObject, _user: UserLike): void {}

  override async _preCreate(data: PlainObject, options: PlainObject, user: UserLike): Promise<boolean | void> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    // `_preCreateOperation` wipes a new token's movement history.
    this.updateSource({ _movementHistory: [] });
  }

  override async _preUpdate(changed: PlainObject, options: PlainObject, user: UserLike): Promise<boolean | void> {
    const allowed = await super._preUpdate(changed, options, user);
    if (allowed === false) return false;
    await this.#preUpdateMovement(changed, options);
  }

  async #preUpdateMovement(changed: PlainObject, options: PlainObject): Promise<void> {
    // The history changes only through an undo or a clear.
    if (!options.isUndo) delete changed._movementHistory;
    if (options._clearMovementHistory) changed._movementHistory = [];
    const request = (options.movement as Record<string, { waypoints?: Partial<MovementWaypoint>[]; method?: string }> | undefined)?.[this.id as string] ?? {};
    let waypoints = request.waypoints?.length ? request.waypoints : undefined;
    const source = this._source as unknown as MovementWaypoint;
    if (!waypoints && MOVEMENT_FIELDS.some((k) => k in changed)) {
      const at = (k: (typeof MOVEMENT_FIELDS)[number]) => (changed[k] ?? source[k]) as number;
      waypoints = [{ x: at("x"), y: at("y"), elevation: at("elevation"), width: at("width"), height: at("height"), shape: at("shape"), action: options.isPaste ? "displace" : undefined, checkpoint: true }];
    }
    delete options.movement;
    if (!waypoints) {
      for (const k of MOVEMENT_FIELDS) delete changed[k];
      return;
    }
    const method = request.method ?? (options.isPaste ? "paste" : options.isUndo ? "undo" : "api");
    if (!["api", "config", "dragging", "keyboard", "paste", "undo"].includes(method) || (method === "undo") !== !!options.isUndo) throw new Error("Invalid movement method");
    const origin = { x: source.x, y: source.y, elevation: source.elevation, width: source.width, height: source.height, shape: source.shape };
    const passed = this.#cleanWaypoints(waypoints, origin);
    const movementId = randomID();
    const userId = hostOf(this).userId;
    const recorded = !options.isUndo && this._shouldRecordMovementHistory();
    const history = this.movementHistory.map((w) => ({ ...w, cost: w.cost ?? Infinity }));
    const combined: MovementWaypoint[] = [...history];
    const previous = combined.at(-1);
    if (!previous || !MOVEMENT_FIELDS.every((k) => previous[k] === origin[k])) {
      combined.push({ ...origin, action: previous ? "displace" : passed[0].action, snapped: false, explicit: false, checkpoint: true, intermediate: false, userId, movementId, cost: 0 });
    }
    const start = combined.length;
    for (const w of passed) combined.push({ ...w, userId, movementId, cost: 0 });
    // Price every passed waypoint from the one before (the rendered token's `measureMovementPath`).
    const measured = this.measureMovementPath(combined);
    for (let i = start; i < combined.length; i++) combined[i].cost = measured.waypoints[i].cost - measured.waypoints[i - 1].cost;
    const section = this.measureMovementPath([origin, ...passed]);
    const destination = passed.at(-1) as MovementWaypoint;
    destination.checkpoint = true;
    const historyMeasure = this.measureMovementPath(history);
    const move: MovementOperation = deepFreeze({
      id: movementId, chain: [], origin, destination: { x: destination.x, y: destination.y, elevation: destination.elevation, width: destination.width, height: destination.height, shape: destination.shape },
      passed: { waypoints: combined.slice(start), distance: section.distance, cost: section.cost, spaces: section.spaces, diagonals: section.diagonals },
      pending: { waypoints: [], distance: 0, cost: 0, spaces: 0, diagonals: 0 },
      history: { recorded: { waypoints: history, distance: historyMeasure.distance, cost: historyMeasure.cost, spaces: historyMeasure.spaces, diagonals: historyMeasure.diagonals } },
      constrained: false, recorded, method, userId,
    });
    let movementAllowed = (await this._preUpdateMovement(move, options)) ?? true;
    movementAllowed &&= (options.noHook as boolean) || hostOf(this).Hooks.call("preMoveToken", this, move, options);
    if (movementAllowed === false) {
      for (const k of MOVEMENT_FIELDS) delete changed[k];
      return;
    }
    for (const k of MOVEMENT_FIELDS) changed[k] = destination[k];
    if (recorded) changed._movementHistory = combined.map((w) => ({ ...w, cost: w.cost === Infinity ? null : w.cost }));
    options._movement = { ...(options._movement as PlainObject | undefined), [this.id as string]: move };
    options.diff = false;
    if (options._movementArguments) (options._movementArguments as { result: boolean }).result = true;
  }

  /** Fills each waypoint from the one before and checks it (`#cleanAndValiateMovementWaypoints`). */
  #cleanWaypoints(waypoints: Partial<MovementWaypoint>[], origin: MovementOperation["origin"]): MovementWaypoint[] {
    const actions = movementActions(this);
    let previous: MovementWaypoint = { ...origin, action: this.currentMovementAction } as MovementWaypoint;
    return waypoints.map((raw) => {
      const w = { ...raw } as MovementWaypoint;
      for (const k of ["x", "y", "elevation", "width", "height"] as const) {
        if (w[k] === undefined) w[k] = previous[k];
        else if (typeof w[k] !== "number" || !Number.isFinite(w[k])) throw new Error(`${k} must be a finite number`);
      }
      w.x = Math.round(w.x);
      w.y = Math.round(w.y);
      w.shape ??= previous.shape;
      if (w.action === undefined) w.action = previous.action;
      else if (typeof w.action !== "string" || !(w.action in actions)) throw new Error("action is invalid");
      w.snapped = !!w.snapped;
      w.explicit = !!w.explicit;
      w.checkpoint = !!w.checkpoint;
      w.intermediate = false;
      previous = w;
      return w;
    });
  }

  static override async _onUpdateOperation(documents: WorldDocument[], operation: PlainObject, user: UserLike): Promise<void> {
    await super._onUpdateOperation(documents, operation, user);
    const moves = operation._movement as Record<string, MovementOperation> | undefined;
    if (!moves) return;
    for (const doc of documents as TokenDocument[]) {
      const movement = moves[doc.id as string];
      if (!movement) continue;
      doc.#movement = movement;
      doc._onUpdateMovement(movement, operation, user);
      hostOf(doc).Hooks.callAll("moveToken", doc, movement, operation, user);
    }
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

/** A waypoint of a move as core records it (`TokenMeasuredMovementWaypoint`). */
export interface MovementWaypoint {
  x: number;
  y: number;
  elevation: number;
  width: number;
  height: number;
  shape: number;
  action: string;
  snapped: boolean;
  explicit: boolean;
  checkpoint: boolean;
  intermediate: boolean;
  userId: string;
  movementId: string;
  cost: number;
}

/** A section of a move with its measurements. */
export interface MovementSection {
  waypoints: MovementWaypoint[];
  distance: number;
  cost: number;
  spaces: number;
  diagonals: number;
}

/** The movement operation of one token (`TokenMovementOperation`, less what is not modelled). */
export interface MovementOperation {
  id: string;
  chain: string[];
  origin: Omit<MovementWaypoint, "action" | "snapped" | "explicit" | "checkpoint" | "intermediate" | "userId" | "movementId" | "cost">;
  destination: MovementOperation["origin"];
  passed: MovementSection;
  pending: MovementSection;
  history: { recorded: MovementSection };
  constrained: boolean;
  recorded: boolean;
  method: string;
  userId: string;
}

function movementActions(doc: WorldDocument): Record<string, MovementActionConfig> {
  return ((hostOf(doc).CONFIG.Token as { movement?: { actions?: Record<string, MovementActionConfig> } } | undefined)?.movement?.actions) ?? {};
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
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
