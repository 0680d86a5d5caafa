/** The attack card: what each viewer sees, and the writes Apply and Undo make. */
import { describe, expect, it } from "vitest";
import { buildAttackCardContext, pendingTargets, PUBLIC_VIEWER, type AttackCardData, type CardTarget } from "../../../src/combat/attack/card";
import { applyOps, safeKey, undoOps } from "../../../src/combat/attack/chat";

function target(name: string, options: Partial<CardTarget> = {}): CardTarget {
  return {
    key: safeKey(`Scene.s.Token.${name}`), name, actorUuid: `Actor.${name}`, tokenUuid: `Scene.s.Token.${name}`, attack: 0, hit: true, gains: 5,
    defense: 4, reaction: "none", automaticMiss: null, damage: { total: 7, points: 6, criticals: 1, resistance: 5, armorPierced: 0 },
    health: { absorbed: 0, woundsAdded: 1, vitalsLost: 1, dying: false, dead: false }, conditions: [], procs: 0, ...options,
  };
}

const data = (targets: CardTarget[], applied: AttackCardData["applied"] = {}): AttackCardData => ({
  version: 1, actorUuid: "Actor.Ada", actorName: "Ada", itemName: "Longsword", mode: "single", damageType: "slashing", calledShot: null,
  counters: 2, attacks: [{ attackRoll: 0, damageRoll: 1, dice: 8, threshold: 7, criticals: 1, attackFaces: [12, 7, 3], damageFaces: [12, 1, 6] }], targets, applied,
});

const viewer = (options: Partial<{ isGM: boolean; isAuthor: boolean; observe: string[]; gone: string[] }> = {}) => ({
  isGM: options.isGM ?? false,
  isAuthor: options.isAuthor ?? false,
  canObserve: (t: CardTarget) => (options.observe ?? []).includes(t.name),
  exists: (uuid: string | null | undefined) => !!uuid && !(options.gone ?? []).includes(uuid),
});

describe("the attack card", () => {
  it("everyone sees hit or miss and the damage; defense, resistance and health only observers", () => {
    const card = buildAttackCardContext(data([target("Grusha"), target("Bram", { hit: false, damage: { total: 0, points: 0, criticals: 0, resistance: 6, armorPierced: 0 } })]), viewer({ observe: ["Bram"] }));
    expect(card.targets[0]).toMatchObject({ outcomeLabel: "CLOCKWORK.Combat.Attack.Card.hit", damage: 7, observe: false, defense: null, resistance: null, wounds: null, vitals: null });
    expect(card.targets[1]).toMatchObject({ outcomeLabel: "CLOCKWORK.Combat.Attack.Card.miss", observe: true, defense: 4, resistance: 6 });
    expect(buildAttackCardContext(data([target("Grusha")]), PUBLIC_VIEWER).targets[0].defense).toBeNull();
  });

  it("the dice: the attack roll marked against the rank, the damage roll's 12s and 1s", () => {
    const card = buildAttackCardContext(data([target("Grusha")]), viewer());
    expect(card.attacks[0].attack.map((d) => d.mark)).toEqual(["double", "gain", "none"]);
    expect(card.attacks[0].damage.map((d) => d.mark)).toEqual(["double", "cancel", "none"]);
  });

  it("Apply for the author and the GM while something is pending; Undo for the GM once applied", () => {
    const pending = data([target("Grusha")]);
    expect(buildAttackCardContext(pending, viewer()).showApply).toBe(false);
    expect(buildAttackCardContext(pending, viewer({ isAuthor: true })).showApply).toBe(true);
    expect(buildAttackCardContext(pending, viewer({ isGM: true })).showUndo).toBe(false);
    const applied = data([target("Grusha")], { [target("Grusha").key]: { userId: "u", results: [] } });
    expect(buildAttackCardContext(applied, viewer({ isAuthor: true }))).toMatchObject({ showApply: false, allApplied: true, showUndo: false });
    expect(buildAttackCardContext(applied, viewer({ isGM: true })).showUndo).toBe(true);
  });

  it("a card whose attacker was deleted says so and offers no Apply; a deleted target is marked", () => {
    const card = buildAttackCardContext(data([target("Grusha")]), viewer({ isGM: true, gone: ["Actor.Ada", "Actor.Grusha"] }));
    expect(card.attackerGone).toBe(true);
    expect(card.attackerGoneText).toBe("CLOCKWORK.Combat.Attack.Card.AttackerGone");
    expect(card.targets[0].gone).toBe(true);
    expect(card.showApply).toBe(false);
  });
});

describe("Apply and Undo writes", () => {
  it("Apply: damage and conditions of each pending target, then a record on the message (once)", () => {
    const card = data([target("Grusha", { conditions: ["stunned"] }), target("Miss", { hit: false, damage: { total: 0, points: 0, criticals: 0, resistance: 5, armorPierced: 0 } })]);
    expect(pendingTargets(card, () => true).map((t) => t.name)).toEqual(["Grusha"]);
    expect(applyOps({ uuid: "ChatMessage.m" }, card, () => true)).toEqual([
      { op: "damage", uuid: "Actor.Grusha", amount: 7 },
      { op: "status", uuid: "Actor.Grusha", status: "stunned", active: true },
      { op: "record", uuid: "ChatMessage.m", path: "flags.clockwork.attack.applied.Scene_s_Token_Grusha", from: [0, 1], once: true },
    ]);
  });

  it("Undo: the health before and the statuses Apply added, then clears the record", () => {
    const before = { hits: 0, wounds: 0, vitalsLost: 0, barrier: 0, dying: false, dead: false };
    const card = data([target("Grusha", { conditions: ["stunned", "bleeding"] })], {
      [target("Grusha").key]: { userId: "u", results: [{ op: "damage", uuid: "Actor.Grusha", before }, { op: "status", uuid: "Actor.Grusha", status: "stunned", changed: true }, { op: "status", uuid: "Actor.Grusha", status: "bleeding", changed: false }] },
    });
    expect(undoOps({ uuid: "ChatMessage.m" }, card, () => true)).toEqual([
      { op: "health", uuid: "Actor.Grusha", health: before },
      { op: "status", uuid: "Actor.Grusha", status: "stunned", active: false },
      { op: "record", uuid: "ChatMessage.m", path: "flags.clockwork.attack.applied.Scene_s_Token_Grusha", clear: true },
    ]);
  });
});
