/** The attack card: what each viewer sees, and how the hidden details merge in. */
import { describe, expect, it } from "vitest";
import { buildAttackCardContext, ledgerSlot, ledgerTag, pendingTargets, PUBLIC_VIEWER, withDetails, type AttackCardData, type CardTarget } from "../../../src/combat/attack/card";
import { safeKey } from "../../../src/combat/attack/chat";

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

describe("hidden details and ledger tags", () => {
  it("a public row carries no defense, resistance or health; the details a viewer received merge in", () => {
    const bare: CardTarget = { ...target("Grusha"), damage: { total: 7, criticals: 1 } };
    delete bare.defense;
    delete bare.health;
    const card = data([bare]);
    expect(pendingTargets(card, () => true).map((t) => t.name)).toEqual(["Grusha"]);
    // A GM whose client worked out no details sees no numbers (nothing to show).
    expect(buildAttackCardContext(card, viewer({ isGM: true })).targets[0]).toMatchObject({ observe: false, defense: null, wounds: null });
    const detail = { defense: 4, points: 6, resistance: 5, armorPierced: 1, health: { absorbed: 0, woundsAdded: 1, vitalsLost: 1, dying: false, dead: false } };
    const merged = withDetails(card, new Map([[bare.key, { row: detail }]]));
    expect(buildAttackCardContext(merged, viewer({ observe: ["Grusha"] })).targets[0]).toMatchObject({ observe: true, defense: 4, resistance: 5, armorPierced: 1, wounds: 1 });
    // Received but not observable here (a stale permission): still hidden.
    expect(buildAttackCardContext(merged, viewer()).targets[0]).toMatchObject({ observe: false, defense: null });
  });

  it("a row's ledger tag is <message id>.<row key>, shortened to 64 characters for a redirect's long key", () => {
    expect(ledgerTag("abc123", "Scene_s_Token_t")).toBe("abc123.Scene_s_Token_t");
    const long = `${safeKey("Scene.aaaaaaaaaaaaaaaa.Token.bbbbbbbbbbbbbbbb")}_to_${safeKey("Scene.aaaaaaaaaaaaaaaa.Token.cccccccccccccccc")}`;
    expect(ledgerSlot(long)).toHaveLength(61);
    expect(ledgerSlot(long)).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(ledgerSlot(long)).not.toBe(ledgerSlot(long.replace(/c/g, "d")));
  });
});
