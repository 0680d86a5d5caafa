/**
 * Records only the GM's side writes (issue 34 item 1). The planner's ledger
 * (`flags.clockwork.ledger` on an actor: which card was applied to it, and which the GM undid)
 * decides "applied already" and "undone by the GM", so a player who owns the actor must not be
 * able to write it: every write path a client has to an actor's flags refuses it for a non-GM
 * user, with a localized reason, before the write is sent. The paths: the actor's own update
 * and create (ClockworkActor `_preUpdate` / `_preCreate` call `refusesGmRecords` /
 * `stripGmRecords`), a synthetic actor's update (core writes it as its token's `delta`: the
 * `preUpdateToken` hook, and `preUpdateActorDelta` where core routes it through the ActorDelta)
 * and a token created with a delta. Whole-flag deletions and replacements count (`-=clockwork`,
 * v14 `==clockwork`, `-=ledger`, `_del`).
 */
import { hooks, notify, userById } from "../foundry";

/**
 * The keys of `flags.clockwork` only a GM's client writes: the ledger, the Force Field an
 * attack card spent on a creature (`spentForceField.<messageId>`, which the attack's recompute
 * counts in the creature's defense), and a companion's origin (`companion`: its controller and
 * the card that made it, which keeps a card from making a second one; the GM makes companions).
 */
export const GM_RECORDS: readonly string[] = ["ledger", "spentForceField", "companion"];

/** Whether an op only writes GM records (an `update` whose every path is one): the GM's, even on an asker's own creature. */
export function writesOnlyGmRecords(op: { op: string; changes?: Record<string, unknown> }): boolean {
  if (op.op !== "update" || !op.changes) return false;
  const keys = Object.keys(op.changes);
  return keys.length > 0 && keys.every((key) => GM_RECORDS.some((record) => key.startsWith(`flags.clockwork.${record}.`)));
}

type Changes = Record<string, unknown>;

const isObject = (value: unknown): value is Changes => value !== null && typeof value === "object" && !Array.isArray(value);

/** A key without its update operator (`-=key` deletes, v14 `==key` replaces). */
const bare = (key: string): string => key.replace(/^(-=|==)/, "");

/** Changes as nested objects (dotted keys expanded), without touching the caller's object. */
function expanded(changes: Changes): Changes {
  const out: Changes = {};
  for (const [key, value] of Object.entries(changes)) {
    const parts = key.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) node = (isObject(node[part]) ? node[part] : (node[part] = {})) as Changes;
    const last = parts.at(-1)!;
    node[last] = isObject(value) && isObject(node[last]) ? { ...(node[last] as Changes), ...value } : value;
  }
  for (const [key, value] of Object.entries(out)) if (isObject(value)) out[key] = expanded(value);
  return out;
}

/**
 * Whether actor changes (as `update` takes them, dotted or nested) touch a GM record: write,
 * delete or replace `flags.clockwork.<record>`, or delete or replace `flags.clockwork` or
 * `flags` as a whole while the actor holds one (`holds`).
 */
export function touchesGmRecords(changes: unknown, holds: boolean): boolean {
  if (!isObject(changes)) return false;
  const tree = expanded(changes);
  for (const [flagsKey, flags] of Object.entries(tree)) {
    if (bare(flagsKey) !== "flags") continue;
    if (flagsKey !== "flags") return holds || (isObject(flags) && isObject(flags.clockwork) && GM_RECORDS.some((r) => Object.keys(flags.clockwork as Changes).some((k) => bare(k) === r)));
    if (!isObject(flags)) return holds;
    for (const [scopeKey, scope] of Object.entries(flags)) {
      if (bare(scopeKey) !== "clockwork") continue;
      if (scopeKey !== "clockwork" || !isObject(scope)) {
        if (holds || (isObject(scope) && Object.keys(scope).some((k) => GM_RECORDS.includes(bare(k))))) return true;
        continue;
      }
      if (Object.keys(scope).some((k) => GM_RECORDS.includes(bare(k)))) return true;
    }
  }
  return false;
}

/** Whether an actor's source holds any GM record. */
export function holdsGmRecords(source: unknown): boolean {
  const scope = (source as { flags?: { clockwork?: Changes } } | null)?.flags?.clockwork;
  return isObject(scope) && GM_RECORDS.some((r) => scope[r] !== undefined && scope[r] !== null);
}

interface UserLike {
  isGM?: boolean;
}

/**
 * For an actor's `_preUpdate`: true (refuse, the user was told why) when a non-GM user's
 * changes touch a GM record. A GM's client writes them (the relay's planner).
 */
export function refusesGmRecords(actor: { name?: string | null; _source?: unknown }, changes: unknown, user: UserLike | null | undefined): boolean {
  if (user?.isGM === true || !touchesGmRecords(changes, holdsGmRecords(actor._source))) return false;
  notify("error", "CLOCKWORK.Relay.LedgerGMOnly", { name: actor.name ?? "" });
  return true;
}

/**
 * For an actor's `_preCreate`: a player's new actor (a duplicate of their own, an import) starts
 * with no GM records; the copy's source is cleaned rather than the creation refused.
 */
export function stripGmRecords(actor: { _source?: unknown; updateSource(changes: object): unknown }, user: UserLike | null | undefined): void {
  if (user?.isGM === true || !holdsGmRecords(actor._source)) return;
  actor.updateSource({ flags: { clockwork: Object.fromEntries(GM_RECORDS.map((r) => [`-=${r}`, null])) } });
}

interface TokenLike {
  name?: string | null;
  actor?: { name?: string | null; _source?: unknown } | null;
  delta?: { _source?: unknown } | null;
}

/**
 * The token paths (at init): a synthetic actor's update arrives as its token's `delta` (or as
 * an ActorDelta update), a token may be created with a delta. Refused for a non-GM user whose
 * change touches a GM record; hooks answer false synchronously, before anything is sent.
 */
export function registerGmRecordGuards(): void {
  const registry = hooks();
  const userOf = (userId: unknown) => (typeof userId === "string" ? userById<UserLike>(userId) : undefined);
  const refuse = (name: string | null | undefined): false => {
    notify("error", "CLOCKWORK.Relay.LedgerGMOnly", { name: name ?? "" });
    return false;
  };
  registry.on("preUpdateToken", (token: TokenLike, changes: Changes, _options: unknown, userId: string) => {
    if (userOf(userId)?.isGM === true || !isObject(changes)) return true;
    const tree = expanded(changes);
    const delta = Object.entries(tree).find(([key]) => bare(key) === "delta");
    if (!delta) return true;
    const holds = holdsGmRecords(token.delta?._source) || holdsGmRecords(token.actor?._source);
    if (delta[0] !== "delta") return holds ? refuse(token.actor?.name ?? token.name) : true;
    return touchesGmRecords(delta[1], holds) ? refuse(token.actor?.name ?? token.name) : true;
  });
  registry.on("preUpdateActorDelta", (delta: { _source?: unknown; parent?: TokenLike | null }, changes: Changes, _options: unknown, userId: string) => {
    if (userOf(userId)?.isGM === true) return true;
    return touchesGmRecords(changes, holdsGmRecords(delta._source)) ? refuse(delta.parent?.actor?.name ?? delta.parent?.name) : true;
  });
  registry.on("preCreateToken", (token: TokenLike & { _source?: { delta?: unknown } }, _data: unknown, _options: unknown, userId: string) => {
    if (userOf(userId)?.isGM === true) return true;
    return holdsGmRecords(token._source?.delta) ? refuse(token.name) : true;
  });
}
