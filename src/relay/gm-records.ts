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
 * counts in the creature's defense), a companion's origin (`companion`: its controller and
 * the card that made it, which keeps a card from making a second one; the GM makes companions),
 * the reactions a creature declared (`reactedTo.<reactionId>` against attacks,
 * `spellReactions.<castId>` against casts: the GM pays the counter and records it in one go,
 * so a record is never unpaid), the stabilize rolls used on it (`stabilizeRolls`), the death
 * roll the GM asked of its owner (`deathRollOwed`) and the wounds the death roll of becoming
 * dying added (`dyingRollWounds`, which a vital given back takes back), and that a creature's
 * last action was a missed attack (`lastAttackMissed`, which opens Flourish).
 */
export const GM_RECORDS: readonly string[] = ["ledger", "spentForceField", "companion", "reactedTo", "spellReactions", "stabilizeRolls", "deathRollOwed", "dyingRollWounds", "lastAttackMissed"];

/** The refusal a player's write of a record gets (the ledger's for the card records). */
const RECORD_REASONS: Record<string, string> = {
  reactedTo: "CLOCKWORK.Relay.ReactionGMOnly",
  spellReactions: "CLOCKWORK.Relay.ReactionGMOnly",
  stabilizeRolls: "CLOCKWORK.Relay.DyingGMOnly",
  deathRollOwed: "CLOCKWORK.Relay.DyingGMOnly",
  dyingRollWounds: "CLOCKWORK.Relay.DyingGMOnly",
  lastAttackMissed: "CLOCKWORK.Relay.CombatRecordGMOnly",
};

/** The lang key refusing a write of `record` (null: a whole scope, named by the ledger's). */
export function gmRecordReason(record: string | null): string {
  return (record && RECORD_REASONS[record]) ?? "CLOCKWORK.Relay.LedgerGMOnly";
}

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
 * Which GM record actor changes (as `update` takes them, dotted or nested) touch: the record a
 * change writes, deletes or replaces under `flags.clockwork`, or `"*"` when it deletes or replaces
 * `flags.clockwork` or `flags` as a whole while the actor holds one (`holds`). Null: none.
 */
export function touchedGmRecord(changes: unknown, holds: boolean): string | null {
  if (!isObject(changes)) return null;
  const tree = expanded(changes);
  const named = (scope: unknown): string | null => (isObject(scope) ? Object.keys(scope).map(bare).find((k) => GM_RECORDS.includes(k)) ?? null : null);
  for (const [flagsKey, flags] of Object.entries(tree)) {
    if (bare(flagsKey) !== "flags") continue;
    if (flagsKey !== "flags") {
      const inner = isObject(flags) ? named(flags.clockwork) : null;
      if (inner || holds) return inner ?? "*";
      continue;
    }
    if (!isObject(flags)) {
      if (holds) return "*";
      continue;
    }
    for (const [scopeKey, scope] of Object.entries(flags)) {
      if (bare(scopeKey) !== "clockwork") continue;
      const record = named(scope);
      if (record) return record;
      if ((scopeKey !== "clockwork" || !isObject(scope)) && holds) return "*";
    }
  }
  return null;
}

/** Whether actor changes touch a GM record (see `touchedGmRecord`). */
export function touchesGmRecords(changes: unknown, holds: boolean): boolean {
  return touchedGmRecord(changes, holds) !== null;
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
  if (user?.isGM === true) return false;
  const record = touchedGmRecord(changes, holdsGmRecords(actor._source));
  if (record === null) return false;
  notify("error", gmRecordReason(record === "*" ? null : record), { name: actor.name ?? "" });
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
  const refuse = (name: string | null | undefined, record: string | null = null): false => {
    notify("error", gmRecordReason(record === "*" ? null : record), { name: name ?? "" });
    return false;
  };
  registry.on("preUpdateToken", (token: TokenLike, changes: Changes, _options: unknown, userId: string) => {
    if (userOf(userId)?.isGM === true || !isObject(changes)) return true;
    const tree = expanded(changes);
    const delta = Object.entries(tree).find(([key]) => bare(key) === "delta");
    if (!delta) return true;
    const holds = holdsGmRecords(token.delta?._source) || holdsGmRecords(token.actor?._source);
    if (delta[0] !== "delta") return holds ? refuse(token.actor?.name ?? token.name) : true;
    const record = touchedGmRecord(delta[1], holds);
    return record !== null ? refuse(token.actor?.name ?? token.name, record) : true;
  });
  registry.on("preUpdateActorDelta", (delta: { _source?: unknown; parent?: TokenLike | null }, changes: Changes, _options: unknown, userId: string) => {
    if (userOf(userId)?.isGM === true) return true;
    const record = touchedGmRecord(changes, holdsGmRecords(delta._source));
    return record !== null ? refuse(delta.parent?.actor?.name ?? delta.parent?.name, record) : true;
  });
  registry.on("preCreateToken", (token: TokenLike & { _source?: { delta?: unknown } }, _data: unknown, _options: unknown, userId: string) => {
    if (userOf(userId)?.isGM === true) return true;
    return holdsGmRecords(token._source?.delta) ? refuse(token.name) : true;
  });
}
