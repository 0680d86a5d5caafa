/**
 * The companion module's classes for Token Action HUD Core 2.x, built on the API Core hands to
 * `tokenActionHudCoreApiReady` (`coreModule.api`: SystemManager, ActionHandler, RollHandler;
 * token-action-hud-core `module/core/api.mjs`). Core then asks the SystemManager for the
 * defaults, an ActionHandler whose `buildSystemActions(groupIds)` adds actions with
 * `addActions(actions, { id, type })`, and a RollHandler whose `handleActionClick(event,
 * buttonValue)` runs a click (`module/managers/system-manager.mjs`, `module/handlers/…`).
 */
/* global game, CONFIG, ui, Hooks -- Foundry's globals in the browser */
import { buildActions, COMBAT_GROUPS, itemIdOf, performAction } from "./actions.mjs";

export const MODULE_ID = "token-action-hud-clockwork";
/**
 * Core refuses a system module whose required version differs from its own in each part given
 * (`Utils.isSystemModuleCompatible`): "2" accepts every 2.x, whose API this module uses.
 */
export const REQUIRED_CORE_MODULE_VERSION = "2";

const i18n = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/** The system's public API and config, read at the time of each build or click. */
function env() {
  return {
    clockwork: game.clockwork,
    skills: CONFIG.CLOCKWORK?.skills,
    statusEffects: CONFIG.statusEffects,
    localize: i18n,
    notify: (text) => ui.notifications?.warn(text),
  };
}

/** The default layout: a group per kind, the combat actions split as the sheet splits them. */
export function defaults() {
  const group = (id, name) => ({ id, name, type: "system" });
  const combat = COMBAT_GROUPS.map((key) => group(`combat-${key}`, i18n(`CLOCKWORK.Combat.Attack.Group.${key}`)));
  const skills = group("skills", i18n("TAH_CLOCKWORK.Group.skills"));
  const spells = group("spells", i18n("TAH_CLOCKWORK.Group.spells"));
  const weapons = group("weapons", i18n("TAH_CLOCKWORK.Group.weapons"));
  const alchemy = group("alchemy", i18n("TAH_CLOCKWORK.Group.alchemy"));
  const conditions = group("conditions", i18n("TAH_CLOCKWORK.Group.conditions"));
  const top = (id, children) => ({
    nestId: id, id, name: i18n(`TAH_CLOCKWORK.Group.${id}`), groups: children.map((g) => ({ ...g, nestId: `${id}_${g.id}` })),
  });
  return {
    layout: [top("combat", combat), top("skills", [skills]), top("spells", [spells]), top("items", [weapons, alchemy]), top("conditions", [conditions])],
    groups: [...combat, skills, spells, weapons, alchemy, conditions].map((g) => ({ ...g, listName: `Group: ${g.name}` })),
  };
}

/** The SystemManager class Core instantiates, built on Core's own base classes. */
export function createSystemManager(api) {
  class ActionHandler extends api.ActionHandler {
    async buildSystemActions() {
      const actor = this.actor;
      // Several tokens selected: ClockWork's actions are per creature, so none.
      if (!actor) return;
      for (const { groupId, actions } of buildActions(env(), actor)) {
        if (actions.length) this.addActions(actions, { id: groupId, type: "system" });
      }
    }
  }

  class RollHandler extends api.RollHandler {
    async handleActionClick(event, buttonValue) {
      const actor = this.actor;
      if (!actor) return null;
      const itemId = itemIdOf(buttonValue);
      if (itemId && this.isRenderItem?.()) return this.renderItem(actor, itemId);
      return performAction(env(), actor, buttonValue, event);
    }
  }

  return class SystemManager extends api.SystemManager {
    getActionHandler() {
      return new ActionHandler();
    }

    getAvailableRollHandlers() {
      return { core: "Core ClockWork" };
    }

    getRollHandler() {
      return new RollHandler();
    }

    async registerDefaults() {
      return defaults();
    }
  };
}

/** Answers Core's ready hook with this module's SystemManager (nothing when the system is not ClockWork). */
export function registerTokenActionHud() {
  Hooks.once("tokenActionHudCoreApiReady", (coreModule) => {
    if (game.system?.id !== "clockwork" || !game.clockwork?.combat) {
      console.warn(`${MODULE_ID} | ${i18n("TAH_CLOCKWORK.NoSystem")}`);
      return;
    }
    const module = game.modules.get(MODULE_ID);
    if (!module) return;
    module.api = { requiredCoreModuleVersion: REQUIRED_CORE_MODULE_VERSION, SystemManager: createSystemManager(coreModule.api) };
    Hooks.call("tokenActionHudSystemReady", module);
  });
}
