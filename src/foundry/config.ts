/** Typed access to `CONFIG` for the parts feature code writes or reads by name. */
import { runtimeGlobal } from "./game";

/** `CONFIG`, with the system's and core's optional parts readable by name. */
export function getConfig(): typeof CONFIG & Record<string, unknown> {
  return CONFIG as typeof CONFIG & Record<string, unknown>;
}

/** The configured document class of `name` ("Actor", "ChatMessage"…), typed as the feature uses it. */
export function documentClass<T>(name: string): T | undefined {
  return (getConfig()[name] as { documentClass?: T } | undefined)?.documentClass;
}

/** Core's `<Name>.implementation`: the configured document class, else the base class (undefined outside Foundry). */
export function documentImplementation<T>(name: string): T | undefined {
  return documentClass<T>(name) ?? runtimeGlobal<T>(name);
}

/** A part of `CONFIG` core or a module may not define (`Token`, `queries`…), typed as the feature uses it. */
export function configEntry<T>(name: string): T | undefined {
  return getConfig()[name] as T | undefined;
}

/** A class or namespace under `foundry.*` by its dotted path ("canvas.placeables.tokens.TokenRuler"); undefined where it does not exist. */
export function foundryMember<T>(path: string): T | undefined {
  let node: unknown = (globalThis as { foundry?: unknown }).foundry;
  for (const part of path.split(".")) {
    if (node === null || node === undefined) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node as T | undefined;
}
