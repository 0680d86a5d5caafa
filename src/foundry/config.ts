/** Typed access to `CONFIG` for the parts feature code writes or reads by name. */

/** `CONFIG`, with the system's and core's optional parts readable by name. */
export function getConfig(): typeof CONFIG & Record<string, unknown> {
  return CONFIG as typeof CONFIG & Record<string, unknown>;
}

/** The configured document class of `name` ("Actor", "ChatMessage"…), typed as the feature uses it. */
export function documentClass<T>(name: string): T | undefined {
  return (getConfig()[name] as { documentClass?: T } | undefined)?.documentClass;
}
