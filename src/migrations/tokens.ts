/**
 * Characters made before token defaults existed (issue 20) have unlinked, hostile, blind
 * prototype tokens: damage to such a token lands on a copy, not the character. The designated
 * GM is asked once, on `ready`, whether to set them up as a table expects (linked, friendly,
 * with vision); a GM may have set one up differently on purpose, so nothing changes without a
 * yes. Either answer is recorded; `setUpCharacterTokens()` runs the change at any time.
 * Placed tokens keep what they are; new ones come from the prototype.
 */
import { confirm, isDesignatedGM, localize, notify, runtimeGlobal } from "../foundry";
import { characterTokenUpdate } from "../documents/token-defaults";
import { isOlderVersion } from "./steps";

/** World setting: the version whose character-token set-up the GM has answered ("" = never asked). */
export const TOKEN_SETUP_SETTING = "characterTokenSetup";
export const TOKEN_SETUP_VERSION = "0.3.0";
const SYSTEM_ID = "clockwork";

interface ActorLike {
  name: string;
  type: string;
  prototypeToken?: unknown;
  update(changes: object, options?: object): Promise<unknown>;
}

interface GameLike {
  user?: { isGM?: boolean } | null;
  actors?: Iterable<ActorLike>;
  settings: { get(namespace: string, key: string): unknown; set(namespace: string, key: string, value: unknown): Promise<unknown> };
}

const game = () => runtimeGlobal<GameLike>("game")!;


/** The world's characters whose prototype token is not linked, friendly and seeing, with their updates. */
export function charactersToSetUp(): { actor: ActorLike; update: Record<string, unknown> }[] {
  return [...(game().actors ?? [])].flatMap((actor) => {
    const update = characterTokenUpdate(actor);
    return update ? [{ actor, update }] : [];
  });
}

/** Sets up every such character's prototype token; resolves the names changed. */
export async function setUpCharacterTokens(): Promise<string[]> {
  if (!game().user?.isGM) return [];
  const done: string[] = [];
  for (const { actor, update } of charactersToSetUp()) {
    if (await actor.update(update)) done.push(actor.name);
  }
  if (done.length) notify("info", "CLOCKWORK.Migration.Tokens.Done", { count: done.length, names: done.join(", ") });
  return done;
}

/**
 * On `ready`, after the data migration of a world last migrated to `previousVersion`: only a
 * world older than the token defaults has such characters (a new one gets them on create), and
 * the designated GM is asked once. Resolves the names changed, or null when not asked.
 */
export async function offerCharacterTokenSetup(previousVersion: string): Promise<string[] | null> {
  const g = game();
  if (!previousVersion || !isOlderVersion(previousVersion, TOKEN_SETUP_VERSION)) return null;
  if (!g.user?.isGM || !isDesignatedGM()) return null;
  if (String(g.settings.get(SYSTEM_ID, TOKEN_SETUP_SETTING) ?? "") === TOKEN_SETUP_VERSION) return null;
  const pending = charactersToSetUp();
  if (!pending.length) {
    await g.settings.set(SYSTEM_ID, TOKEN_SETUP_SETTING, TOKEN_SETUP_VERSION);
    return null;
  }
  const names = pending.map((p) => p.actor.name).join(", ");
  const yes = await confirm("CLOCKWORK.Migration.Tokens.Title", "CLOCKWORK.Migration.Tokens.Ask", { count: pending.length, names });
  await g.settings.set(SYSTEM_ID, TOKEN_SETUP_SETTING, TOKEN_SETUP_VERSION);
  if (!yes) {
    console.info(`ClockWork | ${localize("CLOCKWORK.Migration.Tokens.Declined")}`);
    return [];
  }
  return setUpCharacterTokens();
}
