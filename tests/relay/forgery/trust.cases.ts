/**
 * Forged requests of issue 34 items 2 and 3, sent from Bob's console to the GM: an attack card
 * applied again after the GM's Undo (its "undone" mark on Bob's own card cleared or not), a cast
 * card likewise, and relay requests of every malformed shape (a kind that is an object whose
 * `toString` is no function, a number, an array, null; ids, arguments and nested data of the
 * wrong type). The table is the attack table (tests/relay/forgery/attack.cases.ts).
 * `tests/relay/forgery-trust.world.test.ts` runs them in both profiles, and also insists the
 * refusal is an answer, never a rejected query carrying a raw error.
 */
import { GRUSHA, BRAM, MINION } from "../../combat/attack/world-fixtures";
import { RELAY_QUERY } from "../../../src/relay";
import type { ForgeryCase } from "./case";
import type { AttackTable } from "./attack.cases";

const MACE = "Mace";

interface MessageDoc {
  id: string;
  uuid: string;
  update(changes: object): Promise<unknown>;
}

const ask = (t: AttackTable, data: unknown) => ({ from: t.bob, to: t.gm, data });

/** Bob's card on Grusha, applied by Bob through the GM, then undone by the GM. */
export async function undoneByGM(t: AttackTable, clearMark = false): Promise<MessageDoc> {
  const card = await t.attack(t.bob, BRAM, MACE, GRUSHA);
  const { applyAttackCard, undoAttackCard } = await import("../../../src/combat/attack/apply");
  const applied = await t.world.as(t.bob, () => applyAttackCard(t.message(t.bob, card.id) as never));
  if (!applied?.ok) throw new Error(`the table's Apply failed: ${JSON.stringify(applied)}`);
  await t.world.settle();
  const undone = await t.world.as(t.gm, () => undoAttackCard(t.message(t.gm, card.id) as never));
  if (!undone?.ok) throw new Error(`the table's Undo failed: ${JSON.stringify(undone)}`);
  await t.world.settle();
  if (clearMark) {
    // Bob's card is his to write: he takes the "undone" mark off it, as a forger would.
    await t.world.as(t.bob, () => t.message(t.bob, card.id).update({ "flags.clockwork.attack.-=undone": null }));
    await t.world.settle();
  }
  return t.message(t.bob, card.id) as MessageDoc;
}

const c = (name: string, forgery: ForgeryCase<AttackTable>["forgery"], build: ForgeryCase<AttackTable>["build"], kind?: string): ForgeryCase<AttackTable> =>
  ({ name, query: RELAY_QUERY, ...(kind ? { kind } : {}), forgery, build });

/** Re-applying what the GM undid (item 2). */
export const undoneForgeries: ForgeryCase<AttackTable>[] = [
  c("attack.apply of a row the GM undid", "reused-cause", async (t) => ask(t, { kind: "attack.apply", args: {}, cause: (await undoneByGM(t)).uuid, userId: t.bob.userId }), "attack.apply"),
  c("attack.apply of a row the GM undid, its mark cleared from Bob's card", "reused-cause", async (t) => ask(t, { kind: "attack.apply", args: {}, cause: (await undoneByGM(t, true)).uuid, userId: t.bob.userId }), "attack.apply"),
  c("attack.apply of the undone row by its key", "reused-cause", async (t) => {
    const card = await undoneByGM(t, true);
    return ask(t, { kind: "attack.apply", args: { key: t.token(GRUSHA).replace(/\./g, "_") }, cause: card.uuid, userId: t.bob.userId });
  }, "attack.apply"),
];

/** An object whose `toString` is no function: `String(kind)` throws a TypeError on it. */
const poisoned = { toString: "attack.apply", valueOf: 1 };

/** Requests of every malformed shape (item 3): each answers a localized refusal. */
export const malformedForgeries: ForgeryCase<AttackTable>[] = [
  c("a kind that is an object with a non-function toString", "out-of-range", async (t) => ask(t, { kind: poisoned, args: {}, cause: (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, userId: t.bob.userId })),
  c("a kind that is an object with an object toString", "out-of-range", async (t) => ask(t, { kind: { toString: { toString: {} } }, args: {}, cause: null, userId: t.bob.userId })),
  c("a kind that is a number", "out-of-range", async (t) => ask(t, { kind: 42, args: {}, cause: null, userId: t.bob.userId })),
  c("a kind that is an array", "out-of-range", async (t) => ask(t, { kind: ["attack.apply"], args: {}, cause: (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, userId: t.bob.userId })),
  c("a kind that is null", "out-of-range", async (t) => ask(t, { kind: null, args: {}, cause: null, userId: t.bob.userId })),
  c("a very long kind", "out-of-range", async (t) => ask(t, { kind: "x".repeat(100_000), args: {}, cause: null, userId: t.bob.userId })),
  c("a request that is a string", "out-of-range", async (t) => ask(t, "attack.apply")),
  c("a request that is an array", "out-of-range", async (t) => ask(t, [{ kind: "attack.apply" }])),
  c("a request that is null", "out-of-range", async (t) => ask(t, null)),
  c("a user id that is an object", "claimed-player", async (t) => ask(t, { kind: "attack.apply", args: {}, cause: (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, userId: { toString: "x" } })),
  c("a cause that is an object", "no-cause", async (t) => ask(t, { kind: "attack.apply", args: {}, cause: { uuid: "x", toString: 1 }, userId: t.bob.userId })),
  c("a cause that is a number", "no-cause", async (t) => ask(t, { kind: "attack.apply", args: {}, cause: 7, userId: t.bob.userId })),
  c("args that are a string", "out-of-range", async (t) => ask(t, { kind: "attack.apply", args: "all", cause: (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, userId: t.bob.userId })),
  c("a target key that is an object", "out-of-range", async (t) => ask(t, { kind: "attack.apply", args: { key: { toString: "x" } }, cause: (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, userId: t.bob.userId })),
  c("a redirect target that is nested arrays", "out-of-range", async (t) => ask(t, { kind: "attack.redirect", args: { key: [[["x"]]], to: { uuid: t.token(MINION) } }, cause: (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, userId: t.bob.userId })),
  c("cast targets that are an object", "out-of-range", async (t) => ask(t, { kind: "cast.apply", args: { targets: { t0: true, length: 1e9 } }, cause: (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, userId: t.bob.userId })),
];
