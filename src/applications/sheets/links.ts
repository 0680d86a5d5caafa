/**
 * Items that point at other items by UUID (a species' granted foci and spells, a spell's pair,
 * an artifact's spell): the names and icons the sheets show for them, and the writes a drop or
 * a remove button makes. Names come from the compendium index, which is loaded with the pack,
 * so a sheet does not load every linked document to draw its name.
 */
import { linkedUuids } from "../context/item";
import { itemLike } from "./adapters";
import { worldCollection } from "../../foundry";

/** What a sheet shows for a linked UUID. */
export interface LinkName {
  name: string;
  img?: string | null;
}

interface IndexEntryLike { name?: string; img?: string | null }
interface PackLike {
  getIndex(options?: { fields?: string[] }): Promise<{ get(id: string): IndexEntryLike | undefined }>;
}
interface DocLike { name?: string; img?: string | null }

/** `{ pack, id }` of a compendium document's UUID (`Compendium.<scope>.<pack>.<Type>.<id>`); null otherwise. */
export function compendiumAddress(uuid: string): { pack: string; id: string } | null {
  const parts = uuid.split(".");
  if (parts[0] !== "Compendium" || parts.length !== 5) return null;
  return { pack: `${parts[1]}.${parts[2]}`, id: parts[4] };
}

/** The compendium index entry of a UUID, or null (not a compendium UUID, no such pack or entry). */
async function indexEntry(uuid: string): Promise<LinkName | null> {
  const address = compendiumAddress(uuid);
  if (!address) return null;
  const pack = worldCollection<{ get(id: string): PackLike | undefined }>("packs")?.get(address.pack);
  if (!pack) return null;
  const entry = (await pack.getIndex()).get(address.id);
  return entry?.name ? { name: entry.name, img: entry.img ?? null } : null;
}

/** The document behind a UUID; null when it does not load (deleted, broken, or an invalid UUID). */
async function load(uuid: string): Promise<DocLike | null> {
  try {
    return ((await fromUuid(uuid as Parameters<typeof fromUuid>[0])) as DocLike | null) ?? null;
  } catch {
    return null;
  }
}

/** Names and icons of linked UUIDs: compendium ones from the index, world ones from the document. */
export async function resolveLinks(uuids: readonly string[]): Promise<Record<string, LinkName | undefined>> {
  const found: Record<string, LinkName | undefined> = {};
  for (const uuid of uuids) {
    const entry = compendiumAddress(uuid) ? await indexEntry(uuid) : null;
    if (entry) {
      found[uuid] = entry;
      continue;
    }
    const doc = await load(uuid);
    found[uuid] = doc?.name ? { name: doc.name, img: doc.img ?? null } : undefined;
  }
  return found;
}

/**
 * Link fields that name the other item by its `system.identifier`, not its UUID: a spell's
 * `pair` ("haste" ↔ "slow"), so a pair survives copying both spells into a world or an actor.
 */
export const IDENTIFIER_LINKS: Readonly<Record<string, { itemType: string }>> = {
  "system.pair": { itemType: "spell" },
};

interface NamedItemLike { name: string; img?: string | null; type: string; system?: { identifier?: string } }
interface IndexedPack extends PackLike { documentName?: string }

/**
 * The name and icon of the item of a type with an identifier: the owner's own items first,
 * then the world's items, then the compendium indexes (loaded with the identifier field).
 */
export async function resolveIdentifier(
  identifier: string, type: string, owned: Iterable<NamedItemLike> = [],
): Promise<LinkName | undefined> {
  const matches = (i: NamedItemLike) => i.type === type && i.system?.identifier === identifier;
  const worldItems = worldCollection<Iterable<NamedItemLike>>("items") ?? [];
  const local = [...owned].find(matches) ?? [...worldItems].find(matches);
  if (local) return { name: local.name, img: local.img ?? null };
  for (const pack of worldCollection<Iterable<IndexedPack>>("packs") ?? []) {
    if (pack.documentName !== "Item") continue;
    const index = await pack.getIndex({ fields: ["system.identifier"] }) as unknown as Iterable<IndexEntryLike & NamedItemLike>;
    const entry = [...index].find(matches);
    if (entry) return { name: entry.name, img: entry.img ?? null };
  }
  return undefined;
}

/**
 * Names for the species dialog: from the index even when the document itself does not load,
 * with `resolved` telling which did (the dialog marks the others and warns).
 */
export async function speciesOptionNames(uuids: readonly string[]): Promise<Record<string, { name: string; img: string | null; resolved: boolean }>> {
  const names: Record<string, { name: string; img: string | null; resolved: boolean }> = {};
  for (const uuid of new Set(uuids)) {
    const entry = await indexEntry(uuid);
    const doc = await load(uuid);
    const name = entry?.name ?? doc?.name;
    if (name) names[uuid] = { name, img: entry?.img ?? doc?.img ?? null, resolved: doc !== null };
  }
  return names;
}

/* ------------------------------------------------------------------ writes */

type Plain = Record<string, unknown>;

function getPath(source: unknown, segments: readonly string[]): unknown {
  let value = source;
  for (const key of segments) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Plain)[key];
  }
  return value;
}

function setPath(target: Plain | unknown[], segments: readonly string[], value: unknown): void {
  let node = target as Plain;
  for (const key of segments.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== "object") node[key] = {};
    node = node[key] as Plain;
  }
  node[segments.at(-1) as string] = value;
}

export type LinkChange = "add" | "set" | "remove";

/**
 * The update that adds, sets or removes one UUID at a link field (`system.pair`,
 * `system.grants.0.options`); null when nothing would change. A field inside an array of rows
 * writes the whole top-level array, since Foundry cannot update one element of an array.
 */
export function linkUpdate(source: unknown, path: string, uuid: string, change: LinkChange): Record<string, unknown> | null {
  const segments = path.split(".");
  const current = getPath(source, segments);
  let next: unknown;
  if (Array.isArray(current) || (change === "add" && current === undefined)) {
    const list = Array.isArray(current) ? (current as unknown[]).filter((u): u is string => typeof u === "string") : [];
    if (change === "remove") {
      if (!list.includes(uuid)) return null;
      next = list.filter((u) => u !== uuid);
    } else {
      if (list.includes(uuid)) return null;
      next = change === "set" ? [uuid] : [...list, uuid];
    }
  } else {
    const value = change === "remove" ? (current === uuid ? "" : current) : uuid;
    if (value === current) return null;
    next = value;
  }
  const rowIndex = segments.findIndex((s) => /^\d+$/.test(s));
  if (rowIndex <= 0) return { [path]: next };
  const rootPath = segments.slice(0, rowIndex);
  const root = getPath(source, rootPath);
  if (!Array.isArray(root)) return { [path]: next };
  const rows = structuredClone(root) as unknown[];
  setPath(rows, segments.slice(rowIndex), next);
  return { [rootPath.join(".")]: rows };
}

/** Names and icons of what an item links to, by UUID or (a spell's pair) by identifier: what its sheet shows. */
export async function itemLinkNames(item: Item.Implementation): Promise<Record<string, LinkName | undefined>> {
  const byIdentifier = new Map<string, string>();
  for (const [path, { itemType }] of Object.entries(IDENTIFIER_LINKS)) {
    const value = foundry.utils.getProperty(item._source as object, path);
    if (typeof value === "string" && value) byIdentifier.set(value, itemType);
  }
  const links = await resolveLinks(linkedUuids(itemLike(item)).filter((u) => !byIdentifier.has(u)));
  const owned = (item.parent as { items?: Iterable<never> } | null)?.items ?? [];
  for (const [identifier, type] of byIdentifier) links[identifier] = await resolveIdentifier(identifier, type, owned);
  return links;
}
