/** Token bars, unlinked tokens' deltas, status effects and the ActiveEffect shape of this generation. */
import type { ContractCheck } from "../types";
import { CONFIG, NAME, documentClass, ensure, same, scratch, withHook } from "./support";

export const actorChecks: ContractCheck[] = [
  {
    id: "token-bars.clamp-and-veto",
    behaviour: "Token bars",
    title: "modifyTokenAttribute clamps a bar to 0..max, lets the modifyTokenAttribute hook veto, and adds to a plain value",
    source: "client/documents/actor.mjs modifyTokenAttribute",
    async run(context) {
      const actor = await scratch(context, "Actor", { name: NAME, type: "character" });
      const max = actor.system.luck.max;
      await actor.modifyTokenAttribute("luck", -100, true, true);
      same("luck after -100", actor.system.luck.value, 0);
      await actor.modifyTokenAttribute("luck", 100, true, true);
      same("luck after +100", actor.system.luck.value, max);
      const asked: unknown[] = [];
      await withHook("modifyTokenAttribute", (data, updates, target) => {
        asked.push([data, updates, target === actor]);
        return false;
      }, () => actor.modifyTokenAttribute("luck", -5, true, true));
      same("the hook's arguments", asked, [[{ attribute: "luck", value: -5, isDelta: true, isBar: true }, { "system.luck.value": Math.max(0, max - 5) }, true]]);
      same("luck after a vetoed change", actor.system.luck.value, max);
      const currency = actor.system.currency;
      await actor.modifyTokenAttribute("currency", 5, true, false);
      same("currency after +5 (not a bar)", actor.system.currency, currency + 5);
    },
  },
  {
    id: "token-bars.unlinked-delta",
    behaviour: "Token bars",
    title: "An unlinked token's synthetic actor writes into the token's delta; the world actor is untouched",
    source: "client/data/client-backend.mjs #adjustActorDeltaRequest; client/documents/token.mjs (delta, actor)",
    async run(context) {
      const actor = await scratch(context, "Actor", { name: NAME, type: "npc" });
      const scene = await scratch(context, "Scene", { name: NAME });
      const [token] = await scene.createEmbeddedDocuments("Token", [{ name: NAME, actorId: actor.id, actorLink: false, x: 0, y: 0 }]);
      ensure(token.actor && token.actor !== actor, "a synthetic actor", token.actor === actor ? "the world actor" : "none");
      const before = actor.system.currency;
      await token.actor.update({ "system.currency": before + 11 });
      same("the synthetic actor's currency", token.actor.system.currency, before + 11);
      same("the delta's currency (token source)", token.toObject().delta?.system?.currency, before + 11);
      same("the world actor's currency", actor.system.currency, before);
    },
  },
  {
    id: "status-effects.toggle",
    behaviour: "Status effects",
    title: "toggleStatusEffect adds an effect with the status's static _id, active forces it on, a second toggle removes it; statuses follow",
    source: "client/documents/actor.mjs toggleStatusEffect; client/documents/active-effect.mjs fromStatusEffect",
    async run(context) {
      const actor = await scratch(context, "Actor", { name: NAME, type: "character" });
      const status = CONFIG().statusEffects.find((s: { _id?: string }) => s._id) ?? CONFIG().statusEffects[0];
      const created = await actor.toggleStatusEffect(status.id);
      ensure(created?.documentName === "ActiveEffect", "the new ActiveEffect", created);
      if (status._id) same("the effect's id", created.id, status._id);
      same("statuses has it", actor.statuses.has(status.id), true);
      same("forcing it active when on", await actor.toggleStatusEffect(status.id, { active: true }), true);
      same("effects with it", actor.effects.filter((e: { statuses: Set<string> }) => e.statuses.has(status.id)).length, 1);
      same("toggling it off", await actor.toggleStatusEffect(status.id), false);
      same("statuses has it after", actor.statuses.has(status.id), false);
      same("forcing it inactive when off", await actor.toggleStatusEffect(status.id, { active: false }), undefined);
      const effect = await documentClass("ActiveEffect").fromStatusEffect(status.id);
      same("fromStatusEffect: statuses, unsaved", [[...effect.statuses], effect.id ?? null], [[status.id], status._id ?? null]);
    },
  },
  {
    id: "status-effects.effect-shape-v13",
    behaviour: "Status effects",
    title: "v13 ActiveEffect shape: duration {rounds, turns, seconds, startRound…} and changes at the top level",
    source: "common/documents/active-effect.mjs (v13 schema)",
    generations: [13],
    async run(context) {
      const actor = await scratch(context, "Actor", { name: NAME, type: "character" });
      const [effect] = await actor.createEmbeddedDocuments("ActiveEffect", [{ name: NAME, duration: { rounds: 3 }, changes: [{ key: "system.currency", value: "1", mode: 2 }] }]);
      same("duration.rounds, changes[0].mode", [effect._source.duration.rounds, effect._source.changes[0].mode], [3, 2]);
    },
  },
  {
    id: "v14.effect-shape",
    behaviour: "v14 profile",
    title: "v14 ActiveEffect shape: duration {value, units, expiry}, a top-level start, changes in system.changes",
    source: "API v14 EffectDurationData; common/documents/active-effect.mjs (v14 schema)",
    generations: [14],
    async run(context) {
      const actor = await scratch(context, "Actor", { name: NAME, type: "character" });
      const [effect] = await actor.createEmbeddedDocuments("ActiveEffect", [{ name: NAME, duration: { value: 3, units: "rounds", expiry: null } }]);
      same("duration", [effect._source.duration.value, effect._source.duration.units], [3, "rounds"]);
      ensure("start" in effect._source, "a top-level start", Object.keys(effect._source));
    },
  },
];
