/**
 * Permissions, refusals, ownership and locked packs, asked of the common rules one GM client
 * can evaluate for a temporary player (the server applies the same rules).
 */
import type { ContractCheck } from "../types";
import { ContractSkip, NAME, core, documentClass, ensure, game, notified, rejects, same, scratch, scratchPlayer } from "./support";

const OWNER = 3;

export const permissionChecks: ContractCheck[] = [
  {
    id: "permissions.player-writes",
    behaviour: "Permissions",
    title: "A player may update an actor they own and its items, not another's; creating actors and deleting them needs an assistant",
    source: "common/abstract/document.mjs canUserModify; common/documents/actor.mjs #canCreate, item.mjs, setting.mjs metadata.permissions",
    async run(context) {
      const player = await scratchPlayer(context);
      const mine = await scratch(context, "Actor", { name: NAME, type: "character", ownership: { [player.id]: OWNER }, items: [{ name: NAME, type: "equipment" }] });
      const theirs = await scratch(context, "Actor", { name: NAME, type: "npc", items: [{ name: NAME, type: "equipment" }] });
      same("update own actor / own item / other's actor / other's item", [
        mine.canUserModify(player, "update"), mine.items.contents[0].canUserModify(player, "update"),
        theirs.canUserModify(player, "update"), theirs.items.contents[0].canUserModify(player, "update"),
      ], [true, true, false, false]);
      same("delete own actor", mine.canUserModify(player, "delete"), false);
      // canUserCreate throws for types whose create rule is a function (Actor, Setting): ask an unsaved document.
      const Actor = documentClass("Actor");
      const Setting = documentClass("Setting");
      same("a player creates an actor (ACTOR_CREATE)", new Actor({ name: NAME, type: "character" }).canUserModify(player, "create"), false);
      same("a player creates a world setting (SETTINGS_MODIFY)", new Setting({ key: "clockwork.contractCheck", value: "1" }).canUserModify(player, "create"), false);
      same("the GM may update both", [mine.canUserModify(game().user, "update"), theirs.canUserModify(game().user, "update")], [true, true]);
    },
  },
  {
    id: "permissions.combat-players-turns-only",
    behaviour: "Permissions",
    title: "A player may change a combat's round, turn and combatants only",
    source: "common/documents/combat.mjs #canUpdate",
    async run(context) {
      const player = await scratchPlayer(context);
      const combat = await scratch(context, "Combat", {});
      same("player changes round / turn / active", [
        combat.canUserModify(player, "update", { round: 2 }), combat.canUserModify(player, "update", { turn: 1 }), combat.canUserModify(player, "update", { active: false }),
      ], [true, true, false]);
    },
  },
  {
    id: "refused-write.by-the-common-rule",
    behaviour: "A refused write",
    title: "The rule the server refuses a write by: no update or delete of an unowned document until ownership is granted",
    source: "common/abstract/document.mjs canUserModify (the server's refusal, its message and the client's rejection need a player's client: the test world's own tests hold those)",
    async run(context) {
      const player = await scratchPlayer(context);
      const actor = await scratch(context, "Actor", { name: NAME, type: "npc" });
      same("update, delete before ownership", [actor.canUserModify(player, "update"), actor.canUserModify(player, "delete")], [false, false]);
      await actor.update({ [`ownership.${player.id}`]: OWNER });
      same("update after OWNER is granted", actor.canUserModify(player, "update"), true);
    },
  },
  {
    id: "ownership.levels-per-user",
    behaviour: "Ownership",
    title: "Ownership levels per user: getUserLevel, testUserPermission (exact), hasPlayerOwner; GMs own everything",
    source: "common/abstract/document.mjs getUserLevel, testUserPermission; client/documents/actor.mjs hasPlayerOwner",
    async run(context) {
      const player = await scratchPlayer(context);
      const actor = await scratch(context, "Actor", { name: NAME, type: "character", ownership: { default: 0, [player.id]: 1 } });
      same("getUserLevel(player)", actor.getUserLevel(player), 1);
      same("LIMITED / OBSERVER / LIMITED exact", [
        actor.testUserPermission(player, "LIMITED"), actor.testUserPermission(player, "OBSERVER"), actor.testUserPermission(player, "LIMITED", { exact: true }),
      ], [true, false, true]);
      same("GM's isOwner, permission, limited", [actor.isOwner, actor.permission, actor.limited], [true, OWNER, false]);
      same("hasPlayerOwner while limited", actor.hasPlayerOwner, false);
      await actor.update({ [`ownership.${player.id}`]: OWNER });
      same("hasPlayerOwner once the player owns it", actor.hasPlayerOwner, true);
      const item = (await actor.createEmbeddedDocuments("Item", [{ name: NAME, type: "equipment" }]))[0];
      same("an owned item takes the actor's level", item.getUserLevel(player), OWNER);
    },
  },
  {
    id: "ownership.compendium-by-role",
    behaviour: "Ownership",
    title: "A compendium document's permission follows the pack's ownership by role",
    source: "client/documents/collections/compendium-collection.mjs getUserLevel; common/abstract/document.mjs testUserPermission",
    async run(context) {
      const player = await scratchPlayer(context);
      const pack = game().packs.get("clockwork.weapons");
      ensure(pack, "the clockwork.weapons pack", "none");
      const [entry] = [...(await pack.getIndex())];
      const doc = await pack.getDocument(entry._id);
      const levels = core("CONST").DOCUMENT_OWNERSHIP_LEVELS;
      const expected = levels[pack.ownership?.PLAYER ?? "OBSERVER"];
      same("the player's level of a pack document", doc.getUserLevel(player), expected);
      same("the GM owns it", doc.isOwner, true);
    },
  },
  {
    id: "locked-compendia.write-throws",
    behaviour: "Locked compendia",
    title: "A write into a locked pack throws before anything changes; system packs are locked",
    source: "common/abstract/backend.mjs #assertCompendiumUnlocked",
    async run() {
      const pack = game().packs.get("clockwork.weapons");
      ensure(pack, "the clockwork.weapons pack", "none");
      // System packs start locked; a GM may have unlocked this one.
      if (!pack.locked) throw new ContractSkip("clockwork.weapons is unlocked in this world");
      const [entry] = [...(await pack.getIndex())];
      const doc = await pack.getDocument(entry._id);
      const { result: message } = await notified(() => rejects("an update in a locked pack", () => doc.update({ name: `${doc.name} (changed)` })));
      ensure(/locked/i.test(message), "a message about the lock", message);
      same("the name after the refusal", doc.name, entry.name);
    },
  },
];
