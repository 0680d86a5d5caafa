/**
 * The party on the map (issue 32): its token stands for the whole group while it travels;
 * outside combat the GM "deploys" it (each member's token placed on the free spaces around the
 * party's token, nearest ring first) and "gathers" it back (the members' tokens on that scene
 * removed, the party's token kept). dnd5e's group places its members the same way from its sheet;
 * here the spots are a pure function of the grid (`deploymentSpots`), the writes one batch each.
 */
import { currentUser, notify, worldCollection } from "../foundry";

/** A grid space, by column and row. */
export interface GridSpace {
  col: number;
  row: number;
}

/**
 * The first `count` free spaces around `center`, ring by ring (the 8 neighbours, then the 16 of
 * the next ring …), each ring clockwise from the top-left; `occupied` spaces ("col,row") and
 * negative coordinates are skipped.
 */
export function deploymentSpots(center: GridSpace, count: number, occupied: ReadonlySet<string> = new Set()): GridSpace[] {
  const spots: GridSpace[] = [];
  const taken = new Set(occupied);
  taken.add(`${center.col},${center.row}`);
  for (let ring = 1; spots.length < count && ring <= 50; ring++) {
    const around: GridSpace[] = [];
    for (let c = -ring; c <= ring; c++) around.push({ col: center.col + c, row: center.row - ring });
    for (let r = -ring + 1; r <= ring; r++) around.push({ col: center.col + ring, row: center.row + r });
    for (let c = ring - 1; c >= -ring; c--) around.push({ col: center.col + c, row: center.row + ring });
    for (let r = ring - 1; r > -ring; r--) around.push({ col: center.col - ring, row: center.row + r });
    for (const space of around) {
      if (spots.length >= count) break;
      const key = `${space.col},${space.row}`;
      if (space.col < 0 || space.row < 0 || taken.has(key)) continue;
      taken.add(key);
      spots.push(space);
    }
  }
  return spots;
}

interface TokenDoc {
  id: string | null;
  actorId: string | null;
  x: number;
  y: number;
  width?: number;
  height?: number;
}

interface SceneDoc {
  id: string | null;
  name?: string;
  grid?: { size?: number };
  tokens: Iterable<TokenDoc>;
  createEmbeddedDocuments(name: "Token", data: object[]): Promise<unknown[] | undefined>;
  deleteEmbeddedDocuments(name: "Token", ids: string[]): Promise<unknown[] | undefined>;
}

interface MemberDoc {
  id: string | null;
  name: string;
  prototypeToken?: { toObject?(): Record<string, unknown> } & Record<string, unknown>;
  getTokenDocument?(data: object): Promise<{ toObject(): Record<string, unknown> }>;
}

interface PartyDoc {
  id: string | null;
  name: string;
}

interface CombatDoc {
  started?: boolean;
  scene?: string | { id: string | null } | null;
}

/** What deploying or gathering did: the tokens written, or why nothing was. */
export type DeployOutcome = { done: number } | { refused: string };

function refuse(key: string, data: Record<string, unknown>): DeployOutcome {
  notify("warn", key, data);
  return { refused: key };
}

/** A started combat on this scene (or one bound to no scene) keeps the party as it stands. */
function inCombat(scene: SceneDoc): boolean {
  const combats = worldCollection<Iterable<CombatDoc>>("combats") ?? [];
  return [...combats].some((combat) => {
    if (!combat.started) return false;
    const where = typeof combat.scene === "string" ? combat.scene : combat.scene?.id ?? null;
    return where === null || where === scene.id;
  });
}

/** Why the GM cannot deploy or gather here, or null; and the party's token. */
function precheck(party: PartyDoc, scene: SceneDoc | null | undefined): { refused: DeployOutcome } | { token: TokenDoc; scene: SceneDoc } {
  const data = { party: party.name };
  if (currentUser<{ isGM?: boolean }>()?.isGM !== true) return { refused: refuse("CLOCKWORK.Party.Map.GmOnly", data) };
  if (!scene) return { refused: refuse("CLOCKWORK.Party.Map.NoScene", data) };
  if (inCombat(scene)) return { refused: refuse("CLOCKWORK.Party.Map.InCombat", data) };
  const token = [...scene.tokens].find((t) => t.actorId === party.id);
  if (!token) return { refused: refuse("CLOCKWORK.Party.Map.NoToken", { ...data, scene: scene.name ?? "" }) };
  return { token, scene };
}

/** A member's token source at (x, y): core's own prototype-to-token conversion where it exists. */
async function tokenSource(member: MemberDoc, x: number, y: number): Promise<Record<string, unknown>> {
  if (typeof member.getTokenDocument === "function") return { ...(await member.getTokenDocument({ x, y })).toObject(), x, y };
  const proto = (typeof member.prototypeToken?.toObject === "function" ? member.prototypeToken.toObject() : { ...(member.prototypeToken ?? {}) }) as Record<string, unknown>;
  const { actorLink, disposition, width, height, texture } = proto;
  return { name: member.name, actorId: member.id, actorLink: actorLink ?? true, ...(disposition === undefined ? {} : { disposition }), ...(width ? { width } : {}), ...(height ? { height } : {}), ...(texture ? { texture } : {}), x, y };
}

/**
 * Deploys the party on a scene (the viewed one by default): a token for each member without one
 * there yet, on the free spaces around the party's token. GM only, outside combat.
 */
export async function deployParty(party: PartyDoc, members: readonly MemberDoc[], scene: SceneDoc | null | undefined): Promise<DeployOutcome> {
  const checked = precheck(party, scene);
  if ("refused" in checked) return checked.refused;
  const size = checked.scene.grid?.size ?? 100;
  const tokens = [...checked.scene.tokens];
  const placed = new Set(tokens.map((t) => t.actorId));
  const todo = members.filter((m) => m.id && !placed.has(m.id));
  if (!todo.length) return refuse("CLOCKWORK.Party.Map.NothingToDeploy", { party: party.name });
  const occupied = new Set<string>();
  for (const t of tokens) {
    for (let c = 0; c < (t.width ?? 1); c++) for (let r = 0; r < (t.height ?? 1); r++) occupied.add(`${Math.floor(t.x / size) + c},${Math.floor(t.y / size) + r}`);
  }
  const center = { col: Math.floor(checked.token.x / size), row: Math.floor(checked.token.y / size) };
  const spots = deploymentSpots(center, todo.length, occupied);
  const sources = await Promise.all(todo.map((member, i) => tokenSource(member, spots[i].col * size, spots[i].row * size)));
  const created = (await checked.scene.createEmbeddedDocuments("Token", sources)) ?? [];
  return { done: created.length };
}

/** Gathers the party: the members' tokens on the scene removed, the party's token kept. GM only, outside combat. */
export async function gatherParty(party: PartyDoc, members: readonly MemberDoc[], scene: SceneDoc | null | undefined): Promise<DeployOutcome> {
  const checked = precheck(party, scene);
  if ("refused" in checked) return checked.refused;
  const ids = new Set(members.map((m) => m.id).filter((id): id is string => !!id && id !== party.id));
  const gone = [...checked.scene.tokens].filter((t) => t.actorId && ids.has(t.actorId)).map((t) => t.id as string);
  if (!gone.length) return refuse("CLOCKWORK.Party.Map.NothingToGather", { party: party.name });
  const deleted = (await checked.scene.deleteEmbeddedDocuments("Token", gone)) ?? [];
  return { done: deleted.length };
}
