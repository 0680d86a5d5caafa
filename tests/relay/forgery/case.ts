/**
 * The forgery suite's shape (issue 18 item 7). A case is one request a player could send from
 * the browser console to another client: a query name (every `CONFIG.queries` entry), for the
 * relay query the kind, what is forged, and how to build it in a table the case file sets up.
 * `expectRefused` sends it as the forger and asserts it changed nothing on the server (the whole
 * world, `world.save()`) and answered a localized refusal. `tests/relay/forgery.world.test.ts`
 * enumerates the registered queries and relay kinds and fails when one has no case.
 */
import { expect } from "vitest";
import type { World, WorldClient } from "../../world";

/** What a forged request lies about. */
export type ForgeryKind =
  /** The forger's own id, no cause. */
  | "own-id"
  /** Claims to be a GM. */
  | "claimed-gm"
  /** Claims to be another player. */
  | "claimed-player"
  /** Names no cause where one is needed. */
  | "no-cause"
  /** Names a card the forger did not author. */
  | "not-author"
  /** Names a real card of the forger that does not name this document. */
  | "other-document"
  /** Names a card already applied. */
  | "reused-cause"
  /** Numbers or choices out of range (or a forged card whose flags lie about its rolls). */
  | "out-of-range"
  /** Asks for something the answering world's state does not allow (a death roll for a healthy creature …). */
  | "wrong-state";

/** One forged request, built in a table its file sets up. */
export interface ForgeryCase<T> {
  /** One line for the closing note's table. */
  name: string;
  /** The `CONFIG.queries` key it sends. */
  query: string;
  /** For the relay's query: the kind it names. */
  kind?: string;
  forgery: ForgeryKind;
  build(table: T): Promise<{ from: WorldClient; to: WorldClient; data: unknown }>;
}

interface Answer {
  ok?: boolean;
  problem?: { key?: string; data?: Record<string, unknown> };
}

/**
 * Sends the case's request as its forger and asserts: the world is unchanged, the answer is
 * `{ ok: false, problem: { key } }` with a key the language file has (a rejected query counts
 * only when its message is localized text, not a key). Returns the refusal's text.
 */
export async function expectRefused<T>(world: World, table: T, forged: ForgeryCase<T>): Promise<string> {
  const { from, to, data } = await forged.build(table);
  await world.settle();
  const before = JSON.stringify(world.save());
  const target = from.game.users.get(to.userId) as unknown as { query(name: string, data: unknown, options?: object): Promise<unknown> };
  let text: string;
  try {
    const answer = (await world.as(from, () => target.query(forged.query, data, { timeout: 5_000 }))) as Answer | null;
    expect(answer?.ok, `${forged.name}: answered ${JSON.stringify(answer)}`).toBe(false);
    const key = answer?.problem?.key ?? "";
    text = to.game.i18n.localize(key);
    expect(text, `${forged.name}: refusal key ${key} is not in lang/en.json`).not.toBe(key);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    expect(message, `${forged.name}: rejected without a localized message`).not.toMatch(/^CLOCKWORK\./);
    text = message;
  }
  await world.settle();
  expect(JSON.stringify(world.save()), `${forged.name}: the world changed`).toBe(before);
  return text;
}
