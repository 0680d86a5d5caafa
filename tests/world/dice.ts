/**
 * The test world's dice (never import it from src/). It follows the v13 behaviour the roll
 * classes rely on:
 * - `Roll` parses `NdF` and `NdFkh` formulas into one `Die` term; `evaluate()` rolls it and
 *   `_evaluate` sets `_total` (so subclasses may override `_evaluate` as with the real class);
 * - `toJSON()` / `Roll.fromData()` keep Foundry's shape, and `fromData` finds the class by
 *   name in `CONFIG.Dice.rolls`, throwing when it is not registered;
 * - `Die.results` are `{ result, active, discarded?, count? }`; `kh` keeps the highest and marks the rest
 *   discarded; other modifiers run from `Die.MODIFIERS` as core calls them (`fn.call(die, "g8")`,
 *   v13 `client/dice/terms/dice.mjs` `_evaluateModifier`), and the total sums `count` where a
 *   modifier set it (same file, `get total`);
 *
 * Faces are injectable: `queueFaces(5, 12, 1)` makes the next dice show those faces in order;
 * without a queue, faces come from `CONFIG.Dice.randomUniform`.
 * The world puts `Roll` on globalThis when it installs its globals, before any module of
 * `src/dice/` loads (the roll classes extend it), and gives every client `diceConfig()`.
 */
type PlainObject = Record<string, unknown>;

export interface DieResult {
  result: number;
  active: boolean;
  discarded?: boolean;
  count?: number;
}

const faceQueue: number[] = [];

/** The next dice rolled show these faces, in order. */
export function queueFaces(...faces: number[]): void {
  faceQueue.push(...faces);
}

/** How many queued faces no die has shown yet (a test waits for 0 when untracked code rolls them). */
export function queuedFaceCount(): number {
  return faceQueue.length;
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

const DIE_FORMULA = /^(\d+)d(\d+)((?:[a-z]+\d*)*)$/i;

export class Die {
  /** Modifier commands (registered by systems: a function called with the die as `this`). */
  static MODIFIERS: Record<string, unknown> = { kh: "keep" };
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
    return this.results.filter((r) => r.active).reduce((sum, r) => sum + (r.count ?? r.result), 0);
  }

  evaluate(): this {
    for (let n = 0; n < this.number; n++) this.results.push({ result: nextFace(this.faces), active: true });
    for (const modifier of this.modifiers) {
      const keep = /^kh(\d*)$/.exec(modifier);
      if (keep) {
        this.#keepHighest(Number(keep[1] || 1));
        continue;
      }
      const command = /^[a-z]+/i.exec(modifier)?.[0].toLowerCase() ?? "";
      const fn = (this.constructor as typeof Die).MODIFIERS[command];
      if (typeof fn !== "function") throw new Error(`The test world's Die has no modifier "${modifier}"`);
      fn.call(this, modifier);
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
    if (!match) throw new Error(`The test world's Roll only parses NdF formulas with modifiers; got "${formula}"`);
    const modifiers = match[3] ? (match[3].match(/[a-z]+\d*/gi) ?? []) : [];
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

  /** Whether a formula parses (client/dice/roll.mjs `validate`; here: the NdF formulas this Roll knows). */
  static validate(formula: string): boolean {
    return DIE_FORMULA.test(formula.replace(/\s+/g, ""));
  }

  /** An inline roll's result link (client/dice/roll.mjs v13 `toAnchor`): the total, the roll in `data-roll`. */
  toAnchor({ attrs = {}, dataset = {}, classes = [], label, icon }: { attrs?: Record<string, string>; dataset?: Record<string, string>; classes?: string[]; label?: string; icon?: string } = {}): HTMLAnchorElement {
    const a = document.createElement("a");
    a.classList.add("inline-roll", "inline-result", ...classes);
    a.dataset.tooltipText = this.formula;
    for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
    for (const [k, v] of Object.entries({ roll: escape(JSON.stringify(this)), ...dataset })) a.dataset[k] = v;
    const i = document.createElement("i");
    i.className = icon ?? "fa-solid fa-dice-d20";
    i.toggleAttribute("inert", true);
    a.append(i, label ? `${label}: ${this.total}` : String(this.total));
    return a;
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

/** A client's `CONFIG.Dice`: the base Roll first (the system adds its classes), `d` terms, roll modes. */
export function diceConfig(): PlainObject {
  return { rolls: [Roll], terms: { d: Die }, rollModes: ROLL_MODES, randomUniform: Math.random };
}
