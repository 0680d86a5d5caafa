/**
 * Which event ends which state (issue 19 item 3), line by line from the book.
 */
import { describe, expect, it } from "vitest";
import { STATE_ENDINGS, statesEndedBy, type HeldState } from "../../src/rules";

const CHARMER = "Actor.charmer";
const held: HeldState[] = [
  { key: "pacified" }, { key: "polymorphed", casterUuid: "Actor.wizard" }, { key: "charmed", casterUuid: CHARMER },
  { key: "feared", casterUuid: CHARMER }, { key: "invisible", casterUuid: "Actor.self" }, { key: "burning" }, { key: "hasted", casterUuid: CHARMER },
];

describe("states ended by an event", () => {
  it("Pacified ends when damage gets through, from anyone (book L264: 'until they are damaged')", () => {
    expect(statesEndedBy({ kind: "damageApplied", damage: 3 }, held)).toEqual(["pacified"]);
    // A barrier that absorbs everything is no damage.
    expect(statesEndedBy({ kind: "damageApplied", damage: 0 }, held)).toEqual([]);
  });

  it("Polymorphed ends when it is attacked, hit or not (book L1592: 'until the target is attacked')", () => {
    expect(statesEndedBy({ kind: "attack", by: "Actor.someone", damage: 0 }, held)).toEqual(["polymorphed"]);
  });

  it("Charm and Fear end when their caster's damage is written on the target's track (book L1281, L1355; issue 29 item 6)", () => {
    expect(statesEndedBy({ kind: "damageApplied", by: CHARMER, damage: 5 }, held)).toEqual(["pacified", "charmed", "feared"]);
    // The card alone (rolled, not applied) ends nothing of them: the attack ends Polymorph only.
    expect(statesEndedBy({ kind: "attack", by: CHARMER, damage: 5 }, held)).toEqual(["polymorphed"]);
    expect(statesEndedBy({ kind: "spell", by: CHARMER, damage: 2 }, held)).toEqual([]);
    // Someone else's damage, or none getting through, leaves them.
    expect(statesEndedBy({ kind: "damageApplied", by: "Actor.other", damage: 5 }, held)).toEqual(["pacified"]);
    expect(statesEndedBy({ kind: "damageApplied", damage: 5 }, held)).toEqual(["pacified"]);
    expect(statesEndedBy({ kind: "damageApplied", by: CHARMER, damage: 0 }, held)).toEqual([]);
  });

  it("Invisibility ends on the creature's own offensive action (book L1510)", () => {
    expect(statesEndedBy({ kind: "offense" }, held)).toEqual(["invisible"]);
  });

  it("True Strike ends on its creature's first attack that hits, not on a miss (book L1697)", () => {
    const striker: HeldState[] = [{ key: "true-strike", casterUuid: "Actor.priest" }, { key: "invisible" }];
    expect(statesEndedBy({ kind: "offense", hit: true }, striker)).toEqual(["true-strike", "invisible"]);
    expect(statesEndedBy({ kind: "offense", hit: false }, striker)).toEqual(["invisible"]);
    expect(statesEndedBy({ kind: "offense" }, striker)).toEqual(["invisible"]);
    expect(statesEndedBy({ kind: "attack", by: "Actor.other", damage: 4 }, striker)).toEqual([]);
  });

  it("states with no such ending are never ended by these events; each state is named once", () => {
    for (const event of [{ kind: "damageApplied", damage: 9 }, { kind: "attack", by: CHARMER, damage: 9 }, { kind: "offense" }] as const) {
      const ended = statesEndedBy(event, [...held, ...held]);
      expect(ended.every((k) => k in STATE_ENDINGS)).toBe(true);
      expect(new Set(ended).size).toBe(ended.length);
    }
  });
});
