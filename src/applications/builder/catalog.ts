/**
 * Reads the compendium indexes the builder and the browser show: every Item pack of the world
 * (the system's and any a fork or module adds), asked once for the system fields in
 * `INDEX_FIELDS`. Indexes, never whole documents, so opening stays fast; Foundry caches them.
 */
import { browserEntry, INDEX_FIELDS, type BrowserEntry } from "./browser-core";
import type { BuilderCatalog } from "./builder-context";
import { worldCollection } from "../../foundry";

interface PackLike {
  collection: string;
  documentName: string;
  metadata: { label: string; id?: string };
  title?: string;
  getIndex(options: { fields: string[] }): Promise<Iterable<Record<string, unknown>>>;
}

function itemPacks(): PackLike[] {
  const packs = worldCollection<Iterable<PackLike>>("packs");
  return packs ? [...packs].filter((p) => p.documentName === "Item") : [];
}

/** Every Item entry of every Item pack, as browser rows. */
export async function loadBrowserEntries(): Promise<BrowserEntry[]> {
  const lists = await Promise.all(itemPacks().map(async (pack) => {
    const index = await pack.getIndex({ fields: [...INDEX_FIELDS] });
    const meta = { id: pack.collection, label: pack.title ?? pack.metadata.label };
    return [...index].map((entry) => browserEntry(entry as never, meta));
  }));
  return lists.flat();
}

interface WorldItemLike {
  id: string | null;
  uuid: string;
  name: string;
  type: string;
  img?: string | null;
  visible?: boolean;
  toObject(): { system?: unknown };
}

/**
 * The species in the world's Items directory that this user can see: where a player's or the
 * GM's custom species lives (issue 31 item 3). Read at each render, so an approval given while
 * the builder is open shows at once.
 */
export function worldSpeciesEntries(): BrowserEntry[] {
  const items = worldCollection<Iterable<WorldItemLike>>("items");
  if (!items) return [];
  return [...items]
    .filter((item) => item.type === "species" && item.visible !== false)
    .map((item) => browserEntry({ uuid: item.uuid, _id: item.id ?? "", name: item.name, type: item.type, img: item.img ?? undefined, system: item.toObject().system }, WORLD_ENTRIES));
}

/** The "pack" of world items in the catalog. */
export const WORLD_ENTRIES = { id: "world", label: "" } as const;

/** Item types the builder's equipment step sells. */
export const GEAR_TYPES_FOR_SALE: readonly string[] = ["weapon", "armor", "shield", "equipment", "artifact"];

/** The builder's catalog: the browser rows split by what each step offers. */
export function catalogFrom(entries: readonly BrowserEntry[]): BuilderCatalog {
  return {
    species: entries.filter((e) => e.type === "species"),
    foci: entries.filter((e) => e.type === "focus"),
    features: entries.filter((e) => e.type === "feature"),
    spells: entries.filter((e) => e.type === "spell"),
    gear: entries.filter((e) => GEAR_TYPES_FOR_SALE.includes(e.type)),
  };
}
