/**
 * A fake of Token Action HUD Core 2.x, only the extension API a system module uses. Every call it
 * accepts follows Core's source (Larkinabout/fvtt-token-action-hud-core, 2.1.0):
 * - `Hooks.callAll("tokenActionHudCoreApiReady", module)` with `module.api` = { SystemManager,
 *   ActionHandler, RollHandler, … } — `module/core/api.mjs` `registerApi`;
 * - the system module answers `Hooks.call("tokenActionHudSystemReady", systemModule)`; Core checks
 *   `systemModule.api.requiredCoreModuleVersion` (each part given equals Core's,
 *   `module/core/utils.mjs` `isSystemModuleCompatible`), then `new systemModule.api.SystemManager(id)`
 *   and `init()` — `module/main.mjs` `registerCoreModule`;
 * - `init()` stores `await registerDefaults()` as `defaults` ({ layout, groups }, groups found by
 *   `nestId` split on "_") — `module/managers/system-manager.mjs`, `module/core/utils.mjs`
 *   `getNestedGroups`; `getActionHandler()`, `getRollHandler(id)`, `getAvailableRollHandlers()`;
 * - ActionHandler: `actor`/`token` read through `hudManager`; Core calls `buildSystemActions(groupIds)`;
 *   `addActions(actionsData, groupData)` adds to the groups with `groupData.id`, action data as
 *   `createAction` reads it (id, name, encodedValue, cssClass, info1, img, tooltip, system) —
 *   `module/handlers/action-handlers/action-handler.mjs`;
 * - RollHandler: `handleActionClickCore(event, action)` sets `this.action` and calls
 *   `handleActionClick(event, buttonValue)` with the button's value, the action's `encodedValue`
 *   (`templates/action.hbs`); `isRenderItem()`, `renderItem(actor, itemId)` —
 *   `module/handlers/roll-handlers/roll-handler.mjs`. (Core does not await the click; the fake
 *   returns its promise so a test can.)
 */
export const CORE_VERSION = "2.1.0";

interface HudManager {
  actor: unknown;
  token: unknown;
}

export interface HudAction {
  id: string;
  name: string;
  encodedValue: string;
  cssClass?: string;
  info1?: { text?: string; title?: string };
  img?: string;
  tooltip?: string;
  system?: Record<string, unknown>;
}

interface Group {
  id: string;
  nestId: string;
  name: string;
  type: string;
}

class SystemManager {
  coreModuleId: string;
  defaults: { layout?: { nestId: string; id: string; groups?: Group[] }[]; groups?: Group[] } = {};
  constructor(coreModuleId: string) {
    this.coreModuleId = coreModuleId;
  }

  async registerDefaults(): Promise<unknown> {
    return undefined;
  }

  async init(): Promise<void> {
    this.defaults = ((await this.registerDefaults()) ?? {}) as SystemManager["defaults"];
  }
}

class ActionHandler {
  hudManager: HudManager = { actor: null, token: null };
  /** The actions added, by group id (Core draws them in the layout's groups). */
  added = new Map<string, HudAction[]>();
  /** Group ids the layout has; an action for another group is dropped, as Core drops it. */
  groupIds = new Set<string>();

  get actor(): unknown {
    return this.hudManager.actor;
  }

  get token(): unknown {
    return this.hudManager.token;
  }

  async buildSystemActions(_groupIds: string[]): Promise<void> {}

  addActions(actionsData: HudAction[], groupData: { id?: string; type?: string }): void {
    if (!actionsData.length || !groupData?.id || !this.groupIds.has(groupData.id)) return;
    this.added.set(groupData.id, [...(this.added.get(groupData.id) ?? []), ...actionsData]);
  }
}

class RollHandler {
  hudManager: HudManager = { actor: null, token: null };
  action: HudAction | null = null;
  rendered: string[] = [];

  get actor(): unknown {
    return this.hudManager.actor;
  }

  async handleActionClick(_event: unknown, _buttonValue: string): Promise<unknown> {
    return undefined;
  }

  handleActionClickCore(event: unknown, action: HudAction): Promise<unknown> {
    this.action = action;
    return this.handleActionClick(event, action.encodedValue);
  }

  isRenderItem(): boolean {
    return false;
  }

  renderItem(_actor: unknown, itemId: string): boolean {
    this.rendered.push(itemId);
    return true;
  }
}

type SystemManagerClass = new (id: string) => SystemManager & {
  getActionHandler(): ActionHandler;
  getRollHandler(id: string): RollHandler;
  getAvailableRollHandlers(): Record<string, string>;
};

export interface FakeCore {
  systemManager: InstanceType<SystemManagerClass>;
  /** The HUD for a selected token: the groups and their actions. */
  hud(actor: unknown, token?: unknown): Promise<Map<string, HudAction[]>>;
  click(actor: unknown, action: HudAction, event?: unknown): Promise<unknown>;
}

/** Each part the system module names must equal Core's (major always; minor and patch when given). */
function compatible(required: string, installed: string): boolean {
  const want = required.split(".");
  const have = installed.split(".");
  return want[0] === have[0] && (!want[1] || want[1] === have[1]) && (!want[2] || want[2] === have[2]);
}

/** Foundry's Hooks, untyped for a module's own hook names. */
const hooks = (): { once(name: string, fn: (...args: never[]) => unknown): number; callAll(name: string, ...args: unknown[]): boolean } => Hooks as never;

/** Calls Core's ready hook on the current client and waits for a system module to register. */
export async function bootFakeCore(): Promise<FakeCore | null> {
  const coreModule = { id: "token-action-hud-core", version: CORE_VERSION, api: { SystemManager, ActionHandler, RollHandler } };
  let registered: Promise<InstanceType<SystemManagerClass>> | null = null;
  hooks().once("tokenActionHudSystemReady", ((systemModule: { api?: { requiredCoreModuleVersion?: string; SystemManager: SystemManagerClass } }) => {
    const api = systemModule.api;
    if (!api || (api.requiredCoreModuleVersion && !compatible(api.requiredCoreModuleVersion, CORE_VERSION))) return;
    const manager = new api.SystemManager(coreModule.id);
    registered = manager.init().then(() => manager);
  }) as never);
  hooks().callAll("tokenActionHudCoreApiReady", coreModule);
  if (!registered) return null;
  const systemManager: InstanceType<SystemManagerClass> = await registered;
  const groups = (systemManager.defaults.groups ?? []) as Group[];
  return {
    systemManager,
    async hud(actor, token = null) {
      const handler = systemManager.getActionHandler();
      handler.hudManager = { actor, token };
      handler.groupIds = new Set(groups.map((g) => g.id));
      await handler.buildSystemActions([...handler.groupIds]);
      return handler.added;
    },
    click(actor, action, event = null) {
      const handler = systemManager.getRollHandler("core");
      handler.hudManager = { actor, token: null };
      return handler.handleActionClickCore(event, action);
    },
  };
}
