import { describe, expect, it } from "vitest";
import { countGains, damageDealt, deathRollFatalWounds, markDice } from "../../../src/rules";
import { buildChatCardContext, cardVisibility } from "../../../src/dice/context/chat-card";
import type { RollModeKey } from "../../../src/dice/types";
import { gainRoll, serialized } from "../serialized";

const viewer = (rollMode: RollModeKey = "publicroll", isGM = false, isAuthor = true) => ({ rollMode, isGM, isAuthor });

describe("chat card: gain rolls", () => {
  const faces = [1, 5, 12, 6, 5, 8, 7, 2];
  const roll = gainRoll(faces, {
    threshold: 7, needed: 3, difficulty: "normal", outOfCombat: true,
    parts: [{ key: "attribute", dice: 8 }], subject: { kind: "skill", skill: "strength", attribute: "body" },
  });

  it("marks every die with the core's marks and totals the gains", () => {
    const card = buildChatCardContext({ actorName: "Ada", rolls: [roll] }, viewer());
    expect(card.kind).toBe("gain");
    expect(card.current.dice.map((d) => d.face)).toEqual(faces);
    expect(card.current.dice.map((d) => d.mark)).toEqual(markDice(faces, 7));
    expect(card.current.dice.every((d) => d.title.startsWith("CLOCKWORK.Chat.Die."))).toBe(true);
    expect(card.gain?.gains).toBe(countGains(faces, 7));
    expect(card.gain).toMatchObject({ needed: 3, hasNeeded: true, success: true, outcomeClass: "is-success", statusLabel: "CLOCKWORK.Chat.Success" });
    expect(card.subject).toMatchObject({ skillLabel: "CLOCKWORK.Skill.strength", attributeLabel: "CLOCKWORK.Attribute.body", hasSkill: true });
    expect(card.parts.map((p) => p.value)).toEqual(["8"]);
    expect(card.threshold).toBe(7);
  });

  it("calls dramatic results 3 away from the difficulty out of combat only", () => {
    const big = gainRoll([12, 12, 12], { threshold: 7, needed: 3, difficulty: "normal", outOfCombat: true });
    expect(buildChatCardContext({ actorName: "A", rolls: [big] }, viewer()).gain?.dramaticLabel).toBe("CLOCKWORK.Chat.Dramatic.success");
    const inCombat = gainRoll([12, 12, 12], { threshold: 7, needed: 3, difficulty: "normal", outOfCombat: false });
    expect(buildChatCardContext({ actorName: "A", rolls: [inCombat] }, viewer()).gain?.dramaticLabel).toBe("");
    const awful = gainRoll([1, 2, 3], { threshold: 7, needed: 3, difficulty: "normal", outOfCombat: true });
    const card = buildChatCardContext({ actorName: "A", rolls: [awful] }, viewer());
    expect(card.gain).toMatchObject({ gains: 0, netGains: -1, belowZero: true, success: false, dramaticLabel: "CLOCKWORK.Chat.Dramatic.failure" });
  });

  it("counts an attack roll's criticals in its critical range; other rolls deal no critical damage (issue 20)", () => {
    const attack = { kind: "attack", itemName: "Longsword" };
    const head = gainRoll([11, 12, 4], { threshold: 5, critical: { headShot: true }, subject: attack });
    expect(buildChatCardContext({ actorName: "A", rolls: [head] }, viewer()).gain).toMatchObject({ criticals: 2, criticalRange: "11–12" });
    const plain = gainRoll([11, 12, 4], { threshold: 5, subject: attack });
    expect(buildChatCardContext({ actorName: "A", rolls: [plain] }, viewer()).gain).toMatchObject({ criticals: 1, criticalRange: "12" });
    const skill = gainRoll([11, 12, 4], { threshold: 5, subject: { kind: "skill", skill: "knowledge", attribute: "mind" } });
    expect(buildChatCardContext({ actorName: "A", rolls: [skill] }, viewer()).gain).toMatchObject({ criticals: 0 });
  });

  it("reports opposed rolls and automatic failures", () => {
    const opposed = buildChatCardContext({ actorName: "A", rolls: [gainRoll([9], { difficulty: "opposed", needed: null })] }, viewer());
    expect(opposed.gain).toMatchObject({ opposed: true, success: null, statusLabel: "CLOCKWORK.Chat.Opposed", difficultyLabel: "CLOCKWORK.Roll.Difficulty.opposed" });
    const empty = buildChatCardContext({ actorName: "A", rolls: [gainRoll([], { automaticFailure: true, needed: 0, difficulty: "custom" })] }, viewer());
    expect(empty.gain).toMatchObject({ success: false, automaticFailure: true, statusLabel: "CLOCKWORK.Chat.AutomaticFailure" });
  });

  it("shows luck rerolls: earlier attempts discarded, the standing one current", () => {
    const first = gainRoll([9, 9, 9], { threshold: 7, discarded: true });
    const second = gainRoll([1, 2, 3], { threshold: 7 });
    const card = buildChatCardContext({ actorName: "A", rolls: [first, second], luck: { spent: 1, keepBest: false } }, viewer());
    expect(card.attempts.map((a) => [a.number, a.discarded, a.value])).toEqual([[1, true, 3], [2, false, 0]]);
    expect(card.current.number).toBe(2);
    expect(card.hasDiscarded).toBe(true);
    expect(card.gain?.gains).toBe(0);
    expect(card.luck).toEqual({ spent: 1, keepBest: false, canSpendMore: false, show: true });
    const halfling = buildChatCardContext({ actorName: "A", rolls: [first, second], luck: { spent: 1, keepBest: true } }, viewer());
    expect(halfling.luck.canSpendMore).toBe(true);
  });

  it("refuses rolls that are not ClockWork rolls, or a mix of kinds", () => {
    expect(() => buildChatCardContext({ actorName: "A", rolls: [] }, viewer())).toThrow(RangeError);
    expect(() => buildChatCardContext({ actorName: "A", rolls: [serialized("Roll", [3], {})] }, viewer())).toThrow(/got Roll/);
    expect(() => buildChatCardContext({ actorName: "A", rolls: [gainRoll([3]), serialized("FlatRoll", [3], { target: 7 })] }, viewer()))
      .toThrow(/GainRoll, FlatRoll/);
  });
});

describe("chat card: who sees what", () => {
  const cases: [RollModeKey, boolean, boolean, string][] = [
    ["publicroll", false, false, "full"],
    ["gmroll", false, true, "full"],
    ["gmroll", true, false, "full"],
    ["gmroll", false, false, "hidden"],
    ["blindroll", true, false, "full"],
    ["blindroll", false, true, "summary"],
    ["blindroll", false, false, "hidden"],
    ["selfroll", false, true, "full"],
    ["selfroll", true, false, "hidden"],
  ];
  it.each(cases)("%s, GM %s, author %s → %s", (rollMode, isGM, isAuthor, expected) => {
    expect(cardVisibility({ rollMode, isGM, isAuthor })).toBe(expected);
    const card = buildChatCardContext({ actorName: "A", rolls: [gainRoll([7])] }, { rollMode, isGM, isAuthor });
    expect(card.showResult).toBe(expected === "full");
    expect(card.showSummary).toBe(expected !== "hidden");
    expect(card.isPrivate).toBe(rollMode !== "publicroll");
  });
});

describe("chat card: Flat, damage and death rolls", () => {
  it("Flat: the kept die against the target, the other shown as not kept", () => {
    const flat = serialized("FlatRoll", [{ result: 3, active: false, discarded: true }, { result: 9, active: true }], { target: 7, keepBetter: true, label: "Burning" });
    const card = buildChatCardContext({ actorName: "A", rolls: [flat] }, viewer());
    expect(card.current.dice.map((d) => d.mark)).toEqual(["dropped", "gain"]);
    expect(card.flat).toMatchObject({ face: 9, target: 7, success: true, keepBetter: true });
    expect(card).toMatchObject({ titleLabel: "CLOCKWORK.Chat.Title.flat", titleName: "Burning" });
  });

  it("damage: one roll counted against each target by the core", () => {
    const faces = [12, 3, 6, 9, 1, 12, 8, 4];
    const targets = [
      { name: "Goblin", species: 3, armor: 0, hit: true },
      { name: "Knight", species: 2, armor: 4, hit: false },
    ];
    const roll = serialized("DamageRoll", faces, { damageType: "slashing", aoe: true, criticals: 2, targets, itemName: "Grenade" });
    const card = buildChatCardContext({ actorName: "A", rolls: [roll] }, { ...viewer(), canObserve: () => true });
    expect(card.damage?.notation).toBe("8 S");
    expect(card.damage?.targets.map((t) => [t.name, t.total])).toEqual([
      ["Goblin", damageDealt(faces, targets[0], { criticals: 2 })],
      ["Knight", damageDealt(faces, targets[1], { aoeMiss: true })],
    ]);
    expect(card.current.dice.map((d) => d.mark)).toEqual(markDice(faces, 12));
  });

  it("damage against one target marks the dice against its resistance for a viewer who observes it", () => {
    const faces = [12, 5, 6, 2];
    const roll = serialized("DamageRoll", faces, { damageType: "blunt", targets: [{ name: "Orc", species: 3, armor: 2, hit: true }] });
    const observer = { ...viewer(), canObserve: () => true };
    expect(buildChatCardContext({ actorName: "A", rolls: [roll] }, observer).current.dice.map((d) => d.mark)).toEqual(markDice(faces, 5));
  });

  it("keeps a target's resistance out of the card for a viewer who cannot observe it", () => {
    const faces = [12, 5, 6, 2];
    const targets = [
      { name: "Orc", actorUuid: "Actor.orc", species: 3, armor: 2, hit: true },
      { name: "Ally", actorUuid: "Actor.ally", species: 1, armor: 1, hit: true },
    ];
    const roll = serialized("DamageRoll", faces, { damageType: "blunt", targets });
    const player = { ...viewer(), canObserve: (t: { actorUuid?: string | null }) => t.actorUuid === "Actor.ally" };
    const card = buildChatCardContext({ actorName: "A", rolls: [roll] }, player);
    expect(card.damage?.targets.map((t) => [t.name, t.showResistance, t.resistance])).toEqual([["Orc", false, null], ["Ally", true, 2]]);
    // Nor the damage it takes: with the dice shown, that number would give the resistance away.
    expect(card.damage?.targets.map((t) => t.total)).toEqual([null, damageDealt(faces, targets[1])]);
    // The stored card (no observer at all) shows nobody's numbers, and its die marks do not give them away.
    const stored = buildChatCardContext({ actorName: "A", rolls: [serialized("DamageRoll", faces, { damageType: "blunt", targets: [targets[0]] })] }, viewer());
    expect(stored.damage?.targets[0]).toMatchObject({ showResistance: false, resistance: null, armorPierced: 0 });
    expect(stored.current.dice.map((d) => d.mark)).toEqual(markDice(faces, 12));
  });

  it("death: fatal wounds from the core, each die marked, and whether it kills", () => {
    const faces = [1, 12, 4, 8, 6, 12];
    const roll = serialized("DeathRoll", faces, { wounds: 3, grit: 5 });
    const card = buildChatCardContext({ actorName: "A", rolls: [roll] }, viewer());
    expect(card.death).toMatchObject({ fatalWounds: deathRollFatalWounds(faces), woundsAfter: 3 + deathRollFatalWounds(faces), kills: false });
    expect(card.current.dice.map((d) => d.mark)).toEqual(["fatal", "save", "fatal", "none", "fatal", "save"]);
    const deadly = serialized("DeathRoll", [1, 1, 2, 3, 4, 5], { wounds: 3, grit: 5 });
    expect(buildChatCardContext({ actorName: "A", rolls: [deadly] }, viewer()).death).toMatchObject({ kills: true, statusLabel: "CLOCKWORK.Chat.Death.Dies", outcomeClass: "is-failure" });
  });
});
