/** Data fields and foundry.utils, UUID look-ups and packs, and what start-up leaves ready. */
import type { ContractCheck } from "../types";
import { CONFIG, NAME, core, ensure, foundry, game, notified, same, scratch } from "./support";

export const dataChecks: ContractCheck[] = [
  {
    id: "data.number-field-cleaning",
    behaviour: "Data",
    title: "NumberField cleaning casts, rounds integers and clamps; a null in a non-nullable field becomes its initial value",
    source: "common/data/fields.mjs NumberField#_cleanType, DataField#clean",
    async run() {
      const field = new (foundry().data.fields.NumberField)({ required: true, nullable: false, integer: true, min: 0, max: 10, initial: 4 });
      same("clean('5.4'), clean(12), clean(-3), clean(null)", [field.clean("5.4"), field.clean(12), field.clean(-3), field.clean(null)], [5, 10, 0, 4]);
    },
  },
  {
    id: "data.utils",
    behaviour: "Data",
    title: "foundry.utils: mergeObject with -= deletions, expand/flatten, diffObject, get/setProperty, isEmpty",
    source: "common/utils/helpers.mjs",
    async run() {
      const u = foundry().utils;
      same("mergeObject of a dotted key", u.mergeObject({ a: { b: 1, c: 2 }, d: 1 }, { "a.b": 5, e: 3 }), { a: { b: 5, c: 2 }, d: 1, e: 3 });
      same("mergeObject with a -= key", u.mergeObject({ a: { x: 1, y: 2 } }, { a: { "-=x": null } }, { performDeletions: true }), { a: { y: 2 } });
      const source = { a: [{ b: 1 }] };
      const copy = u.deepClone(source);
      copy.a[0].b = 2;
      same("deepClone leaves the source", source.a[0].b, 1);
      same("expandObject", u.expandObject({ "a.b": 1 }), { a: { b: 1 } });
      same("flattenObject", u.flattenObject({ a: { b: 1 }, d: [1] }), { "a.b": 1, d: [1] });
      same("diffObject", u.diffObject({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 3 } }), { b: { c: 3 } });
      const target = {};
      u.setProperty(target, "x.y", 2);
      same("setProperty / getProperty", [target, u.getProperty(target, "x.y")], [{ x: { y: 2 } }, 2]);
      same("isEmpty({}), isEmpty([1])", [u.isEmpty({}), u.isEmpty([1])], [true, false]);
      ensure(/^[A-Za-z0-9]{16}$/.test(u.randomID()), "randomID: 16 letters and digits", u.randomID());
    },
  },
  {
    id: "data.unset-flag-v13",
    behaviour: "Data",
    title: "v13 removes a key with a -= update (unsetFlag)",
    source: "common/utils/helpers.mjs mergeObject (performDeletions); client/documents/abstract/client-document.mjs unsetFlag",
    generations: [13],
    async run(context) {
      const entry = await scratch(context, "JournalEntry", { name: NAME, flags: { clockwork: { a: 1, b: 2 } } });
      await entry.unsetFlag("clockwork", "a");
      same("flags after unsetFlag", entry.flags.clockwork, { b: 2 });
      await entry.update({ "flags.clockwork.-=b": null });
      same("flags after a -= update", entry.flags.clockwork, {});
    },
  },
  {
    id: "data.system-model-migrates",
    behaviour: "Data",
    title: "A document's creation and each update's changes run its system model's migrateData; the model validates the change",
    source: "common/data/fields.mjs TypeDataField#migrateSource; common/abstract/data.mjs DataModel#updateSource",
    async run(context) {
      const model = CONFIG().Actor.dataModels.character;
      const original = model.migrateData;
      const seen: unknown[] = [];
      model.migrateData = function (this: unknown, source: Record<string, unknown>) {
        seen.push(Object.keys(source ?? {}).sort().join(","));
        return original.call(this, source);
      };
      let actor;
      try {
        actor = await scratch(context, "Actor", { name: NAME, type: "character" });
        ensure(seen.length > 0, "migrateData run on creation", "not run");
        seen.length = 0;
        await actor.update({ "system.currency": 7 });
        ensure(seen.some((keys) => String(keys).split(",").includes("currency")), "migrateData run on the update's system changes", seen);
      } finally {
        model.migrateData = original;
      }
      ensure(actor.system instanceof model, "actor.system an instance of the registered model", actor.system?.constructor?.name);
      const { result, errors } = await notified(() => actor.update({ "system.skills.agility.rank": 40 }));
      same("update with a skill rank of 40: result, error notifications", [result, errors.length], [undefined, 1]);
      ensure(actor.system.skills.agility.rank !== 40, "the rank unchanged", actor.system.skills.agility.rank);
    },
  },
  {
    id: "uuids.world-embedded-compendium",
    behaviour: "UUIDs",
    title: "fromUuid/fromUuidSync find world, embedded and compendium documents; an unloaded compendium document gives its index entry",
    source: "client/utils/helpers.mjs fromUuid, fromUuidSync; client/documents/collections/compendium-collection.mjs getIndex, getDocument",
    async run(context) {
      const actor = await scratch(context, "Actor", { name: NAME, type: "character", items: [{ name: NAME, type: "equipment" }] });
      const item = actor.items.contents[0];
      same("fromUuidSync(actor), fromUuidSync(item)", [core("fromUuidSync")(actor.uuid) === actor, core("fromUuidSync")(item.uuid) === item], [true, true]);
      same("await fromUuid(item)", (await core("fromUuid")(item.uuid)) === item, true);
      const pack = game().packs.get("clockwork.weapons");
      const index = [...(await pack.getIndex({ fields: ["type"] }))];
      const entry = index[0];
      ensure(entry?.type, "index entries with the asked-for type field", entry);
      const uuid = `Compendium.clockwork.weapons.Item.${entry._id}`;
      const sync = core("fromUuidSync")(uuid);
      same("fromUuidSync of a pack document: id and name", [sync?._id ?? sync?.id, sync?.name], [entry._id, entry.name]);
      const doc = await core("fromUuid")(uuid);
      same("fromUuid of a pack document: uuid and pack", [doc?.uuid, doc?.pack], [uuid, "clockwork.weapons"]);
    },
  },
  {
    id: "start-up.ready",
    behaviour: "Start-up",
    title: "After start-up the game is ready, the system is this one, its data models registered and their labels localized",
    source: "client/game.mjs (init, i18nInit, setup, ready); client/helpers/localization.mjs localizeDataModels",
    async run() {
      same("game.ready, game.system.id", [game().ready, game().system.id], [true, "clockwork"]);
      const model = CONFIG().Actor.dataModels.character;
      ensure(model, "CONFIG.Actor.dataModels.character", "missing");
      const label = model.schema.fields.currency?.label;
      ensure(typeof label === "string" && label.length > 0 && !label.startsWith("CLOCKWORK."), "a localized label on system.currency", label);
    },
  },
];
