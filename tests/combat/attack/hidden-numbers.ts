/**
 * Issue 18 item 6: no chat message holds a target's hidden numbers. Walks every message a
 * client holds (visible to its user or not: the test world delivers every whisper), its flags
 * and content, and an attack card's rolls' options.
 */
import { expect } from "vitest";
import type { WorldClient } from "../../world";

/** Keys of the numbers only a target's observers may see (and the old companions' flag). */
const HIDDEN_KEYS = new Set(["defense", "resistance", "armorPierced", "points", "woundsAdded", "vitalsLost", "absorbed", "health", "attackDetail"]);
const HIDDEN_MARKUP = /data-(defense|resistance|wounds|vitals|pierced)=/;

/** Paths of hidden keys under a value. */
export function hiddenKeysIn(value: unknown, path = "flags"): string[] {
  if (!value || typeof value !== "object") return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
    ...(HIDDEN_KEYS.has(key) ? [`${path}.${key}`] : []),
    ...hiddenKeysIn(child, `${path}.${key}`),
  ]);
}

interface MessageLike {
  id: string;
  content: string;
  flags: Record<string, unknown>;
  rolls: { toJSON(): { options?: Record<string, unknown> } }[];
}

/** Asserts no message in a client holds a hidden number; answers how many messages it read. */
export function expectNoHiddenNumbers(client: WorldClient): number {
  const messages = client.game.messages.contents as unknown as MessageLike[];
  for (const m of messages) {
    const who = `${client.game.user.name}'s message ${m.id}`;
    expect(hiddenKeysIn(m.flags), who).toEqual([]);
    expect(String(m.content ?? ""), who).not.toMatch(HIDDEN_MARKUP);
    // An attack roll's "needed" would be the target's defense (a flat or death roll's is public).
    const attack = (m.flags?.clockwork as Record<string, unknown> | undefined)?.attack;
    if (attack) for (const roll of m.rolls ?? []) expect(roll.toJSON().options?.needed ?? null, who).toBeNull();
    // A damage roll's targets: a creature's resistance stays off the message (its observers fill it in).
    for (const roll of m.rolls ?? []) {
      const targets = (roll.toJSON().options?.targets ?? []) as Record<string, unknown>[];
      expect(targets.filter((t) => t.actorUuid && ("species" in t || "armor" in t)), who).toEqual([]);
    }
  }
  return messages.length;
}
