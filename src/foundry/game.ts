/**
 * Typed access to the `game` singleton. foundry-vtt-types types `game` as possibly not
 * initialised; feature code runs after `init`, so `getGame()` narrows it once here and the
 * rest of `src/` stops casting. The generic accessors (`activeCombat<T>()`…) let a feature
 * read a document through the small structural type it declares, instead of casting.
 */

/** The game as feature code sees it: initialised (from `init` on). */
export function getGame(): ReadyGame {
  return game as ReadyGame;
}

/** The game, or undefined outside Foundry / before it exists (i18n, UUID lookup at import time). */
export function maybeGame(): Partial<ReadyGame> | undefined {
  return (globalThis as { game?: Partial<ReadyGame> }).game;
}

/** The system's API object on `game.clockwork` (created on first use). */
export function systemApi(): Record<string, unknown> {
  const holder = getGame() as { clockwork?: Record<string, unknown> };
  return (holder.clockwork ??= {});
}

/** The user running this client. */
export function currentUser<T = User.Implementation>(): T | null {
  return (maybeGame()?.user ?? null) as T | null;
}

/** The id of the user running this client, or null outside Foundry. */
export function currentUserId(): string | null {
  return maybeGame()?.user?.id ?? null;
}

/** A user by id. */
export function userById<T = User.Implementation>(id: string): T | undefined {
  return (getGame().users?.get(id) ?? undefined) as T | undefined;
}

/** Every user of the world. */
export function allUsers<T = User.Implementation>(): T[] {
  return [...(getGame().users ?? [])] as T[];
}

/** The designated GM: core's `game.users.activeGM` (a connected full GM first, then the lowest id). */
export function activeGM<T = User.Implementation>(): T | null {
  return (getGame().users?.activeGM ?? null) as T | null;
}

/**
 * Whether this client is the designated GM, who alone runs once-per-world work (turn events,
 * the health track, migrations, the mana pool). The same test core uses for turn events.
 */
export function isDesignatedGM(): boolean {
  return maybeGame()?.users?.activeGM?.isSelf === true;
}

/** The active combat (else the viewed one), or null. */
export function activeCombat<T = Combat.Implementation>(): T | null {
  const g = getGame();
  return (g.combats?.active ?? g.combat ?? null) as T | null;
}

/** The combat this client views (`game.combat`), or null. */
export function viewedCombat<T = Combat.Implementation>(): T | null {
  return (getGame().combat ?? null) as T | null;
}

/** The tokens this user targets. */
export function targetedTokens<T = Token.Implementation>(): T[] {
  return [...(maybeGame()?.user?.targets ?? [])] as T[];
}

/** One of the world collections (`game.actors`, `game.messages`, `game.packs`…), typed as the feature reads it. */
export function worldCollection<T>(name: "actors" | "items" | "messages" | "scenes" | "packs" | "combats" | "users" | "macros"): T | undefined {
  return (maybeGame()?.[name] ?? undefined) as T | undefined;
}

/** The world time in seconds (0 before it exists). */
export function worldTime(): number {
  const time = maybeGame()?.time?.worldTime;
  return typeof time === "number" && Number.isFinite(time) ? time : 0;
}

/** The Foundry major version (13 when unknown). */
export function releaseGeneration(): number {
  return maybeGame()?.release?.generation ?? 13;
}

/** Whether a keyboard modifier ("Shift", "Control", "Alt") is held. */
export function isModifierActive(key: string): boolean {
  return (maybeGame()?.keyboard?.isModifierActive(key as never)) === true;
}

/** Resolve a document UUID (world or compendium); null when it does not exist. */
export async function resolveUuid<T = unknown>(uuid: string): Promise<T | null> {
  const lookup = (globalThis as { fromUuid?: (uuid: string) => Promise<unknown> }).fromUuid;
  if (!lookup) return null;
  return ((await lookup(uuid)) ?? null) as T | null;
}

/** The canvas, when one is drawn. */
export function maybeCanvas<T = Canvas>(): T | undefined {
  return (globalThis as { canvas?: unknown }).canvas as T | undefined;
}

/**
 * Resolve a UUID synchronously from loaded documents (a compendium index entry when not loaded);
 * null when unknown. Safe on anything a request or a card carries: a non-string, an empty or
 * overlong one, or a UUID core cannot parse (it throws) answer null.
 */
export function resolveUuidSync<T = unknown>(uuid: unknown): T | null {
  if (typeof uuid !== "string" || !uuid || uuid.length >= 200) return null;
  const lookup = (globalThis as { fromUuidSync?: (uuid: string) => unknown }).fromUuidSync;
  try {
    return (lookup?.(uuid) ?? null) as T | null;
  } catch {
    return null;
  }
}

/** A runtime global Foundry provides (`PIXI`, `Handlebars`…), typed as the feature reads it; undefined outside Foundry. */
export function runtimeGlobal<T>(name: string): T | undefined {
  return (globalThis as Record<string, unknown>)[name] as T | undefined;
}
