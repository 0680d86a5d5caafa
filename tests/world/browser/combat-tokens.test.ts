/**
 * The playground's choice of token for a combatant (combat-tokens.ts): a linked actor fights
 * once; an unlinked one (an NPC) takes its free tokens first, then gets unlinked copies on the
 * nearest free spaces; band members count as in the encounter.
 */
import { describe, expect, it } from "vitest";
import { freeSpace, isUnlinked, tokenForCombat, tokensInCombat, type CombatTokenScene, type SceneTokenLike } from "./combat-tokens";

function scene(tokens: SceneTokenLike[]): CombatTokenScene & { created: object[] } {
  const created: object[] = [];
  return {
    id: "scene", grid: { size: 100 }, tokens: { contents: tokens }, created,
    async createEmbeddedDocuments(_name, data) {
      created.push(...data);
      return data.map((_d, i) => {
        const token = { id: `new${tokens.length + i}`, actorId: (data[i] as { actorId: string }).actorId, ...(data[i] as object) } as SceneTokenLike;
        tokens.push(token);
        return token;
      });
    },
  };
}

const goblin = { id: "gob", name: "Goblin", type: "npc", prototypeToken: { actorLink: false, disposition: -1 } };
const hero = { id: "ada", name: "Ada", type: "character", prototypeToken: { actorLink: true } };

describe("tokens for the playground's combatants", () => {
  it("follow the prototype's link: unset is unlinked, as core's default", () => {
    expect(isUnlinked(goblin)).toBe(true);
    expect(isUnlinked({ ...goblin, prototypeToken: null })).toBe(true);
    expect(isUnlinked(hero)).toBe(false);
  });

  it("a linked actor fights once", async () => {
    const s = scene([{ id: "t1", actorId: "ada", x: 0, y: 0 }]);
    expect(await tokenForCombat(s, hero, [])).toMatchObject({ id: "t1" });
    expect(await tokenForCombat(s, hero, [{ actorId: "ada", tokenId: "t1" }])).toBeNull();
    expect(s.created).toEqual([]);
  });

  it("an unlinked actor takes its free token, then an unlinked copy beside its last", async () => {
    const s = scene([{ id: "g1", actorId: "gob", x: 500, y: 300 }, { id: "x", actorId: "other", x: 600, y: 300 }]);
    expect(await tokenForCombat(s, goblin, [])).toMatchObject({ id: "g1" });
    const second = await tokenForCombat(s, goblin, [{ actorId: "gob", tokenId: "g1" }]);
    expect(second?.id).not.toBe("g1");
    // (600, 300) is taken: the next space of the first ring.
    expect(s.created).toEqual([expect.objectContaining({ actorId: "gob", actorLink: false, disposition: -1, x: 500, y: 400 })]);
    // A band's members are in the encounter too: a third goblin is another copy.
    await tokenForCombat(s, goblin, [{ actorId: "gob", tokenId: "g1", system: { members: ["g1", second!.id] } }]);
    expect(s.created).toHaveLength(2);
    expect(tokensInCombat([{ actorId: "gob", tokenId: "g1", system: { members: ["g1", "g2"] } }])).toEqual(new Set(["g1", "g2"]));
  });

  it("the first token dropped for an actor with none on the scene is linked, as before", async () => {
    const s = scene([]);
    await tokenForCombat(s, goblin, []);
    expect(s.created).toEqual([expect.objectContaining({ actorId: "gob", actorLink: true, x: 0, y: 0 })]);
  });

  it("the free space is the nearest one no token stands on: right, down, left, up, then diagonals", () => {
    const at = (i: number, j: number) => ({ id: `${i}${j}`, actorId: null, x: i * 100, y: j * 100 });
    expect(freeSpace([at(1, 1), at(2, 1), at(1, 2)], { x: 100, y: 100 }, 100)).toEqual({ x: 0, y: 100 });
    expect(freeSpace([at(1, 1), at(2, 1), at(1, 2), at(0, 1), at(1, 0)], { x: 100, y: 100 }, 100)).toEqual({ x: 200, y: 200 });
    // Off the scene's top-left edge is no space.
    expect(freeSpace([at(0, 0), at(1, 0), at(0, 1), at(1, 1)], { x: 0, y: 0 }, 100)).toEqual({ x: 200, y: 0 });
  });
});
