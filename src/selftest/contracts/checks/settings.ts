/** Settings, and the facts that tell a v14 core from a v13 one. */
import type { ContractCheck } from "../types";
import { CONFIG, documentClass, ensure, foundry, game, rejects, same } from "./support";

const KEY = "contractCheckScratch";

export const settingChecks: ContractCheck[] = [
  {
    id: "settings.unregistered-throws",
    behaviour: "Settings",
    title: "Reading or writing an unregistered setting throws",
    source: "client/helpers/client-settings.mjs get, set (#assertKey)",
    async run() {
      const read = await rejects("get of an unregistered key", () => game().settings.get("clockwork", "noSuchSetting"));
      ensure(/not a registered game setting/.test(read), "'… is not a registered game setting'", read);
      await rejects("set of an unregistered key", () => game().settings.set("clockwork", "noSuchSetting", 1));
    },
  },
  {
    id: "settings.world-setting-document",
    behaviour: "Settings",
    title: "A world setting is stored as a Setting document; set() calls onChange with the value",
    source: "client/helpers/client-settings.mjs set, register, get ({document: true}); client/documents/setting.mjs _onCreate/_onUpdate (onChange)",
    async run(context) {
      const settings = game().settings;
      const changes: unknown[] = [];
      settings.register("clockwork", KEY, { scope: "world", config: false, type: Number, default: 1, onChange: (value: unknown) => changes.push(value) });
      try {
        await settings.set("clockwork", KEY, 3);
        same("get after set", settings.get("clockwork", KEY), 3);
        same("onChange values", changes, [3]);
        const doc = settings.get("clockwork", KEY, { document: true });
        ensure(doc instanceof documentClass("Setting"), "a Setting document in the world storage", doc);
        context.track(doc);
      } finally {
        settings.settings.delete(`clockwork.${KEY}`);
      }
    },
  },
  {
    id: "settings.roll-mode-v13",
    behaviour: "Settings",
    title: "v13 registers core.rollMode and no core.messageMode",
    source: "client/config.mjs / client/helpers/client-settings.mjs (core settings)",
    generations: [13],
    async run() {
      same("core.rollMode registered, core.messageMode registered", [game().settings.settings.has("core.rollMode"), game().settings.settings.has("core.messageMode")], [true, false]);
    },
  },
  {
    id: "v14.release-and-modes",
    behaviour: "v14 profile",
    title: "v14: generation 14, core.messageMode with CONFIG.ChatMessage.modes, foundry.data.operators.ForcedDeletion",
    source: "API v14 (game.release, CONFIG.ChatMessage.modes, foundry.data.operators); foundryvtt/foundryvtt#13090",
    generations: [14],
    async run() {
      same("game.release.generation", game().release.generation, 14);
      ensure(game().settings.settings.has("core.messageMode"), "core.messageMode registered", "missing");
      for (const mode of ["public", "gm", "blind", "self"]) ensure(CONFIG().ChatMessage.modes?.[mode], `CONFIG.ChatMessage.modes.${mode}`, "missing");
      ensure(typeof foundry().data.operators?.ForcedDeletion?.create === "function", "ForcedDeletion.create", "missing");
    },
  },
  {
    id: "v14.forced-deletion",
    behaviour: "v14 profile",
    title: "v14 deletes a key with a ForcedDeletion operator (the _del form)",
    source: "API v14 foundry.data.operators.ForcedDeletion; foundryvtt/foundryvtt#14112",
    generations: [14],
    async run(context) {
      const entry = await context.track(await documentClass("JournalEntry").create({ name: "ClockWork contract check", flags: { clockwork: { a: 1, b: 2 } } }));
      await entry.update({ "flags.clockwork.a": foundry().data.operators.ForcedDeletion.create() });
      same("flags after the deletion", entry.flags.clockwork, { b: 2 });
    },
  },
];
