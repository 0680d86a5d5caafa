/** The relay guard's pure checks (docs/rulings.md 138): which cards name whom, and which writes a player's card covers. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cardParticipants, checkRelayBatch, exemptWrite, namedBy, type RelayCause, type RelaySubject } from "../../src/combat/relay-guard";

const npc = (over: Partial<RelaySubject> = {}): RelaySubject => ({
  name: "Grusha", documentName: "Actor", owned: false, uuid: "Actor.grusha", uuids: ["Actor.grusha", "Scene.s.Token.g"], ...over,
});
const card = (over: Partial<RelayCause> = {}): RelayCause => ({
  uuid: "ChatMessage.m1", authorId: "alice", participants: new Set(["Actor.ada", "Actor.grusha"]), requesterTakesPart: true, ...over,
});

describe("cardParticipants", () => {
  it("names an attack card's attacker, targets and their tokens (a redirected hit's creature is a row)", () => {
    const names = cardParticipants({
      attack: {
        actorUuid: "Actor.ada", targets: [
          { actorUuid: "Actor.grusha", tokenUuid: "Scene.s.Token.g" },
          { actorUuid: "Scene.s.Token.m.Actor.minion", tokenUuid: "Scene.s.Token.m", redirectedFrom: "Grusha" },
        ],
      },
    });
    expect([...names].sort()).toEqual(["Actor.ada", "Actor.grusha", "Scene.s.Token.g", "Scene.s.Token.m", "Scene.s.Token.m.Actor.minion"]);
  });

  it("names a cast card's caster and targets, and an alchemy use's user and target", () => {
    expect([...cardParticipants({ cast: { caster: { uuid: "Actor.bram" }, targets: [{ uuid: "Actor.ada" }] } })]).toEqual(["Actor.bram", "Actor.ada"]);
    expect([...cardParticipants({ alchemyUse: { actorUuid: "Actor.bram", targetUuid: "Actor.grusha" } })]).toEqual(["Actor.bram", "Actor.grusha"]);
  });

  it("names no one for other or malformed flags", () => {
    for (const flags of [undefined, null, "x", {}, { turnEvents: true }, { attack: { targets: "no" } }, { cast: { targets: [null, 3] } }]) {
      expect(cardParticipants(flags).size).toBe(0);
    }
  });
});

describe("checkRelayBatch", () => {
  it("lets a player's own documents and exempt writes through without a card", () => {
    expect(checkRelayBatch([npc({ owned: true }), npc({ exempt: true })], "alice", null)).toEqual({ ok: true });
  });

  it("refuses a write on another's creature without a card, naming it", () => {
    expect(checkRelayBatch([npc({ owned: true, name: "Ada" }), npc()], "alice", null)).toEqual({ ok: false, name: "Grusha" });
  });

  it("covers a creature the player's own card names, by any of its UUIDs", () => {
    expect(checkRelayBatch([npc()], "alice", card())).toEqual({ ok: true });
    expect(checkRelayBatch([npc()], "alice", card({ participants: new Set(["Scene.s.Token.g"]) }))).toEqual({ ok: true });
  });

  it("refuses a card by another user, or one that does not name the creature", () => {
    expect(checkRelayBatch([npc()], "alice", card({ authorId: "bob" }))).toEqual({ ok: false, name: "Grusha" });
    expect(checkRelayBatch([npc()], "alice", card({ participants: new Set(["Actor.ada"]) }))).toEqual({ ok: false, name: "Grusha" });
  });

  it("lets a card be written by its author, or by a player whose creature takes part in it (Redirect)", () => {
    const message = npc({ documentName: "ChatMessage", name: "", uuid: "ChatMessage.m1", uuids: ["ChatMessage.m1"], authorId: "bob" });
    expect(checkRelayBatch([{ ...message, authorId: "alice" }], "alice", null)).toEqual({ ok: true });
    expect(checkRelayBatch([message], "alice", card({ authorId: "bob" }))).toEqual({ ok: true });
    expect(checkRelayBatch([message], "alice", card({ authorId: "bob", requesterTakesPart: false }))).toEqual({ ok: false, name: "" });
    expect(checkRelayBatch([message], "alice", card({ uuid: "ChatMessage.other" }))).toEqual({ ok: false, name: "" });
  });

  it("never covers a foreign creature that no card of the requester names (property)", () => {
    fc.assert(fc.property(fc.array(fc.string(), { maxLength: 5 }), fc.string(), fc.boolean(), (named, author, takesPart) => {
      const participants = new Set(named.filter((n) => !n.startsWith("Actor.grusha") && n !== "Scene.s.Token.g"));
      const verdict = checkRelayBatch([npc()], "alice", card({ participants, authorId: author, requesterTakesPart: takesPart }));
      expect(verdict.ok).toBe(false);
    }));
  });
});

describe("exemptWrite and namedBy", () => {
  it("exempts a pool drain and one declared reaction's counter, nothing else", () => {
    expect(exemptWrite({ op: "pool", uuid: "Scene.s", drain: 2 })).toBe(true);
    expect(exemptWrite({ op: "pool", uuid: "Scene.s", set: { value: 9, max: 9 } })).toBe(false);
    expect(exemptWrite({ op: "pool", uuid: "Scene.s", drain: 2, give: 1 })).toBe(false);
    expect(exemptWrite({ op: "counters", uuid: "Combat.c.Combatant.g", spend: { cost: 1, reaction: true } })).toBe(true);
    expect(exemptWrite({ op: "counters", uuid: "Combat.c.Combatant.g", spend: { cost: 2, reaction: true } })).toBe(false);
    expect(exemptWrite({ op: "counters", uuid: "Combat.c.Combatant.g", spend: { cost: 1 } })).toBe(false);
    expect(exemptWrite({ op: "counters", uuid: "Combat.c.Combatant.g", set: { available: 0, reserved: 0, hadTurn: true, passed: false } })).toBe(false);
    expect(exemptWrite({ op: "damage", uuid: "Actor.g", amount: 1 })).toBe(false);
    expect(exemptWrite(null)).toBe(false);
  });

  it("namedBy matches any UUID", () => {
    expect(namedBy(new Set(["a"]), ["b", "a"])).toBe(true);
    expect(namedBy(new Set(["a"]), [])).toBe(false);
  });
});
