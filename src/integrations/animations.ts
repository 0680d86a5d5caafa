/**
 * Automated Animations (optional): an item's animation plays when it attacks or casts.
 * The module exposes `AutomatedAnimations.playAnimation(sourceToken, item, options)`, options
 * `targets`, `hitTargets` and `playOnMiss` (otigon/automated-jb2a-animations, src/index.js:
 * `window.AutomatedAnimations`; src/system-support/external.js `playAnimation`). It keys the
 * animation on the item (its name, or the item's own AA settings), so the real Item goes in.
 *
 * It runs on the client that attacked or cast (the `clockwork.attack` and `clockwork.cast`
 * hooks fire there, once per action); AA plays it for the table through Sequencer. Without the
 * module (id `autoanimations`) nothing here runs.
 */
import { ATTACK_HOOKS } from "../combat/attack/constants";
import { CAST_HOOKS } from "../magic/cast";
import { hooks, maybeGame, runtimeGlobal } from "../foundry";

export const AUTOMATED_ANIMATIONS_ID = "autoanimations";

/** The part of the module's global used here. */
export interface AutomatedAnimationsApi {
  playAnimation(sourceToken: unknown, item: unknown, options?: { targets?: unknown[]; hitTargets?: unknown[]; playOnMiss?: boolean }): unknown;
}

interface TokenDoc {
  uuid?: string | null;
  /** The placeable on the canvas, when the scene is viewed. */
  object?: unknown;
}

interface ActorLike {
  uuid?: string | null;
  token?: TokenDoc | null;
  getActiveTokens?(linked?: boolean, document?: boolean): unknown[];
}

/** The module's API when it is active, else null. */
export function automatedAnimations(): AutomatedAnimationsApi | null {
  const modules = (maybeGame() as { modules?: { get(id: string): { active?: boolean } | undefined } } | undefined)?.modules;
  if (modules?.get(AUTOMATED_ANIMATIONS_ID)?.active !== true) return null;
  const api = runtimeGlobal<AutomatedAnimationsApi>("AutomatedAnimations");
  return typeof api?.playAnimation === "function" ? api : null;
}

/** What AA draws on: the token's placeable when there is one, else its document. */
function placeable(token: TokenDoc | null | undefined): unknown {
  return token ? (token.object ?? token) : null;
}

function tokenByUuid(uuid: string | null | undefined): TokenDoc | null {
  if (!uuid) return null;
  const lookup = runtimeGlobal<(uuid: string) => unknown>("fromUuidSync");
  return (lookup?.(uuid) as TokenDoc | null | undefined) ?? null;
}

/** The actor's token: its own (unlinked) or the first on the scenes. */
function tokenOf(actor: ActorLike | null | undefined): TokenDoc | null {
  if (!actor) return null;
  return actor.token ?? ((actor.getActiveTokens?.(false, true)?.[0] as TokenDoc | undefined) ?? null);
}

function play(source: TokenDoc | null, item: unknown, targets: unknown[], hitTargets: unknown[]): void {
  const api = automatedAnimations();
  const token = placeable(source);
  if (!api || !token || !item) return;
  try {
    void Promise.resolve(api.playAnimation(token, item, { targets, hitTargets, playOnMiss: true })).catch((error: unknown) => console.warn("ClockWork | Automated Animations:", error));
  } catch (error) {
    // A module failing must not break the attack that already happened.
    console.warn("ClockWork | Automated Animations:", error);
  }
}

interface AttackOutcomeLike {
  session?: { token?: TokenDoc | null };
  data?: { tokenUuid?: string | null; targets?: { tokenUuid?: string | null; hit?: boolean }[] };
}

/** After an attack's card: the weapon's animation from the attacker to its targets, the hit ones marked. */
export function animateAttack(actor: ActorLike, item: unknown, outcome: AttackOutcomeLike): void {
  const source = outcome.session?.token ?? tokenByUuid(outcome.data?.tokenUuid) ?? tokenOf(actor);
  const rows = (outcome.data?.targets ?? []).map((row) => ({ token: placeable(tokenByUuid(row.tokenUuid)), hit: row.hit === true }));
  const targets = rows.filter((row) => row.token);
  play(source, item, targets.map((row) => row.token), targets.filter((row) => row.hit).map((row) => row.token));
}

interface CastResultLike {
  data?: { success?: boolean; targets?: { uuid?: string; success?: boolean }[] };
}

/** After a cast's card: the spell's animation, on the targets it took hold of. */
export function animateCast(actor: ActorLike, item: unknown, result: CastResultLike): void {
  const lookup = runtimeGlobal<(uuid: string) => unknown>("fromUuidSync");
  const rows = (result.data?.targets ?? []).map((row) => ({
    token: placeable(tokenOf(row.uuid ? (lookup?.(row.uuid) as ActorLike | null | undefined) : null)),
    hit: result.data?.success === true && row.success !== false,
  })).filter((row) => row.token);
  play(tokenOf(actor), item, rows.map((row) => row.token), rows.filter((row) => row.hit).map((row) => row.token));
}

/** Registers the hooks (during `init`); they do nothing unless the module is active. */
export function registerAnimations(): void {
  const registry = hooks();
  registry.on(ATTACK_HOOKS.attack, ((actor: ActorLike, item: unknown, outcome: AttackOutcomeLike) => animateAttack(actor, item, outcome)) as never);
  registry.on(CAST_HOOKS.done, ((actor: ActorLike, item: unknown, result: CastResultLike) => animateCast(actor, item, result)) as never);
}
