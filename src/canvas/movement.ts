/**
 * Moves pay counters (issue 28 item 1): ClockWork's ways of moving are core's movement actions
 * (`CONFIG.Token.movement.actions`), and a token's move in a running combat is priced by the
 * rules core's cheapest plan (`planMovement`, §4.8: a diagonal costs 2 spaces). The token document
 * class checks and pays a move in `_preUpdateMovement`, which core awaits before `preMoveToken`
 * and before anything is written: a move the counters cannot pay, or by a creature that may not
 * move, is refused with the reason; a paid move records what it cost on the combatant
 * (`flags.clockwork.moves.<movementId>`), and `revertRecordedMovement` (core's movement undo)
 * gives it back. Counters are written through the relay's `writeOwned` (the counter contract of
 * the sheet's actions). Who is charged: the creature's owner moving it on its turn; a GM only when
 * the world setting says so (docs/rulings.md, docs/combat.md "On the map").
 */
import { activeCombat, configEntry, currentUser, deletionEntry, getSetting, localize, notify, registerSetting, systemApi } from "../foundry";
import {
  chargeFor, movementActionBlocks, movementBlocks, moveSpaces, pathSpaces, planMovement, requireCounters,
  type CounterState, type MoveBlock, type MovePlan, type MoveMode,
} from "../rules";
import { writeOwned } from "../relay";
import { BAND_COLORS, speciesMovement, type GridLike, type SpaceBand } from "./ruler";

export const SYSTEM_ID = "clockwork";
/** Who pays for a move in a running combat: "owner" (default) or "everyone" (a GM's move is charged too). */
export const MOVE_CHARGE_SETTING = "moveCharge";
export const MOVE_CHARGE_MODES = ["owner", "everyone"] as const;
export type MoveChargeMode = (typeof MOVE_CHARGE_MODES)[number];

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "clockwork.moveCharge": MoveChargeMode;
  }
}

/** ClockWork's movement actions: core's keys, so core's HUD, ruler and history know them. */
export const CLOCKWORK_MOVE_ACTIONS = ["walk", "step", "crawl", "swim", "climb", "displace"] as const;

// ---------------------------------------------------------------- pricing (no Foundry)

/** What the pricing reads of a moving token. */
export interface MovingToken {
  isOwner?: boolean;
  movementAction?: string | null;
  actor?: {
    name?: string | null;
    statuses?: Set<string>;
    system?: { movement?: { run?: number; walk?: number }; encumbrance?: "none" | "encumbered" | "step-only" };
    items?: Iterable<{ type: string; flags?: Record<string, unknown> }>;
  } | null;
  combatant?: MovingCombatant | null;
}

export interface MovingCombatant {
  id: string | null;
  uuid: string;
  name?: string | null;
  parent?: { started?: boolean; combatant?: { id: string | null } | null } | null;
  system?: { counters?: CounterState };
  flags?: { clockwork?: { moves?: Record<string, { cost: number; pool?: "available" | "reserved" }> } };
}

/** Why a move is refused: a lang key and its data. */
export interface MoveProblem {
  key: string;
  data: Record<string, string | number>;
}

/** A priced move: whether it is charged, the plan, and the refusal if any. */
export interface MoveQuote {
  spaces: number;
  charged: boolean;
  plan: MovePlan | null;
  /** Counters the move costs (Stunned included); 0 when not charged. */
  cost: number;
  /** The base cost the counter contract is given (before Stunned doubles it). */
  baseCost: number;
  stunned: boolean;
  problem: MoveProblem | null;
}

/** The blocks of a creature moving with a movement action: a chosen step only steps. */
export function actionBlocks(token: MovingToken, action: string | null | undefined): Record<MoveMode, MoveBlock | null> {
  const actor = token.actor;
  const blocks = movementActionBlocks(movementBlocks([...(actor?.statuses ?? [])], { encumbrance: actor?.system?.encumbrance }), action, speciesMovement(actor?.items));
  if (action === "step") return { ...blocks, run: blocks.run ?? "stepOnly", walk: blocks.walk ?? "stepOnly" };
  return blocks;
}

/**
 * Prices a move of `spaces` by `token` made by a user (`isGM`). Charged when the token's
 * combatant is in a started combat and the mover is its owner (or any GM with `chargeGM`); an
 * owner who is not a GM moves only on the combatant's turn. Displacing is never charged.
 */
export function quoteMove(token: MovingToken, spaces: number, options: { isGM: boolean; chargeGM: boolean; action?: string | null; method?: string }): MoveQuote {
  const free: MoveQuote = { spaces, charged: false, plan: null, cost: 0, baseCost: 0, stunned: false, problem: null };
  const combatant = token.combatant;
  const combat = combatant?.parent;
  const action = options.action ?? token.movementAction ?? "walk";
  if (!combatant || !combat?.started || action === "displace" || options.method === "undo" || options.method === "paste") return free;
  if (options.isGM && !options.chargeGM) return free;
  const name = token.actor?.name ?? combatant.name ?? "";
  const refuse = (key: string, data: Record<string, string | number> = {}): MoveQuote => ({ ...free, charged: true, problem: { key, data: { name, ...data } } });
  if (!options.isGM && combat.combatant?.id !== combatant.id) return refuse("CLOCKWORK.Combat.Move.NotYourTurn");
  let counters: CounterState;
  try {
    counters = requireCounters(combatant.system?.counters as CounterState);
  } catch {
    return refuse("CLOCKWORK.Combat.Attack.Counters.defenseless");
  }
  const movement = token.actor?.system?.movement;
  const speeds = { run: Math.max(0, Math.floor(movement?.run ?? 0)), walk: Math.max(0, Math.floor(movement?.walk ?? 0)) };
  const stunned = token.actor?.statuses?.has("stunned") === true;
  const blocks = actionBlocks(token, action);
  const plan = planMovement(Math.max(0, Math.floor(spaces)), speeds, { blocks, available: counters.hadTurn && !counters.passed ? counters.available : 0, stunned });
  const base = planMovement(Math.max(0, Math.floor(spaces)), speeds, { blocks });
  const quote: MoveQuote = { spaces, charged: true, plan, cost: plan.cost, baseCost: base.cost, stunned, problem: null };
  if (plan.blocked) return { ...quote, problem: { key: "CLOCKWORK.Combat.Move.Blocked", data: { name, reason: localize(`CLOCKWORK.Combat.Attack.Block.${plan.blocked}`) } } };
  const charge = chargeFor(counters, base.cost, { stunned });
  if (charge.problem && charge.problem !== "insufficient") return { ...quote, problem: { key: `CLOCKWORK.Combat.Attack.Counters.${charge.problem}`, data: { name } } };
  if (!plan.affordable) return { ...quote, problem: { key: "CLOCKWORK.Combat.Move.TooFar", data: { name, spaces, cost: plan.cost, available: counters.available } } };
  return quote;
}

// ---------------------------------------------------------------- Foundry

/** Who pays (the world setting). */
export function moveChargeMode(): MoveChargeMode {
  const value: unknown = getSetting(SYSTEM_ID, MOVE_CHARGE_SETTING);
  return value === "everyone" ? "everyone" : "owner";
}

interface MoveWaypoint {
  x: number;
  y: number;
  action?: string;
}

interface MovementOperationLike {
  id: string;
  method: string;
  origin: { x: number; y: number };
  passed: { waypoints: readonly MoveWaypoint[] };
}

interface TokenDocLike extends MovingToken {
  id: string | null;
  parent?: { grid?: { size?: number } } | null;
  _source: { x: number; y: number; _movementHistory?: { movementId: string }[] };
  movementHistory?: readonly { movementId: string }[];
  move?(waypoints: Partial<MoveWaypoint>[], options?: object): Promise<boolean>;
}

/** A grid of pixel points for a token's scene (the scene's square grid size). */
function gridOf(token: { parent?: { grid?: { size?: number } } | null }): GridLike {
  const size = token.parent?.grid?.size && token.parent.grid.size > 0 ? token.parent.grid.size : 100;
  return { getOffset: ({ x, y }) => ({ i: Math.round(y / size), j: Math.round(x / size) }) };
}

/** Spaces a path of token positions covers (§4.8). */
export function tokenPathSpaces(token: { parent?: { grid?: { size?: number } } | null }, points: readonly { x: number; y: number }[]): number {
  const grid = gridOf(token);
  return pathSpaces(points.map((p) => grid.getOffset(p)));
}

/** A previewed move: its quote, and the ruler's band of each space moved into (none when it is not charged). */
export interface MovePreview extends MoveQuote {
  bands: SpaceBand[];
}

/**
 * The band of each space of a quoted move (index 0 = the first space moved into; a diagonal
 * step covers 2): the plan's mode, "over" past what the counters pay, "blocked" when the creature
 * may not move now (refused before any plan). Empty for a move that is not charged.
 */
export function quoteBands(quote: MoveQuote): SpaceBand[] {
  const total = Math.max(0, Math.floor(quote.spaces));
  if (!quote.charged || total === 0) return [];
  if (!quote.plan || quote.plan.blocked) return Array<SpaceBand>(total).fill("blocked");
  const bands: SpaceBand[] = [];
  for (const segment of quote.plan.segments) for (let s = 0; s < segment.spaces; s++) bands.push(segment.affordable ? segment.mode : "over");
  while (bands.length < total) bands.push("over");
  return bands.slice(0, total);
}

/**
 * The preview of a drag (the playground's map, `game.clockwork.map.previewMove`): what moving
 * `token` through `points` (token positions, the first being where it stands) would cost the
 * current user now, and each space's band, without writing anything.
 */
export function previewMove(token: MovingToken & { parent?: { grid?: { size?: number } } | null }, points: readonly { x: number; y: number }[], action?: string | null): MovePreview {
  const user = currentUser<{ isGM?: boolean }>();
  const quote = quoteMove(token, tokenPathSpaces(token, points), { isGM: user?.isGM === true, chargeGM: moveChargeMode() === "everyone", action });
  return { ...quote, bands: quoteBands(quote) };
}

/** The ruler's band colours as CSS colours (a map view's legend and spaces). */
export function bandColors(): Record<SpaceBand, string> {
  return Object.fromEntries(Object.entries(BAND_COLORS).map(([band, color]) => [band, `#${color.toString(16).padStart(6, "0")}`])) as Record<SpaceBand, string>;
}

/** `game.clockwork.map`: a map view's calls (docs/api.md, "Map API"). */
export const mapApi = { previewMove, bandColors, moveTokenTo };

/** Moves a token through waypoints with core's movement API (`TokenDocument#move`); true when it moved. */
export async function moveTokenTo(token: TokenDocLike, waypoints: Partial<MoveWaypoint>[], options: { method?: string } = {}): Promise<boolean> {
  if (!token.move) return false;
  return token.move(waypoints, { method: options.method ?? "api" });
}

/**
 * Checks and pays a move before it is written (the token class's `_preUpdateMovement`):
 * false refuses it (the reason notified); a charged move's counters are paid first.
 */
export async function payForMove(token: TokenDocLike, movement: MovementOperationLike): Promise<boolean> {
  const user = currentUser<{ isGM?: boolean }>();
  const points = [movement.origin, ...movement.passed.waypoints];
  const action = movement.passed.waypoints.at(-1)?.action ?? token.movementAction;
  const quote = quoteMove(token, tokenPathSpaces(token, points), { isGM: user?.isGM === true, chargeGM: moveChargeMode() === "everyone", action, method: movement.method });
  if (quote.problem) {
    notify("warn", quote.problem.key, quote.problem.data);
    return false;
  }
  if (!quote.charged || quote.cost === 0) return true;
  const combatant = token.combatant as MovingCombatant;
  const result = await writeOwned([
    { op: "counters", uuid: combatant.uuid, spend: { cost: quote.baseCost, stunned: quote.stunned } },
    { op: "update", uuid: combatant.uuid, changes: { [`flags.clockwork.moves.${movement.id}`]: { cost: quote.cost, pool: "available" } } },
  ]);
  return result.ok;
}

/** The counters the moves from `movementId` on cost (what undoing them returns). */
export function refundFor(token: TokenDocLike, movementId?: string): { ids: string[]; cost: number } {
  const history = token._source._movementHistory ?? [];
  const index = movementId === undefined ? 0 : history.findIndex((w) => w.movementId === movementId);
  if (index < 0) return { ids: [], cost: 0 };
  const moves = token.combatant?.flags?.clockwork?.moves ?? {};
  const ids = [...new Set(history.slice(index).map((w) => w.movementId))].filter((id) => moves[id]);
  return { ids, cost: ids.reduce((sum, id) => sum + Math.max(0, Math.floor(moves[id].cost)), 0) };
}

/** Gives back what undone moves cost, into the pool the counters are in now (reserved after a pass). */
export async function refundMoves(token: TokenDocLike, refund: { ids: string[]; cost: number }): Promise<boolean> {
  const combatant = token.combatant;
  if (!combatant || !refund.ids.length) return true;
  let counters: CounterState;
  try {
    counters = requireCounters(combatant.system?.counters as CounterState);
  } catch {
    return false;
  }
  const next: CounterState = counters.passed ? { ...counters, reserved: counters.reserved + refund.cost } : { ...counters, available: counters.available + refund.cost };
  const changes: Record<string, unknown> = Object.fromEntries(refund.ids.map((id) => deletionEntry("flags.clockwork.moves", id)));
  const result = await writeOwned([
    { op: "counters", uuid: combatant.uuid, set: next },
    { op: "update", uuid: combatant.uuid, changes },
  ]);
  return result.ok;
}

interface TokenDocumentClass {
  new (...args: never[]): TokenDocLike & {
    _preUpdateMovement(movement: unknown, operation: unknown): Promise<boolean | void>;
    revertRecordedMovement(movementId?: string): Promise<boolean>;
  };
}

/** The token document class that pays for moves (a subclass of the configured one). */
export function createClockworkTokenDocument(Base: TokenDocumentClass): TokenDocumentClass {
  return class ClockworkTokenDocument extends Base {
    override async _preUpdateMovement(movement: unknown, operation: unknown): Promise<boolean | void> {
      const allowed = await super._preUpdateMovement(movement, operation);
      if (allowed === false) return false;
      return payForMove(this, movement as MovementOperationLike);
    }

    override async revertRecordedMovement(movementId?: string): Promise<boolean> {
      const refund = refundFor(this, movementId);
      const undone = await super.revertRecordedMovement(movementId);
      if (undone && refund.ids.length) await refundMoves(this, refund);
      return undone;
    }
  } as TokenDocumentClass;
}

interface MovementConfig {
  defaultAction?: string;
  actions: Record<string, { label?: string; icon?: string; order?: number; canSelect?: (token: unknown) => boolean; getCostFunction?: unknown; [k: string]: unknown }>;
}

/** Spaces a step costs on the ruler: 1, a diagonal 2 (§4.8), so core's "cost" reads in spaces. */
const spaceCost = () => (_cost: number, from: { i: number; j: number }, to: { i: number; j: number }): number => moveSpaces(from, to);

/**
 * ClockWork's movement actions (at init): walk (the cheapest mix of runs, walks and steps), step
 * (only steps: 1 counter a space), crawl (for a prone creature), swim and climb (walk speed unless
 * the species says run), and core's displace (a GM's, free). Flying, burrowing, jumping and
 * blinking are not ways ClockWork moves, so they go.
 */
export function registerMovementActions(): void {
  const token = configEntry<{ movement?: MovementConfig; documentClass?: TokenDocumentClass }>("Token");
  if (!token?.movement?.actions) return;
  const core = token.movement.actions;
  const keep = (key: string, extra: object = {}) => ({ ...(core[key] ?? {}), ...extra });
  const prone = (t: unknown) => (t as MovingToken).actor?.statuses?.has("prone") === true;
  token.movement.actions = {
    walk: keep("walk", { label: "CLOCKWORK.Combat.Move.Action.walk", order: 0, getCostFunction: spaceCost }),
    step: keep("walk", { label: "CLOCKWORK.Combat.Move.Action.step", icon: "fa-solid fa-shoe-prints", order: 1, getCostFunction: spaceCost }),
    crawl: keep("crawl", { label: "CLOCKWORK.Combat.Move.Action.crawl", order: 2, canSelect: prone, getCostFunction: spaceCost }),
    swim: keep("swim", { label: "CLOCKWORK.Combat.Move.Action.swim", order: 3, getCostFunction: spaceCost }),
    climb: keep("climb", { label: "CLOCKWORK.Combat.Move.Action.climb", order: 4, getCostFunction: spaceCost }),
    displace: keep("displace"),
  };
  token.movement.defaultAction = "walk";
  if (token.documentClass) token.documentClass = createClockworkTokenDocument(token.documentClass);
}

/** Registers the setting and the movement actions; call in `init`. */
export function registerMovement(): void {
  registerSetting(SYSTEM_ID, MOVE_CHARGE_SETTING, {
    name: "CLOCKWORK.Combat.Move.Setting.Name",
    hint: "CLOCKWORK.Combat.Move.Setting.Hint",
    scope: "world", config: true, type: String, default: "owner",
    choices: Object.fromEntries(MOVE_CHARGE_MODES.map((mode) => [mode, `CLOCKWORK.Combat.Move.Setting.${mode}`])),
  });
  registerMovementActions();
  systemApi().map = mapApi;
}

/** The running combat's combatant of an actor has a token on a scene: its moves are paid on the map. */
export function movesOnTheMap(combatant: { tokenId?: string | null; sceneId?: string | null } | null | undefined): boolean {
  return Boolean(combatant?.tokenId && combatant.sceneId && activeCombat());
}
