/** Combat: turn order, turn events on the active GM only, and the re-render of combatants' actors. */
import type { ContractCheck, ContractContext } from "../types";
import { NAME, ensure, game, same, scratch, withHook, type Loose } from "./support";

const EVENTS = ["_onEndTurn", "_onEndRound", "_onStartRound", "_onStartTurn"] as const;

/** A combat of three nameless combatants (30, 20, 10), its turn events recorded on this client. */
async function recordedCombat(context: ContractContext): Promise<{ combat: Loose; log: string[] }> {
  const combat = await scratch(context, "Combat", {});
  await combat.createEmbeddedDocuments("Combatant", [{ name: "Fast", initiative: 30 }, { name: "Middle", initiative: 20 }, { name: "Slow", initiative: 10 }]);
  const log: string[] = [];
  for (const event of EVENTS) {
    const original = combat[event];
    combat[event] = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args as [{ name?: string; round?: number }, { round: number; turn: number; skipped: boolean }];
      const ctx = event.endsWith("Round") ? first : second;
      // A round's `skipped` is left out: the system's own turn start updates combatants, which re-records `previous` mid-loop.
      const skipped = !event.endsWith("Round") && (ctx as { skipped?: boolean }).skipped ? ":skipped" : "";
      log.push(`${event.slice(3)}:${event.endsWith("Round") ? first.round : first.name}:${ctx.round}/${"turn" in ctx ? ctx.turn : "-"}${skipped}`);
      return original.apply(this, args);
    };
  }
  return { combat, log };
}

/** Turn events run after the update resolves (core does not await them): wait until `count` arrived or a second passed. */
async function settled(log: string[], count: number): Promise<void> {
  for (let waited = 0; log.length < count && waited < 1000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

export const combatChecks: ContractCheck[] = [
  {
    id: "combat.turn-order-and-events",
    behaviour: "Combat",
    title: "Turns sort by initiative; the active GM alone runs end/start turn and round events for every turn passed (skipped marks jumped ones); everyone calls combatTurnChange",
    source: "client/documents/combat.mjs _manageTurnEvents, #triggerTurnEvents, setupTurns",
    async run(context) {
      const { combat, log } = await recordedCombat(context);
      same("turn order", combat.turns.map((c: { name: string }) => c.name), ["Fast", "Middle", "Slow"]);
      const runsEvents = game().user.isActiveGM ?? game().users.activeGM === game().user;
      let changes = 0;
      // Only this combat's: another combat running in the world (a table mid-fight) calls the hook too.
      await withHook("combatTurnChange", (changed) => void (changed === combat && changes++), async () => {
        await combat.startCombat();
        await settled(log, runsEvents ? 3 : 0);
        same("events on starting", log.splice(0), runsEvents ? ["EndRound:0:0/-", "StartRound:1:1/-", "StartTurn:Fast:1/0"] : []);
        await combat.nextTurn();
        await settled(log, runsEvents ? 2 : 0);
        same("events on the next turn", log.splice(0), runsEvents ? ["EndTurn:Fast:1/0", "StartTurn:Middle:1/1"] : []);
        same("current round, turn and combatant", [combat.current.round, combat.current.turn, combat.combatant?.name], [1, 1, "Middle"]);
        await combat.nextRound();
        await settled(log, runsEvents ? 4 : 0);
        same("events on the next round", log.splice(0), runsEvents
          ? ["EndTurn:Middle:1/1", "StartTurn:Slow:1/2:skipped", "EndTurn:Slow:1/2:skipped", "EndRound:1:1/-", "StartRound:2:2/-", "StartTurn:Fast:2/0"]
          : []);
        await combat.previousTurn();
        await settled(log, 0);
        same("events going back", log.splice(0), []);
      });
      same("combatTurnChange calls", changes, 4);
    },
  },
  {
    id: "combat.joining-before-current",
    behaviour: "Combat",
    title: "A combatant joining before the current one ends that turn and starts the newcomer's (same round and turn index)",
    source: "client/documents/combat.mjs #onModifyCombatants, #triggerTurnEvents (changeCombatant)",
    async run(context) {
      const { combat, log } = await recordedCombat(context);
      await combat.startCombat();
      await combat.nextTurn();
      const runsEvents = game().user.isActiveGM ?? game().users.activeGM === game().user;
      await settled(log, runsEvents ? 5 : 0);
      log.length = 0;
      await combat.createEmbeddedDocuments("Combatant", [{ name: "Quick", initiative: 25 }]);
      await settled(log, runsEvents ? 2 : 0);
      same("events", log, runsEvents ? ["EndTurn:Middle:1/1", "StartTurn:Quick:1/1"] : []);
      same("the current combatant", combat.combatant?.name, "Quick");
    },
  },
  {
    id: "combat-re-renders.combatant-actors",
    behaviour: "Combat re-renders",
    title: "Each combat update re-renders its combatants' actors with renderContext 'updateCombat'; a hidden combatant stays visible to the GM",
    source: "client/documents/combat.mjs _onUpdate, updateCombatantActors; client/documents/combatant.mjs visible",
    async run(context) {
      const actor = await scratch(context, "Actor", { name: NAME, type: "npc" });
      const combat = await scratch(context, "Combat", {});
      const [combatant] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: actor.id, hidden: true, initiative: 5 }]);
      const renders: unknown[] = [];
      const original = actor.render;
      actor.render = function (this: unknown, ...args: unknown[]) {
        renders.push((args[1] as { renderContext?: string } | undefined)?.renderContext);
        return original.apply(this, args);
      };
      try {
        await combat.update({ "flags.clockwork.contractCheck": 1 });
      } finally {
        actor.render = original;
      }
      ensure(renders.includes("updateCombat"), "actor.render(false, {renderContext: 'updateCombat'})", renders);
      same("combatant.actor, visible (hidden, to a GM)", [combatant.actor === actor, combatant.visible], [true, true]);
    },
  },
];
