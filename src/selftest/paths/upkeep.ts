/**
 * The upkeep paths: a migration dry-run, and the hand-offs to the modules ClockWork works with.
 *
 * The dry-run builds an actor in memory (never created) from a copy of the shape ClockWork 0.1
 * stored: wounds beyond the track, an unarmed strike held in the off hand, a shield without a
 * quantity. Reading it runs the data models' migration steps, which must bring each part to
 * today's shape and mark it for the world migration to write, while nothing is written.
 *
 * The hand-offs run only with the module active (else the step is skipped with the reason):
 * Item Piles moves a weapon from the scratch character to a scratch loot pile through its own
 * API; Token Action HUD ClockWork reads the scratch character's actions from `game.clockwork`.
 */
import { documentImplementation, localize, maybeGame, systemApi, worldCollection } from "../../foundry";
import { isMarkedForPersist } from "../../migrations/steps";
import { fromPack } from "./combat";
import { packEntry, scratchCharacter } from "./character";
import { expectThat, problem, skip, type PlayedPath } from "./types";

type Source = Record<string, unknown>;

interface MemoryActor {
  _source: Source & { system: { health: { wounds: number } }; items: (Source & { name: string; system: Source })[] };
  system: { health?: { grit?: number } };
}

/** An actor as ClockWork 0.1 stored it (a copy: the fields the steps of 0.2.0 and 0.3.0 repair). */
function oldShapeActor(): Source {
  return {
    name: localize("CLOCKWORK.SelfTest.ActorName"), type: "character",
    system: { skills: { stamina: { rank: 8 } }, health: { wounds: 99, hits: 0 } },
    items: [
      { _id: "selfTestUnarmed1", name: "Unarmed Strike", type: "weapon", system: { group: "unarmed", category: "melee", hands: "off", damage: { dice: 2, types: ["blunt"] } } },
      { _id: "selfTestShield01", name: "Buckler", type: "shield", system: { weight: "light" } },
    ],
  };
}

const migrationDryRun: PlayedPath = {
  key: "migrationDryRun",
  async run(context) {
    const ActorClass = documentImplementation<new (data: Source) => MemoryActor>("Actor");
    if (!ActorClass) throw problem("Refused");
    const count = () => [...(worldCollection<Iterable<unknown>>("actors") ?? [])].length;
    const before = count();
    const copy = new ActorClass(foundry.utils.deepClone(oldShapeActor()));
    const source = copy._source;
    const unarmed = source.items.find((i) => i.system.group === "unarmed");
    const shield = source.items.find((i) => i.type === "shield");
    const fixes: string[] = [];
    expectThat(unarmed?.system.hands === "none", "NotMigrated", { what: "Unarmed Strike hands" });
    fixes.push("weapon-unarmed-hands");
    expectThat(shield?.system.quantity === 1, "NotMigrated", { what: "shield quantity" });
    fixes.push("item-physical-quantity");
    expectThat(source.system.health.wounds < 99, "NotMigrated", { what: "wounds" });
    fixes.push("creature-health-bounds");
    expectThat(isMarkedForPersist(source) || source.items.some(isMarkedForPersist), "NotMarked");
    // A dry run: nothing created, nothing written.
    expectThat(count() === before && !context.scratch.made(`Actor.${(copy as { id?: string }).id}`), "Written");
    return fixes.join(", ");
  },
};

interface ItemPilesApi {
  ACTOR_CLASS_TYPE?: string;
  transferItems(source: unknown, target: unknown, items: { _id: string; quantity: number }[], options?: object): Promise<unknown>;
}

interface ModuleCollection {
  get(id: string): { active?: boolean } | undefined;
}

const moduleActive = (id: string): boolean => (maybeGame() as { modules?: ModuleCollection } | undefined)?.modules?.get(id)?.active === true;

const itemPilesHandOff: PlayedPath = {
  key: "itemPiles",
  async run(context) {
    if (!moduleActive("item-piles")) throw skip("ModuleInactive", { module: "Item Piles" });
    const api = (maybeGame() as { itempiles?: { API?: ItemPilesApi } } | undefined)?.itempiles?.API;
    if (!api) throw skip("ModuleNoApi", { module: "Item Piles" });
    const hero = await scratchCharacter(context);
    const weapon = await packEntry("clockwork.weapons", "weapon");
    const [item] = ((await (hero as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<{ id: string; name: string }[] | undefined> })
      .createEmbeddedDocuments("Item", [await fromPack(weapon.uuid)])) ?? []);
    expectThat(item, "NotDropped", { name: weapon.name });
    const pile = await documentImplementation<{ create(data: object): Promise<{ items: { contents: { name: string }[] } } | undefined> }>("Actor")!
      .create({ name: localize("CLOCKWORK.SelfTest.PileName"), type: api.ACTOR_CLASS_TYPE ?? "loot", flags: { clockwork: { selfTest: true } } });
    if (!pile) throw problem("Refused");
    context.scratch.track(pile);
    await api.transferItems(hero, pile, [{ _id: item.id, quantity: 1 }], { interactionId: false });
    expectThat(pile.items.contents.some((i) => i.name === item.name), "NotTransferred", { name: item.name });
    expectThat(!hero.items.contents.some((i) => i.id === item.id), "NotTransferred", { name: item.name });
    return item.name;
  },
};

interface ActionList {
  groups: { actions: { label?: string; cost?: unknown }[] }[];
}

const tokenActionHudHandOff: PlayedPath = {
  key: "tokenActionHud",
  async run(context) {
    if (!moduleActive("token-action-hud-clockwork") || !moduleActive("token-action-hud-core")) throw skip("ModuleInactive", { module: "Token Action HUD ClockWork" });
    const api = systemApi() as { combat?: { actions?(actor: unknown): ActionList; onActionClick?: unknown }; turns?: { addStatus?: unknown; removeStatus?: unknown } };
    // What the HUD reads and calls (modules/token-action-hud-clockwork/scripts/actions.mjs).
    const calls = [api.combat?.actions, api.combat?.onActionClick, api.turns?.addStatus, api.turns?.removeStatus];
    expectThat(calls.every((fn) => typeof fn === "function"), "NoHudApi");
    const hero = await scratchCharacter(context);
    const list = api.combat!.actions!(hero);
    const actions = list.groups.flatMap((g) => g.actions);
    expectThat(actions.length > 0 && actions.every((a) => typeof a.label === "string"), "NoHudApi");
    return localize("CLOCKWORK.SelfTest.HudNote", { count: actions.length });
  },
};

export const UPKEEP_PATHS: readonly PlayedPath[] = [migrationDryRun, itemPilesHandOff, tokenActionHudHandOff];
