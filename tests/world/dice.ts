/**
 * A small stand-in for Foundry's dice and chat messages, for tests only (never import it from
 * src/). It follows the v13 behaviour the roll classes rely on:
 * - `Roll` parses `NdF` and `NdFkh` formulas into one `Die` term; `evaluate()` rolls it and
 *   `_evaluate` sets `_total` (so subclasses may override `_evaluate` as with the real class);
 * - `toJSON()` / `Roll.fromData()` keep Foundry's shape, and `fromData` finds the class by
 *   name in `CONFIG.Dice.rolls`, throwing when it is not registered;
 * - `Die.results` are `{ result, active, discarded? }`; `kh` keeps the highest and marks the rest
 *   discarded;
 * - `ChatMessage` stores rolls as JSON strings and rebuilds them with `Roll.fromData`, applies
 *   roll modes like `ChatMessage.applyRollMode`, and computes `isContentVisible` as core does.
 *
 * Faces are injectable: `queueFaces(5, 12, 1)` makes the next dice show those faces in order;
 * without a queue, faces come from `CONFIG.Dice.randomUniform`.
 *
 * Usage: import this module after `tests/stand-in/install` and before any module of
 * `src/dice/` (the roll classes extend the global `Roll` when they load), then call
 * `installDiceStandIn()` after each `installFoundryStandIn()`, which replaces `CONFIG`.
 */
type PlainObject = Record<string, unknown>;

export interface DieResult {
  result: number;
  active: boolean;
  discarded?: boolean;
}

const faceQueue: number[] = [];

/** The next dice rolled show these faces, in order. */
export function queueFaces(...faces: number[]): void {
  faceQueue.push(...faces);
}

/** Drops faces queued but not rolled (call between tests). */
export function clearQueuedFaces(): void {
  faceQueue.length = 0;
}

function config(): PlainObject & { Dice: PlainObject & { rolls: (typeof Roll)[]; randomUniform?: () => number } } {
  return (globalThis as unknown as { CONFIG: ReturnType<typeof config> }).CONFIG;
}

function nextFace(faces: number): number {
  const queued = faceQueue.shift();
  if (queued !== undefined) return queued;
  const uniform = config().Dice.randomUniform ?? Math.random;
  return Math.min(faces, Math.ceil((1 - uniform()) * faces));
}

const DIE_FORMULA = /^(\d+)d(\d+)(kh(\d*))?$/;

export class Die {
  number: number;
  faces: number;
  modifiers: string[];
  results: DieResult[];
  options: PlainObject;
  _evaluated: boolean;

  constructor({ number = 1, faces = 6, modifiers = [], results = [], options = {} }: Partial<Pick<Die, "number" | "faces" | "modifiers" | "results" | "options">> = {}) {
    this.number = number;
    this.faces = faces;
    this.modifiers = modifiers;
    this.results = results;
    this.options = options;
    this._evaluated = results.length > 0;
  }

  get denomination(): string {
    return `d${this.faces}`;
  }

  get formula(): string {
    return `${this.number}d${this.faces}${this.modifiers.join("")}`;
  }

  get total(): number {
    return this.results.filter((r) => r.active).reduce((sum, r) => sum + r.result, 0);
  }

  evaluate(): this {
    for (let n = 0; n < this.number; n++) this.results.push({ result: nextFace(this.faces), active: true });
    for (const modifier of this.modifiers) {
      const keep = /^kh(\d*)$/.exec(modifier);
      if (keep) this.#keepHighest(Number(keep[1] || 1));
    }
    this._evaluated = true;
    return this;
  }

  #keepHighest(count: number): void {
    const kept = [...this.results].sort((a, b) => b.result - a.result).slice(0, count);
    for (const r of this.results) {
      if (!kept.includes(r)) Object.assign(r, { active: false, discarded: true });
    }
  }

  toJSON(): PlainObject {
    return {
      class: "Die", number: this.number, faces: this.faces, modifiers: [...this.modifiers],
      results: this.results.map((r) => ({ ...r })), options: { ...this.options }, evaluated: this._evaluated,
    };
  }

  static fromData(data: PlainObject): Die {
    return new Die({
      number: data.number as number, faces: data.faces as number, modifiers: (data.modifiers as string[]) ?? [],
      results: ((data.results as DieResult[]) ?? []).map((r) => ({ ...r })), options: (data.options as PlainObject) ?? {},
    });
  }
}

export class Roll {
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  data: PlainObject;
  options: PlainObject;
  terms: Die[];
  protected _dice: Die[] = [];
  protected _formula: string;
  protected _evaluated = false;
  protected _total: number | undefined = undefined;

  constructor(formula: string, data: PlainObject = {}, options: PlainObject = {}) {
    this.data = data;
    this.options = options;
    const match = DIE_FORMULA.exec(formula.replace(/\s+/g, ""));
    if (!match) throw new Error(`The stand-in Roll only parses NdF or NdFkh formulas; got "${formula}"`);
    const modifiers = match[3] ? [match[3]] : [];
    this.terms = [new Die({ number: Number(match[1]), faces: Number(match[2]), modifiers })];
    this._formula = this.terms.map((t) => t.formula).join(" + ");
  }

  get dice(): Die[] {
    return [...this.terms, ...this._dice];
  }

  get formula(): string {
    return this._formula;
  }

  get total(): number | undefined {
    return this._total;
  }

  get isDeterministic(): boolean {
    return false;
  }

  async evaluate(options: PlainObject = {}): Promise<this> {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    this._evaluated = true;
    return this._evaluate(options);
  }

  evaluateSync(options: PlainObject = {}): this {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    this._evaluated = true;
    return this._evaluateSync(options);
  }

  protected async _evaluate(options: PlainObject = {}): Promise<this> {
    return this._evaluateSync(options);
  }

  protected _evaluateSync(_options: PlainObject = {}): this {
    for (const term of this.terms) term.evaluate();
    this._total = this.terms.reduce((sum, t) => sum + t.total, 0);
    return this;
  }

  clone(): this {
    const cls = this.constructor as new (formula: string, data: PlainObject, options: PlainObject) => this;
    return new cls(this._formula, this.data, this.options);
  }

  async render({ isPrivate = false }: { isPrivate?: boolean } = {}): Promise<string> {
    return `<div class="dice-roll">${isPrivate ? "?" : String(this.total)}</div>`;
  }

  toJSON(): PlainObject {
    return {
      class: this.constructor.name, options: this.options, dice: this._dice, formula: this._formula,
      terms: this.terms.map((t) => t.toJSON()), total: this._total, evaluated: this._evaluated,
    };
  }

  static fromData<T extends typeof Roll>(this: T, data: PlainObject): InstanceType<T> {
    const cls = config().Dice.rolls.find((c) => c.name === data.class);
    if (!cls) throw new Error(`Unable to recreate ${String(data.class)} instance from provided data`);
    const roll = new cls(data.formula as string, (data.data as PlainObject) ?? {}, (data.options as PlainObject) ?? {});
    roll.terms = ((data.terms as PlainObject[]) ?? []).map((t) => Die.fromData(t));
    if ((data.evaluated as boolean | undefined) ?? true) {
      roll._total = data.total as number | undefined;
      roll._dice = ((data.dice as PlainObject[]) ?? []).map((t) => Die.fromData(t));
      roll._evaluated = true;
    }
    return roll as InstanceType<T>;
  }

  static fromJSON<T extends typeof Roll>(this: T, json: string): InstanceType<T> {
    return this.fromData(JSON.parse(json) as PlainObject) as InstanceType<T>;
  }
}

export const ROLL_MODES = {
  publicroll: { label: "CHAT.RollPublic", icon: "fa-solid fa-globe" },
  gmroll: { label: "CHAT.RollPrivate", icon: "fa-solid fa-user-secret" },
  blindroll: { label: "CHAT.RollBlind", icon: "fa-solid fa-eye-slash" },
  selfroll: { label: "CHAT.RollSelf", icon: "fa-solid fa-user" },
} as const;

interface StandInUser {
  id: string;
  name: string;
  isGM: boolean;
}

/** Users the stand-in knows about; `gmIds` answers `ChatMessage.getWhisperRecipients("GM")`. */
export const users: { current: () => StandInUser; gmIds: string[] } = {
  current: () => (globalThis as unknown as { game: { user: StandInUser } }).game.user,
  gmIds: ["standInUser00001"],
};

/** Imitation of a ChatMessage: rolls, flags, roll modes and visibility, no rendering. */
export class ChatMessage {
  static created: ChatMessage[] = [];
  id: string;
  author: string;
  content: string;
  flavor: string;
  speaker: PlainObject;
  whisper: string[];
  blind: boolean;
  flags: Record<string, PlainObject>;
  sound: string | null;
  #rolls: string[];
  /** Every `update` call's changes, oldest first. */
  updates: PlainObject[] = [];

  constructor(data: PlainObject = {}) {
    this.id = (data._id as string) ?? `msg${String(ChatMessage.created.length + 1).padStart(13, "0")}`;
    this.author = (data.author as string) ?? users.current().id;
    this.content = (data.content as string) ?? "";
    this.flavor = (data.flavor as string) ?? "";
    this.speaker = (data.speaker as PlainObject) ?? {};
    this.whisper = (data.whisper as string[]) ?? [];
    this.blind = (data.blind as boolean) ?? false;
    this.flags = structuredClone((data.flags as Record<string, PlainObject>) ?? {});
    this.sound = (data.sound as string) ?? null;
    this.#rolls = ChatMessage.#serializeRolls((data.rolls as unknown[]) ?? []);
  }

  static #serializeRolls(rolls: unknown[]): string[] {
    return rolls.map((r) => (typeof r === "string" ? r : JSON.stringify(r)));
  }

  /** Rolls rebuilt from their JSON, as core's `ChatMessage#rolls` does. */
  get rolls(): Roll[] {
    return this.#rolls.map((json) => Roll.fromJSON(json));
  }

  get isRoll(): boolean {
    return this.#rolls.length > 0;
  }

  get isAuthor(): boolean {
    return this.author === users.current().id;
  }

  get isOwner(): boolean {
    return this.isAuthor || users.current().isGM;
  }

  get isContentVisible(): boolean {
    if (!this.whisper.length) return true;
    return this.whisper.includes(users.current().id) || (this.isAuthor && !this.blind);
  }

  getFlag(scope: string, key: string): unknown {
    return this.flags[scope]?.[key];
  }

  async update(changes: PlainObject): Promise<this> {
    this.updates.push(structuredClone(JSON.parse(JSON.stringify(changes)) as PlainObject));
    for (const [key, value] of Object.entries(changes)) {
      if (key === "rolls") this.#rolls = ChatMessage.#serializeRolls(value as unknown[]);
      else if (key === "content") this.content = value as string;
      else if (key.startsWith("flags.")) {
        const [, scope, ...rest] = key.split(".");
        this.flags[scope] ??= {};
        setPath(this.flags[scope], rest, value);
      } else if (key === "flags") {
        for (const [scope, data] of Object.entries(value as Record<string, PlainObject>)) {
          this.flags[scope] = { ...(this.flags[scope] ?? {}), ...structuredClone(data) };
        }
      }
    }
    return this;
  }

  static get implementation(): typeof ChatMessage {
    return ChatMessage;
  }

  static async create(data: PlainObject, _options: PlainObject = {}): Promise<ChatMessage> {
    const message = new ChatMessage(data);
    ChatMessage.created.push(message);
    return message;
  }

  static getSpeaker({ actor }: { actor?: { id?: string | null; name?: string } } = {}): PlainObject {
    return { actor: actor?.id ?? null, alias: actor?.name ?? users.current().name, scene: null, token: null };
  }

  static getWhisperRecipients(name: string): { id: string }[] {
    return name === "GM" ? users.gmIds.map((id) => ({ id })) : [];
  }

  /** Core's roll-mode rules for message data. */
  static applyRollMode(data: PlainObject, rollMode: string): PlainObject {
    const mode = rollMode === "roll" ? "publicroll" : rollMode;
    if (mode === "gmroll" || mode === "blindroll") data.whisper = ChatMessage.getWhisperRecipients("GM").map((u) => u.id);
    if (mode === "selfroll") data.whisper = [users.current().id];
    if (mode === "blindroll") data.blind = true;
    return data;
  }
}

function setPath(target: PlainObject, path: string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as PlainObject;
  }
  node[path[path.length - 1]] = value;
}

function define(name: string, value: unknown): void {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
}

// The roll classes extend `Roll` when their module loads, so the globals exist from import on.
define("Roll", Roll);
define("ChatMessage", ChatMessage);

/**
 * Puts the dice and chat globals in place on top of `installFoundryStandIn()`: `Roll`,
 * `foundry.dice`, `CONFIG.Dice` (rolls, roll modes, randomUniform), `ChatMessage`, the core
 * roll-mode setting and `CONFIG.sounds.dice`. Returns the list of created messages.
 */
export function installDiceStandIn(): { messages: ChatMessage[] } {
  const g = globalThis as unknown as { foundry?: PlainObject; CONFIG?: PlainObject; game?: { settings?: { register(ns: string, key: string, data: PlainObject): void } } };
  define("Roll", Roll);
  define("ChatMessage", ChatMessage);
  if (g.foundry) g.foundry.dice = { Roll, terms: { Die } };
  const cfg = (g.CONFIG ??= {});
  const dice = (cfg.Dice as PlainObject | undefined) ?? {};
  cfg.Dice = { ...dice, rolls: [Roll], terms: { d: Die }, rollModes: ROLL_MODES, randomUniform: Math.random };
  cfg.ChatMessage = { ...((cfg.ChatMessage as PlainObject) ?? {}), documentClass: ChatMessage };
  cfg.sounds = { dice: "sounds/dice.wav" };
  g.game?.settings?.register("core", "rollMode", { default: "publicroll" });
  clearQueuedFaces();
  ChatMessage.created = [];
  return { messages: ChatMessage.created };
}
