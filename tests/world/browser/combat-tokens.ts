/**
 * The token a combatant added in the playground stands on (issue 33 item 5). As in Foundry, the
 * actor's prototype token says whether its tokens are linked (`PrototypeToken#actorLink`, false
 * unless set; the system makes characters linked, NPCs not: src/documents/token-defaults.ts):
 *
 * - a linked actor (a character) is one creature: one token, one combatant; adding it again adds
 *   nothing;
 * - an unlinked actor (an NPC) is a template: every token of it on the scene is a copy with its
 *   own wounds (a synthetic actor), and each token in the encounter is a combatant of its own, as
 *   when a GM drops the same foe several times and adds the tokens to the combat (core
 *   `client/documents/token.mjs` `TokenDocument.createCombatants`, one combatant per token).
 *   Adding it again takes a token of it the encounter does not have yet, else drops another one
 *   (unlinked, from the prototype) on the nearest free space beside its others. The host's first
 *   token of an actor stays linked as before (the map's seeded tokens are, and the e2e tests read
 *   that foe's wounds on its actor); a copy starts from the actor as it is then.
 *
 * Plain data; the host calls it (main.ts `addActor`).
 */

export interface SceneTokenLike {
  id: string;
  actorId: string | null;
  x?: number;
  y?: number;
}

export interface CombatTokenScene {
  id: string;
  grid?: { size?: number };
  tokens?: { contents: SceneTokenLike[] };
  createEmbeddedDocuments(name: "Token", data: object[]): Promise<{ id: string }[]>;
}

export interface CombatTokenActor {
  id: string;
  name: string;
  type: string;
  prototypeToken?: { actorLink?: boolean; disposition?: number; name?: string } | null;
}

interface CombatantTokens {
  actorId: string | null;
  tokenId: string | null;
  system?: { members?: string[] };
}

const last = <T>(list: readonly T[]): T | undefined => list[list.length - 1];

/** Whether the actor's tokens are unlinked copies (core's default for a prototype token). */
export function isUnlinked(actor: CombatTokenActor): boolean {
  return actor.prototypeToken?.actorLink !== true;
}

/** The tokens an encounter already has: each combatant's own and a band's members. */
export function tokensInCombat(combatants: readonly CombatantTokens[]): Set<string> {
  const ids = new Set<string>();
  for (const c of combatants) {
    if (c.tokenId) ids.add(c.tokenId);
    for (const member of c.system?.members ?? []) ids.add(member);
  }
  return ids;
}

/** The nearest grid space to `origin` no token stands on (rings outwards: right, down, left, up, then diagonals). */
export function freeSpace(tokens: readonly SceneTokenLike[], origin: { x: number; y: number }, size: number): { x: number; y: number } {
  const taken = new Set(tokens.map((t) => `${Math.round((t.x ?? 0) / size)},${Math.round((t.y ?? 0) / size)}`));
  const i0 = Math.round(origin.x / size);
  const j0 = Math.round(origin.y / size);
  for (let ring = 1; ring < 50; ring++) {
    for (let dj = 0; dj <= ring; dj++) {
      for (const [di, dj2] of [[ring, dj], [dj, ring], [-ring, dj], [dj, -ring], [ring, -dj], [-dj, ring], [-ring, -dj], [-dj, -ring]]) {
        const i = i0 + di;
        const j = j0 + dj2;
        if (i < 0 || j < 0 || taken.has(`${i},${j}`)) continue;
        return { x: i * size, y: j * size };
      }
    }
  }
  return { x: origin.x, y: origin.y };
}

/**
 * The token to add to the encounter for the actor, or null when the actor may not get another
 * (linked and already fighting). Creates one when none is free.
 */
export async function tokenForCombat(scene: CombatTokenScene, actor: CombatTokenActor, combatants: readonly CombatantTokens[]): Promise<{ id: string } | null> {
  const fighting = combatants.some((c) => c.actorId === actor.id);
  if (fighting && !isUnlinked(actor)) return null;
  const used = tokensInCombat(combatants);
  const tokens = scene.tokens?.contents ?? [];
  const own = tokens.filter((t) => t.actorId === actor.id);
  const free = own.find((t) => !used.has(t.id));
  if (free) return free;
  const disposition = actor.type === "character" ? 1 : -1;
  // The first token the host drops for an actor is linked, as it always was (the tests read its
  // wounds on the actor, like the map's seeded tokens); further ones are the prototype's copies.
  if (!last(own)) {
    const [first] = await scene.createEmbeddedDocuments("Token", [{ name: actor.name, actorId: actor.id, actorLink: true, x: 0, y: 0, disposition }]);
    return first ?? null;
  }
  const size = scene.grid?.size ?? 100;
  const near = last(own)!;
  const at = freeSpace(tokens, { x: near.x ?? 0, y: near.y ?? 0 }, size);
  const [token] = await scene.createEmbeddedDocuments("Token", [{
    name: actor.prototypeToken?.name || actor.name, actorId: actor.id, actorLink: false, disposition: actor.prototypeToken?.disposition ?? disposition, ...at,
  }]);
  return token ?? null;
}
