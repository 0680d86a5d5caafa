/**
 * Combat and Combatant, modelled on Foundry v13 `client/documents/combat.mjs` and
 * `common/documents/combat.mjs`; Draw Steel's `DrawSteelCombat` (MetaMorphic-Digital/draw-steel,
 * src/module/documents/combat.mjs) relies on the same hooks: `_onEndTurn` writes effects and
 * `_onStartRound` writes malice, which works because only one client runs them.
 *
 * - `turns` is the sorted combatant list (initiative descending, then id); `turn` indexes it,
 *   `round` 0 means not started; `current`/`previous` record {round, turn, combatantId, tokenId}.
 * - startCombat → round 1 turn 0; nextTurn past the last turn → nextRound; previousTurn at turn 0
 *   → previousRound (last turn of the round before); each calls `combatStart`/`combatTurn`/
 *   `combatRound` with the update data, then updates.
 * - After an update (on every client) the state is recorded; when it changed, `_manageTurnEvents`
 *   runs: ONLY the active GM's client (game.users.activeGM) calls `_onEndTurn`, `_onEndRound`,
 *   `_onStartRound`, `_onStartTurn` (each awaited, for every turn passed, `skipped` marking the
 *   ones jumped over); every client calls the `combatTurnChange` hook.
 * - Adding or removing combatants re-sorts the turns on every client; if the current combatant
 *   changes without a turn change, the GM ends the old turn and starts the new one.
 *   `_onEnter` / `_onExit` run on the active GM for combatants added and removed.
 * - Players may update only round, turn and combatants (BaseCombat#canUpdate).
 */
import { BooleanField, DocumentIdField, NumberField, ObjectField, StringField, type DataField } from "../fields";
import { DOCUMENT_OWNERSHIP_LEVELS } from "../constants";
import type { Collection } from "../collections";
import { deepClone, type PlainObject } from "../utils";
import { WorldDocument, hostOf, type DocumentMetadata, type PermissionSubject } from "./document";
import { EmbeddedCollectionField, TypeDataField, documentStatsField } from "./fields";
import type { UserLike } from "./host";

export interface CombatHistory {
  round: number;
  turn: number | null;
  combatantId: string | null;
  tokenId: string | null;
}

export interface TurnEventContext {
  round: number;
  turn: number | null;
  skipped: boolean;
}

/** The context of `_onStartRound`/`_onEndRound`: no turn. */
export type RoundEventContext = Omit<TurnEventContext, "turn">;

const PLAYER_COMBAT_KEYS = ["_id", "round", "turn", "combatants"];

interface SettingsLike {
  get(namespace: string, key: string): unknown;
}

export class Combat extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "Combat",
    collection: "combats",
    embedded: { Combatant: "combatants" },
    hasTypeData: true,
    permissions: {
      create: "ASSISTANT",
      update: (user: UserLike, _doc: PermissionSubject, data: PlainObject) => user.isGM || Object.keys(data).every((k) => PLAYER_COMBAT_KEYS.includes(k)),
      delete: "ASSISTANT",
    },
  };

  static CONFIG_SETTING = "combatTrackerConfig";

  declare round: number;
  declare turn: number | null;
  declare active: boolean;
  declare scene: string | null;
  declare combatants: Collection<Combatant>;
  declare turns: Combatant[];
  declare current: CombatHistory;
  declare previous: CombatHistory | undefined;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      type: new StringField({ required: true, blank: false, initial: "base" }),
      system: new TypeDataField("Combat"),
      scene: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      combatants: new EmbeddedCollectionField("Combatant"),
      active: new BooleanField(),
      round: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
      turn: new NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      flags: new ObjectField(),
      _stats: documentStatsField(),
    };
  }

  constructor(data: PlainObject = {}, context: PlainObject = {}) {
    super(data, context);
    // Core's field initializers: the turn list survives, `previous` starts unset.
    this.turns ||= [];
    this.current = this._getCurrentState();
    this.previous = undefined;
  }

  get combatant(): Combatant | null {
    return this.turn !== null ? (this.turns[this.turn] ?? null) : null;
  }

  get nextCombatant(): Combatant | undefined {
    if (this.turn === this.turns.length - 1) return this.turns[0];
    return this.turns[(this.turn ?? -1) + 1];
  }

  get settings(): { skipDefeated?: boolean } {
    const settings = hostOf(this).game.settings as SettingsLike;
    return (settings.get("core", Combat.CONFIG_SETTING) as { skipDefeated?: boolean }) ?? {};
  }

  get started(): boolean {
    return this.round > 0;
  }

  get isActive(): boolean {
    return this.active;
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    if (this.combatants.size && !this.turns?.length) this.setupTurns();
  }

  getCombatantsByActor(actor: string | WorldDocument): Combatant[] {
    const id = typeof actor === "string" ? actor : actor.id;
    return this.combatants.filter((c) => c.actorId === id);
  }

  getCombatantsByToken(token: string | WorldDocument): Combatant[] {
    const id = typeof token === "string" ? token : token.id;
    return this.combatants.filter((c) => c.tokenId === id);
  }

  async activate(options: PlainObject = {}): Promise<this | undefined> {
    return this.update({ active: true }, options);
  }

  async startCombat(): Promise<this> {
    const updateData = { round: 1, turn: 0 };
    hostOf(this).Hooks.callAll("combatStart", this, updateData);
    await this.update(updateData);
    return this;
  }

  async nextRound(): Promise<this> {
    let turn: number | null = this.turn === null || this.turns.length === 0 ? null : 0;
    if (this.settings.skipDefeated && turn !== null) {
      turn = this.turns.findIndex((t) => !t.isDefeated);
      if (turn === -1) {
        hostOf(this).ui.notifications.warn("COMBAT.NoneRemaining", { localize: true });
        turn = 0;
      }
    }
    const updateData = { round: this.round + 1, turn };
    const updateOptions = { direction: 1 };
    hostOf(this).Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  async previousRound(): Promise<this> {
    if (this.round === 0) return this;
    const turn = this.round === 1 || this.turn === null || this.turns.length === 0 ? null : this.turns.length - 1;
    const updateData = { round: this.round - 1, turn };
    const updateOptions = { direction: -1 };
    hostOf(this).Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  async nextTurn(): Promise<this> {
    if (this.round === 0) return this.nextRound();
    const turn = this.turn ?? -1;
    let next: number | null = null;
    if (this.settings.skipDefeated) {
      for (let i = turn + 1; i < this.turns.length; i++) {
        if (!this.turns[i].isDefeated) {
          next = i;
          break;
        }
      }
    } else next = turn + 1;
    if (next === null || next >= this.turns.length) return this.nextRound();
    const updateData = { round: this.round, turn: next };
    const updateOptions = { direction: 1 };
    hostOf(this).Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  async previousTurn(): Promise<this> {
    if (this.round === 0) return this;
    if (this.turn === 0 || this.turns.length === 0) return this.previousRound();
    const updateData = { round: this.round, turn: (this.turn ?? this.turns.length) - 1 };
    const updateOptions = { direction: -1 };
    hostOf(this).Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /** Core asks for confirmation with DialogV2.confirm and deletes the combat when confirmed. */
  async endCombat(): Promise<this> {
    const api = (globalThis as unknown as { foundry: { applications: { api: { DialogV2: { confirm(config: PlainObject): Promise<unknown> } } } } }).foundry.applications.api;
    const i18n = hostOf(this).game.i18n as { localize(key: string): string };
    await api.DialogV2.confirm({
      window: { title: "COMBAT.EndTitle" },
      content: `<p>${i18n.localize("COMBAT.EndConfirmation")}</p>`,
      yes: { callback: () => this.delete() },
      modal: true,
    });
    return this;
  }

  async setInitiative(id: string, value: number): Promise<void> {
    const combatant = this.combatants.get(id, { strict: true }) as Combatant;
    await combatant.update({ initiative: value });
  }

  /** The sorted turn order; a turn past the end wraps to the next round (in memory). */
  setupTurns(): Combatant[] {
    this.turns ||= [];
    const turns = this.combatants.contents.sort((a, b) => this._sortCombatants(a, b));
    if (this.turn !== null) {
      if (this.turn < 0) this.turn = 0;
      else if (this.turn >= turns.length) {
        this.turn = 0;
        this.round++;
      }
    }
    this.current = this._getCurrentState(turns[this.turn ?? -1]);
    if (!this.previous) this.previous = this.current;
    return (this.turns = turns);
  }

  /** Initiative descending (none last), then by id. */
  _sortCombatants(a: Combatant, b: Combatant): number {
    const ia = Number.isFinite(a.initiative) ? (a.initiative as number) : -Infinity;
    const ib = Number.isFinite(b.initiative) ? (b.initiative as number) : -Infinity;
    return ib - ia || ((a.id as string) > (b.id as string) ? 1 : -1);
  }

  _getCurrentState(combatant?: Combatant | null): CombatHistory {
    combatant ||= this.combatant;
    return { round: this.round, turn: this.turn ?? null, combatantId: combatant?.id ?? null, tokenId: combatant?.tokenId ?? null };
  }

  /** Store the prior state in `previous`; true when round, turn or combatant changed. */
  #recordPreviousState(prior: CombatHistory): boolean {
    const { round, turn, combatantId } = this.current;
    const changed = combatantId !== prior.combatantId || round !== prior.round || turn !== prior.turn;
    Object.assign(this.previous as CombatHistory, prior);
    return changed;
  }

  #isActiveGM(): boolean {
    return (hostOf(this).user as unknown as { isActiveGM?: boolean }).isActiveGM === true;
  }

  #track(promise: Promise<unknown>): void {
    (hostOf(this) as unknown as { track(p: Promise<unknown>): void }).track(promise);
  }

  override _onCreate(data: PlainObject, options: PlainObject, userId: string): void {
    super._onCreate(data, options, userId);
    if (this.#isActiveGM()) for (const combatant of this.combatants) this.#track(this._onEnter(combatant));
    this.#track(this._manageTurnEvents());
    this.updateCombatantActors();
  }

  /**
   * Core re-renders every combatant's actor sheets after each create, update and delete of the
   * combat (v13 `client/documents/combat.mjs` `updateCombatantActors`, renderContext "updateCombat").
   */
  updateCombatantActors(): void {
    for (const combatant of this.combatants) (combatant as unknown as { actor?: WorldDocument | null }).actor?.render(false, { renderContext: "updateCombat" });
  }

  override _onUpdate(changed: PlainObject, options: PlainObject, userId: string): void {
    super._onUpdate(changed, options, userId);
    const prior = deepClone(this.current);
    if (!this.previous) this.previous = prior;
    if ("combatants" in changed) this.setupTurns();
    else this.current = this._getCurrentState();
    const changedState = this.#recordPreviousState(prior);
    if (changedState && options.turnEvents !== false) this.#track(this._manageTurnEvents());
    this.updateCombatantActors();
  }

  override _onDelete(options: PlainObject, userId: string): void {
    super._onDelete(options, userId);
    this.turn = null;
    if (this.#isActiveGM()) for (const combatant of this.combatants) this.#track(this._onExit(combatant));
    this.updateCombatantActors();
  }

  override _onCreateDescendantDocuments(parent: WorldDocument, collection: string, documents: WorldDocument[], data: unknown[], options: PlainObject): void {
    super._onCreateDescendantDocuments(parent, collection, documents, data, options);
    if (collection !== "combatants") return;
    if (this.#isActiveGM()) for (const combatant of documents) this.#track(this._onEnter(combatant as Combatant));
    this.#onModifyCombatants(options);
  }

  override _onUpdateDescendantDocuments(parent: WorldDocument, collection: string, documents: WorldDocument[], changes: unknown[], options: PlainObject): void {
    super._onUpdateDescendantDocuments(parent, collection, documents, changes, options);
    if (collection === "combatants") this.#onModifyCombatants(options);
  }

  override _onDeleteDescendantDocuments(parent: WorldDocument, collection: string, documents: WorldDocument[], ids: string[], options: PlainObject): void {
    super._onDeleteDescendantDocuments(parent, collection, documents, ids, options);
    if (collection !== "combatants") return;
    if (this.#isActiveGM()) for (const combatant of documents) this.#track(this._onExit(combatant as Combatant));
    this.#onModifyCombatants(options);
  }

  #onModifyCombatants(options: PlainObject): void {
    const prior = deepClone(this.current);
    if (!this.previous) this.previous = prior;
    if (typeof options.combatTurn === "number") this.updateSource({ turn: options.combatTurn });
    this.setupTurns();
    if (this.#recordPreviousState(prior) && options.turnEvents !== false) this.#track(this._manageTurnEvents());
  }

  /** Turn events on the active GM, then `combatTurnChange` on every client. */
  async _manageTurnEvents(): Promise<void> {
    if (!this.started) return;
    const { current, previous } = this;
    if (this.#isActiveGM()) await this.#triggerTurnEvents();
    hostOf(this).Hooks.callAll("combatTurnChange", this, previous, current);
  }

  /** Every turn index passed between `previous` and `current`, as core's intervals. */
  #turnsPassed(current: CombatHistory, previous: CombatHistory): number[] {
    const passed: number[] = [];
    const span = (from: number, to: number) => {
      for (let t = from; t <= to; t++) passed.push(t);
    };
    let rounds = current.round - previous.round;
    if (rounds === 0) {
      if (current.round > 0 && (previous.turn ?? 0) < (current.turn ?? 0)) span((previous.turn ?? 0) + 1, current.turn as number);
    } else if (rounds > 0) {
      if (previous.round > 0) span((previous.turn ?? -1) + 1, this.turns.length - 1);
      while (--rounds) span(0, this.turns.length - 1);
      span(0, current.turn ?? 0);
    }
    return passed;
  }

  async #triggerTurnEvents(): Promise<void> {
    const current = this.current;
    const previous = this.previous as CombatHistory;
    const passed = this.#turnsPassed(current, previous);
    if (!passed.length) {
      // The turn order changed under the same round and turn: a different combatant now acts.
      const swapped = current.combatantId !== previous.combatantId && current.round === previous.round && current.turn === previous.turn;
      if (!swapped) return;
      const context = { round: current.round, turn: current.turn, skipped: false };
      const prior = this.combatants.get(previous.combatantId ?? "");
      if (prior) await this._onEndTurn(prior, context);
      if (this.combatant) await this.#startTurn(this.combatant, context);
      return;
    }
    let prior = { combatant: this.combatants.get(previous.combatantId ?? "") ?? null, round: previous.round, turn: previous.turn, skipped: false };
    for (const turn of passed) {
      const round = prior.round + (turn === 0 ? 1 : 0);
      const next = { combatant: this.turns[turn] ?? null, round, turn, skipped: round !== current.round || turn !== current.turn };
      if (prior.combatant) await this._onEndTurn(prior.combatant, { round: prior.round, turn: prior.turn, skipped: prior.skipped });
      if (prior.round !== next.round) {
        // A round event's context has no turn (core: `#onEndRound({round, skipped})`).
        await this._onEndRound({ round: prior.round, skipped: prior.round !== previous.round });
        await this._onStartRound({ round: next.round, skipped: next.round !== current.round });
      }
      if (next.combatant) await this.#startTurn(next.combatant, { round: next.round, turn: next.turn, skipped: next.skipped });
      prior = next;
    }
  }

  /** `#onStartTurn`: `_onStartTurn`, then the token's movement history is cleared (client/documents/combat.mjs v13). */
  async #startTurn(combatant: Combatant, context: TurnEventContext): Promise<void> {
    await this._onStartTurn(combatant, context);
    if (combatant.token) await this._clearMovementHistoryOnStartTurn(combatant, context);
  }

  /** Clears the movement history of the combatant's token (`_clearMovementHistoryOnStartTurn`, overridable). */
  async _clearMovementHistoryOnStartTurn(combatant: Combatant, _context: TurnEventContext): Promise<void> {
    await (combatant.token as unknown as { clearMovementHistory(): Promise<void> }).clearMovementHistory();
  }

  /** Only the active GM's client calls these (see `_manageTurnEvents`). */
  async _onStartTurn(_combatant: Combatant, _context: TurnEventContext): Promise<void> {}
  async _onEndTurn(_combatant: Combatant, _context: TurnEventContext): Promise<void> {}
  async _onStartRound(_context: RoundEventContext): Promise<void> {}
  async _onEndRound(_context: RoundEventContext): Promise<void> {}
  async _onEnter(_combatant: Combatant): Promise<void> {}
  async _onExit(_combatant: Combatant): Promise<void> {}
}

/** Owners of the combatant's actor (and GMs) may create, change and remove it. */
const combatantOwner = (user: UserLike, doc: PermissionSubject) => user.isGM || doc.testUserPermission(user, "OWNER");

export class Combatant extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "Combatant",
    collection: "combatants",
    embedded: {},
    hasTypeData: true,
    permissions: { create: combatantOwner, update: combatantOwner, delete: combatantOwner },
  };

  declare actorId: string | null;
  declare tokenId: string | null;
  declare sceneId: string | null;
  declare initiative: number | null;
  declare hidden: boolean;
  declare defeated: boolean;
  declare img: string | null;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      type: new StringField({ required: true, blank: false, initial: "base" }),
      system: new TypeDataField("Combatant"),
      actorId: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      tokenId: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      sceneId: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      name: new StringField({ required: true, blank: true, initial: "" }),
      img: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      initiative: new NumberField({ required: true, nullable: true, initial: null }),
      hidden: new BooleanField(),
      defeated: new BooleanField(),
      flags: new ObjectField(),
      _stats: documentStatsField(),
    };
  }

  get combat(): Combat {
    return this.parent as Combat;
  }

  get token(): WorldDocument | null {
    if (!this.sceneId || !this.tokenId) return null;
    const scene = hostOf(this).collection("Scene")?.get(this.sceneId) as unknown as { tokens: Collection<WorldDocument> } | undefined;
    return scene?.tokens.get(this.tokenId) ?? null;
  }

  get actor(): WorldDocument | null {
    const tokenActor = (this.token as unknown as { actor?: WorldDocument | null } | null)?.actor;
    if (tokenActor) return tokenActor;
    return this.actorId ? (hostOf(this).collection("Actor")?.get(this.actorId) ?? null) : null;
  }

  get isDefeated(): boolean {
    return this.defeated;
  }

  /** Core: its owners and everyone while not hidden see it (v13 `client/documents/combatant.mjs` `visible`). */
  override get visible(): boolean {
    return this.isOwner || !this.hidden;
  }

  get isNPC(): boolean {
    return !this.actor || !this.actor.hasPlayerOwner;
  }

  override prepareBaseData(): void {
    super.prepareBaseData();
    if (!this.name) this.name = (this.token as unknown as { name?: string } | null)?.name ?? this.actor?.name ?? "";
  }

  /** A combatant's owners are its actor's owners (BaseCombatant#getUserLevel). */
  override getUserLevel(user?: UserLike | null): number {
    user ??= hostOf(this).user;
    return this.actor?.getUserLevel(user) ?? DOCUMENT_OWNERSHIP_LEVELS.NONE;
  }
}
