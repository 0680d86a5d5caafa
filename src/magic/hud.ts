/**
 * The global mana HUD (issue 11 item 1): a small window that shows the scene's pool to the GM
 * and the players and lets a player channel from it. Its context is pure (`manaHudContext`);
 * the window re-renders when the pool or the viewed scene changes.
 */
import { currentUser, hooks as foundryHooks, maybeCanvas, notify } from "../foundry";
import { channelMana } from "./channel";
import { POOL_CHANGED_HOOK, currentScene, scenePool } from "./pool";
import { MANA_HUD_TEMPLATE, manaHudContext } from "./views";

export { MANA_HUD_TEMPLATE, manaHudContext };

interface ActorDoc {
  id?: string | null;
  uuid: string;
  name: string;
  statuses?: Iterable<string>;
  system: { mana?: { value?: number; max?: number } };
}

/** The selected token's actor, else the user's assigned character. */
export function hudActor(): ActorDoc | null {
  const controlled = maybeCanvas<{ tokens?: { controlled?: { actor?: ActorDoc | null }[] } }>()?.tokens?.controlled ?? [];
  const selected = controlled.find((t) => t.actor)?.actor ?? null;
  return selected ?? (currentUser<{ character?: ActorDoc | null }>()?.character ?? null);
}

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export class ManaPoolHud extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "clockwork-mana-hud",
    classes: ["clockwork", "cw-mana-hud"],
    tag: "section",
    window: { title: "CLOCKWORK.Magic.Hud.Title", icon: "fa-solid fa-droplet", minimizable: true, resizable: false },
    position: { width: 240, top: 80, left: 120 },
    actions: { channel: ManaPoolHud.#onChannel },
  };

  static override PARTS = { body: { template: MANA_HUD_TEMPLATE } };

  protected override async _prepareContext(): Promise<Record<string, unknown>> {
    const scene = currentScene();
    const actor = hudActor();
    return manaHudContext({
      pool: scenePool(scene),
      sceneName: scene?.name ?? "",
      isGM: game.user?.isGM === true,
      actor: actor ? { name: actor.name, mana: { value: actor.system.mana?.value ?? 0, max: actor.system.mana?.max ?? 0 } } : null,
    });
  }

  static async #onChannel(this: ManaPoolHud, _event: Event, target: HTMLElement): Promise<void> {
    const actor = hudActor();
    if (!actor) {
      notify("warn", "CLOCKWORK.Magic.Hud.NoActor");
      return;
    }
    const input = (target.closest(".cw-mana-hud") ?? this.element)?.querySelector<HTMLInputElement>("input[name=amount]");
    const amount = Number(input?.value ?? 0);
    await channelMana(actor, amount);
    void this.render();
  }
}

let hud: ManaPoolHud | null = null;

/** The HUD window (one per client). */
export function manaHud(): ManaPoolHud {
  hud ??= new ManaPoolHud();
  return hud;
}

/** Opens the HUD when the scene has a pool, closes it when it has none. */
export function refreshManaHud(): void {
  const scene = currentScene();
  const app = manaHud();
  if (scenePool(scene)) void app.render({ force: true });
  else if (app.rendered) void app.close();
}

/** Re-renders the HUD when it is open. */
export function rerenderManaHud(): void {
  if (hud?.rendered) void hud.render();
}

/** Opens the HUD when the scene has a pool, and keeps it current. */
export function registerManaHud(): void {
  const hooks = foundryHooks();
  hooks.on("canvasReady", refreshManaHud);
  hooks.on(POOL_CHANGED_HOOK, refreshManaHud);
  hooks.on("updateActor", rerenderManaHud);
  hooks.on("controlToken", rerenderManaHud);
}
