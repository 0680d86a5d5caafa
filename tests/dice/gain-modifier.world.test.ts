import { clearQueuedFaces, createWorld, queueFaces, Roll as WorldRoll, type World } from "../world";
import { beforeEach, describe, expect, it } from "vitest";
import { countGains, gainDistribution, markDice } from "../../src/rules";
import { GainRoll } from "../../src/dice/gain-roll";

let world: World;

beforeEach(async () => {
  world = await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }] });
  clearQueuedFaces();
});

/** Every face combination of `dice` d12, in order. */
function* allFaces(dice: number): Generator<number[]> {
  const total = 12 ** dice;
  for (let n = 0; n < total; n++) {
    const faces: number[] = [];
    let rest = n;
    for (let d = 0; d < dice; d++) {
      faces.push((rest % 12) + 1);
      rest = Math.floor(rest / 12);
    }
    yield faces;
  }
}

/** Rolls `formula` once for every face combination and tallies the totals. */
async function tally(formula: string, dice: number): Promise<number[]> {
  const counts = new Array<number>(2 * dice + 1).fill(0);
  for (const faces of allFaces(dice)) {
    queueFaces(...faces);
    const roll = await new WorldRoll(formula).evaluate();
    counts[roll.total as number]++;
  }
  return counts.map((c) => c / 12 ** dice);
}

describe("the gain-pool modifier (7d12g8)", () => {
  it("is registered by the system on the d12 and counts a pool as the rules core does", async () => {
    const faces = [1, 5, 12, 6, 5, 8, 7, 2];
    queueFaces(...faces);
    const roll = await world.as(world.gm, () => new WorldRoll("8d12g7").evaluate());
    expect(roll.total).toBe(countGains(faces, 7));
    expect(roll.total).toBe(3);
    const counts = roll.dice[0].results.map((r) => r.count);
    expect(counts).toEqual([-1, 0, 2, 0, 0, 1, 1, 0]);
    expect(markDice(faces, 7).map((m) => ({ double: 2, gain: 1, cancel: -1, none: 0 })[m])).toEqual(counts);
  });

  it("gives the same gains as a GainRoll of the same faces, floored at 0", async () => {
    for (const faces of [[1, 1, 3], [12, 1, 1, 1], [8, 9, 10, 11, 12], [2, 3, 9]]) {
      queueFaces(...faces);
      const term = await new WorldRoll(`${faces.length}d12g8`).evaluate();
      queueFaces(...faces);
      const pool = await GainRoll.fromPool(faces.length, { threshold: 8 }).evaluate();
      expect(term.total).toBe(pool.gains);
    }
  });

  it("over every face of 3 dice, its odds equal gainDistribution (rank 8, and hexed at rank 5)", async () => {
    expect(await tally("3d12g8", 3)).toEqual(gainDistribution(3, 8));
    expect(await tally("3d12gh5", 3)).toEqual(gainDistribution(3, 5, { hexed: true }));
  });

  it("survives a chat message: the rebuilt roll keeps each die's count and the total", async () => {
    queueFaces(12, 1, 9, 4);
    const roll = await new WorldRoll("4d12g9").evaluate();
    const rebuilt = WorldRoll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as Record<string, unknown>);
    expect(rebuilt.total).toBe(2);
    expect(rebuilt.dice[0].total).toBe(2);
  });

  it("refuses a rank outside 1–12, more than 12 dice, or a die that is not a d12", async () => {
    await expect(new WorldRoll("13d12g8").evaluate()).rejects.toThrow(/12 dice/);
    await expect(new WorldRoll("3d12g13").evaluate()).rejects.toThrow(/rank/);
    await expect(new WorldRoll("3d6g4").evaluate()).rejects.toThrow(/7d12g8/);
  });
});
