/**
 * Prototype token defaults (issue 20): a player character's tokens share its sheet (linked), are
 * friendly and see; an NPC's are unlinked copies (each foe its own wounds) and hostile. As in
 * dnd5e (`Actor5e#_preCreate`: characters linked, friendly, with sight), Draw Steel
 * (`HeroModel#_preCreate`) and Nimble (`monsterPrototypeTokenDefaults.ts`: adversaries hostile and
 * unlinked). Applied on create, field by field, only where the creation data sets nothing: a
 * compendium import or a duplicate brings its whole prototype token and keeps it.
 */

/** CONST.TOKEN_DISPOSITIONS (fixed numbers in every core version since v10). */
export const DISPOSITION = { HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 } as const;

type Flat = Record<string, unknown>;

/** The defaults of an actor type as dot paths under `prototypeToken`, or null (no defaults). */
export function tokenDefaults(type: string): Flat | null {
  if (type === "character") return { actorLink: true, disposition: DISPOSITION.FRIENDLY, "sight.enabled": true };
  if (type === "npc") return { actorLink: false, disposition: DISPOSITION.HOSTILE };
  // One party, one token that stands for the group on the map (canvas/party.ts deploys from it).
  if (type === "party") return { actorLink: true, disposition: DISPOSITION.FRIENDLY };
  return null;
}

function has(object: unknown, path: string): boolean {
  let node: unknown = object;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object" || !(part in node)) return false;
    node = (node as Flat)[part];
  }
  return node !== undefined;
}

function put(target: Flat, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Flat;
  node[parts.at(-1)!] = value;
}

/** What `_preCreate` adds: the defaults the creation data leaves unset, as a nested `updateSource` change, or null. */
export function tokenDefaultsFor(type: string, data: { prototypeToken?: unknown }): { prototypeToken: Flat } | null {
  const defaults = tokenDefaults(type);
  if (!defaults) return null;
  const token: Flat = {};
  for (const [path, value] of Object.entries(defaults)) {
    if (!has(data.prototypeToken, path)) put(token, path, value);
  }
  return Object.keys(token).length ? { prototypeToken: token } : null;
}

/** A character whose prototype token differs from the defaults (what the GM's set-up offers to change), as its update, or null. */
export function characterTokenUpdate(actor: { type: string; prototypeToken?: unknown }): Flat | null {
  if (actor.type !== "character") return null;
  const token = (actor.prototypeToken ?? {}) as Flat;
  const change: Flat = {};
  for (const [path, value] of Object.entries(tokenDefaults("character") ?? {})) {
    const current = path.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Flat)[part] : undefined), token);
    if (current !== value) change[`prototypeToken.${path}`] = value;
  }
  return Object.keys(change).length ? change : null;
}
