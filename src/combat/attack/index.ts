/**
 * The attack workflow's registration (issue 10 items 4–7, 10, 11): the GM write relay, the
 * reaction query, the world settings, the attack card's render hook, the attack dialog,
 * `actor.attack(item, options)` and `game.clockwork.combat`. The entry point calls
 * `registerAttack()` in `init`. Only names, settings and the token ruler load at start-up; the
 * workflow, its dialog, the card, the reactions, the combat actions and the GM write relay load
 * on first use (./impl, issue 9).
 */
import { GM_WRITE_QUERY } from "../gm-write-constants";
import { COMBAT_ACTIONS_TEMPLATE } from "../actions/templates";
import { registerCombatActions } from "../actions/register";
import { registerTokenRuler } from "../ruler-register";
import { ATTACK_CARD_TEMPLATE, ATTACK_HOOKS, REACTION_QUERY, REACTION_TEMPLATE } from "./constants";
import { ATTACK_DIALOG_PARTS } from "./dialog-parts";
import { registerAttackSettings } from "./settings";
import type { AttackCallOptions, AttackOutcome, WorkflowActor } from "./workflow";
import type { AttackItem } from "./source";

export { ATTACK_HOOKS, type AttackCallOptions, type AttackOutcome };

/** The workflow's code, on first use. */
const impl = () => import("./impl");
type Impl = Awaited<ReturnType<typeof impl>>;

/** `actor.attack(item, options)`: the whole attack, or null when it did not happen. */
export async function attack(actor: WorkflowActor, item: AttackItem, options?: AttackCallOptions): Promise<AttackOutcome | null> {
  return (await impl()).attack(actor, item, options);
}

/** The combat API for macros and modules (`game.clockwork.combat`); every call returns a promise. */
export const combatApi = {
  attack,
  applyAttackCard: async (...args: Parameters<Impl["applyAttackCard"]>) => (await impl()).applyAttackCard(...args),
  undoAttackCard: async (...args: Parameters<Impl["undoAttackCard"]>) => (await impl()).undoAttackCard(...args),
  requestWrites: async (...args: Parameters<Impl["requestWrites"]>) => (await impl()).requestWrites(...args),
  applyDamage: async (...args: Parameters<Impl["applyDamageTo"]>) => (await impl()).applyDamageTo(...args),
  heal: async (...args: Parameters<Impl["healActor"]>) => (await impl()).healActor(...args),
  fall: async (...args: Parameters<Impl["fall"]>) => (await impl()).fall(...args),
  redirectDamage: async (...args: Parameters<Impl["redirectAttackDamage"]>) => (await impl()).redirectAttackDamage(...args),
  setStatus: async (...args: Parameters<Impl["setStatus"]>) => (await impl()).setStatus(...args),
  spendCounters: async (...args: Parameters<Impl["spendCombatantCounters"]>) => (await impl()).spendCombatantCounters(...args),
  actions: async (...args: Parameters<Impl["combatActionsFor"]>) => {
    const i = await impl();
    await i.loadActionProviders();
    return i.combatActionsFor(...args);
  },
  performAction: async (...args: Parameters<Impl["performCombatAction"]>) => (await impl()).performCombatAction(...args),
  onActionClick: async (...args: Parameters<Impl["onCombatActionClick"]>) => (await impl()).onCombatActionClick(...args),
  queries: { gmWrite: GM_WRITE_QUERY, reaction: REACTION_QUERY },
  hooks: ATTACK_HOOKS,
} as const;

interface HookRegistry {
  on(hook: string, fn: (...args: never[]) => unknown): number;
  once(hook: string, fn: (...args: never[]) => unknown): number;
}

/** Adds `attack(item, options)` to the Actor class. */
export function installActorAttack(cls: { prototype: object }): void {
  Object.defineProperty(cls.prototype, "attack", {
    value: function (this: WorkflowActor, item: AttackItem, options?: AttackCallOptions) {
      return attack(this, item, options);
    },
    writable: true,
    configurable: true,
  });
}

/** Whether a chat message carries an attack card (its flag), without loading the card's code. */
function hasAttackCard(message: unknown): boolean {
  const flags = (message as { flags?: { clockwork?: Record<string, unknown> } } | null)?.flags?.clockwork;
  return !!flags && typeof flags.attack === "object" && flags.attack !== null;
}

/** The token HUD's Fall button, for the GM only (§4.8): asks the height, then `combat.fall`. */
export function addFallButton(hud: { document?: unknown; object?: { document?: unknown } }, html: HTMLElement): void {
  if (!game.user?.isGM) return;
  const column = html.querySelector(".col.left");
  const token = hud.document ?? hud.object?.document;
  if (!column || !token) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "control-icon";
  button.dataset.cwFall = "";
  button.dataset.tooltip = game.i18n?.localize("CLOCKWORK.Combat.Fall.Button") ?? "";
  button.innerHTML = `<i class="fa-solid fa-person-falling" inert></i>`;
  button.addEventListener("click", (event) => {
    event.preventDefault();
    void impl().then((i) => i.promptFall(token as never));
  });
  column.append(button);
}

/** Registers everything of the attack workflow; call once in the `init` hook. */
export function registerAttack(): void {
  const queries = (CONFIG as unknown as { queries: Record<string, unknown> }).queries;
  queries[GM_WRITE_QUERY] = async (data: unknown) => (await impl()).answerGmWrite(data);
  queries[REACTION_QUERY] = async (data: unknown) => (await impl()).answerReaction(data);
  registerAttackSettings();
  registerCombatActions();
  registerTokenRuler();
  const actorClass = (CONFIG as unknown as { Actor?: { documentClass?: { prototype: object } } }).Actor?.documentClass;
  if (actorClass) installActorAttack(actorClass);
  const api = game as unknown as { clockwork?: Record<string, unknown> };
  api.clockwork = { ...(api.clockwork ?? {}), combat: combatApi };
  (Hooks as unknown as HookRegistry).on("renderChatMessageHTML", (message: unknown, html: HTMLElement) => {
    if (hasAttackCard(message)) void impl().then((i) => i.onRenderAttackMessage(message, html));
  });
  (Hooks as unknown as HookRegistry).on("renderTokenHUD", (hud: never, html: HTMLElement) => addFallButton(hud, html));
  void foundry.applications.handlebars?.loadTemplates?.([ATTACK_CARD_TEMPLATE, REACTION_TEMPLATE, COMBAT_ACTIONS_TEMPLATE, ...Object.values(ATTACK_DIALOG_PARTS)]);
  // Not needed to start, but soon: fetched in the background once the game is ready, as the sheets are.
  (Hooks as unknown as HookRegistry).once("ready", () => void impl().catch(() => null));
}
