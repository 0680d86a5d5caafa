/**
 * The actors a fresh test world starts with (node tests and the browser host alike), and the
 * playground's starter world (`starterActors`). Fixtures:
 * - Ada, a character owned by Alice and observed by Bob, with a sword in her main hand, scale
 *   armor worn and a few skills trained;
 * - Grusha, an NPC only the GM can see.
 * Plain sources: the system's data models fill in every other field.
 */
export const ADA_ID = "seedAdaCharactr1";
export const GRUSHA_ID = "seedGrushaNpc001";
export const WEAPON_ID = "seedAdaLongswrd1";
export const ARMOR_ID = "seedAdaScalemal1";

const OWNER = 3;
const OBSERVER = 2;

export interface SeedUsers {
  alice: string;
  bob: string;
}

export function seedActors(users: SeedUsers): Record<string, unknown>[] {
  return [
    {
      _id: ADA_ID,
      name: "Ada",
      type: "character",
      img: "icons/svg/mystery-man.svg",
      ownership: { default: 0, [users.alice]: OWNER, [users.bob]: OBSERVER },
      system: {
        skills: { strength: { rank: 9 }, accuracy: { rank: 10 }, perception: { rank: 10 }, will: { rank: 11 } },
        equipped: { mainHand: WEAPON_ID, armor: ARMOR_ID },
        biography: "<p>A clockmaker's daughter who left the workshop for the road.</p>",
      },
      items: [
        { _id: WEAPON_ID, name: "Longsword", type: "weapon", img: "icons/svg/sword.svg", system: {} },
        { _id: ARMOR_ID, name: "Scale armor", type: "armor", img: "icons/svg/shield.svg", system: {} },
      ],
    },
    {
      _id: GRUSHA_ID,
      name: "Grusha",
      type: "npc",
      img: "icons/svg/mystery-man.svg",
      ownership: { default: 0 },
      system: {},
    },
  ];
}

/** Packs of the starter kit whose actors a playground world starts with. */
export const STARTER_PACKS = { characters: "pregens", foes: "foes" } as const;

interface ActorPack {
  name: string;
  system: string;
  documents: Record<string, unknown>[];
}

/** A pack document as Foundry imports it into the world: no pack keys, no folder, its source recorded. */
function imported(doc: Record<string, unknown>, uuid: string): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "_key").map(([key, v]) => [key, strip(v)]));
  };
  const source = strip(structuredClone(doc)) as Record<string, unknown>;
  source.folder = null;
  source._stats = { ...(source._stats as object | undefined), compendiumSource: uuid };
  return source;
}

/**
 * The playground's world: every pregenerated character and every foe of the starter kit, as a
 * GM would import them. Alice owns the first character by name and Bob the second, each
 * observing the other's (a party of two); the other characters and the foes are the GM's. The
 * party actor holds every character, and both players own it (they share its stash).
 * Null when the system has neither pack (a fork without the starter kit gets the fixtures).
 */
export function starterActors(packs: ActorPack[], users: SeedUsers): Record<string, unknown>[] | null {
  const pack = (name: string) => packs.find((p) => p.name === name);
  const characters = pack(STARTER_PACKS.characters);
  const foes = pack(STARTER_PACKS.foes);
  if (!characters?.documents.length && !foes?.documents.length) return null;
  const byName = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.name).localeCompare(String(b.name));
  const party = [users.alice, users.bob];
  const heroes = [...(characters?.documents ?? [])].sort(byName).map((doc, i) => {
    const source = imported(doc, `Compendium.${characters!.system}.${characters!.name}.Actor.${doc._id}`);
    const owner = party[i];
    const other = party[1 - i];
    source.ownership = owner ? { default: 0, [owner]: OWNER, [other]: OBSERVER } : { default: 0 };
    return source;
  });
  const enemies = [...(foes?.documents ?? [])].sort(byName).map((doc) => {
    const source = imported(doc, `Compendium.${foes!.system}.${foes!.name}.Actor.${doc._id}`);
    source.ownership = { default: 0 };
    return source;
  });
  return [...heroes, ...enemies, ...starterParty(heroes, users)];
}

/** The starter world's party (issue 32): every pregenerated character, its stash shared by the two players. */
export const STARTER_PARTY_ID = "starterPartyAct1";

function starterParty(heroes: Record<string, unknown>[], users: SeedUsers): Record<string, unknown>[] {
  if (!heroes.length) return [];
  return [{
    _id: STARTER_PARTY_ID, name: "The Company", type: "party", img: "icons/svg/village.svg",
    ownership: { default: 0, [users.alice]: OWNER, [users.bob]: OWNER },
    system: { members: heroes.map((h) => `Actor.${String(h._id)}`) },
  }];
}

/** The playground map's grid: core's default size, one space a square of 100 pixels. */
export const MAP_GRID = 100;

/**
 * The playground's scene (issue 28): a square grid with a token for every character (a column
 * on the left) and every foe (two columns on the right, 8 spaces away), linked to its actor as a
 * GM drops them, and a few walls between: a long one across the upper half (it hides the upper
 * foes from the heroes' upper rows) and a room's corner below the foes.
 */
export function sceneSource(actors: { _id?: string; name?: string; type?: string }[]): Record<string, unknown> {
  const g = MAP_GRID;
  const heroes = actors.filter((a) => a.type === "character");
  const foes = actors.filter((a) => a.type !== "character" && a.type !== "loot" && a.type !== "party");
  const token = (actor: { _id?: string; name?: string }, col: number, row: number, disposition: number) =>
    ({ name: actor.name, actorId: actor._id, actorLink: true, x: col * g, y: row * g, disposition });
  return {
    name: "Crossroads",
    active: true,
    grid: { type: 1, size: g, distance: 1, units: "" },
    tokens: [
      ...heroes.map((a, k) => token(a, 3, 2 + k, 1)),
      ...foes.map((a, k) => token(a, 11 + (k % 2) * 2, 2 + Math.floor(k / 2) * 2, -1)),
    ],
    walls: [
      { c: [7 * g, 1 * g, 7 * g, 5 * g] },
      { c: [9 * g, 14 * g, 15 * g, 14 * g] },
      { c: [15 * g, 11 * g, 15 * g, 14 * g] },
    ],
  };
}
