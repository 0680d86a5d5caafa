/**
 * Node loader: the system's compendium packs from packs/_source (YAML, one document a file),
 * as system.json declares them. Parsed once per process (tests/packs/load-sources.ts caches).
 */
import { documents, keyCollection, manifest } from "../packs/load-sources";
import type { PackSource } from "./packs";

let cache: PackSource[] | null = null;

export function systemPackSources(): PackSource[] {
  cache ??= manifest.packs.map((pack) => ({
    name: pack.name,
    label: pack.label,
    type: pack.type,
    system: manifest.id,
    ownership: (pack as unknown as { ownership?: Record<string, string> }).ownership,
    documents: documents(pack.name).filter((doc) => keyCollection(doc) !== "folders"),
  }));
  return cache;
}
