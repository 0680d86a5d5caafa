/**
 * Hidden numbers stay on the GM's side (issue 18 item 6). An attack card's flags hold only what
 * every viewer may know, and no message holds a target's defense, resistance, armor pierced or
 * what the damage does to its track. A client that may observe a target (a GM, a user with at
 * least Observer on its actor; everyone when the hidden-info setting is "everything") works them
 * out itself when it renders the card, with the same recompute the GM's Apply uses
 * (./recompute): the card's own rolls and this client's world. Once a row is applied, the wounds
 * and vitals come from the actor's ledger entry for it (what the relay wrote), not a preview.
 */
import { resolveUuidSync } from "../../foundry";
import { healthTrackOf, type LedgerEntry } from "../../relay";
import { ledgerSlot, type CardTarget, type TargetDetail } from "./card";
import { attackData, viewerFor, type HiddenDetails } from "./chat";
import { recomputeCard, type RecomputedRow } from "./recompute";
import { hiddenInfoLevel } from "./settings";
import type { WorkflowActor } from "./workflow";

type Details = Map<string, { row?: TargetDetail; spikes?: TargetDetail }>;

interface Stamped {
  flags?: Record<string, unknown>;
  system?: unknown;
  _stats?: { modifiedTime?: number | null };
}

// Bumped by the hooks of anything a recompute reads (./index): a render after it works again.
let generation = 0;
const cache = new Map<string, { key: string; details: Details }>();
const CACHE_LIMIT = 200;

/** Forget every worked-out card (a creature, its items or effects changed). */
export function forgetHiddenDetails(): void {
  generation += 1;
  cache.clear();
}

/** What the relay recorded on an actor for a row (`flags.clockwork.ledger.<messageId>.<slot>`). */
function ledgerEntry(actor: unknown, messageId: string, key: string): LedgerEntry | null {
  const ledger = (actor as Stamped | null)?.flags?.clockwork as { ledger?: Record<string, Record<string, LedgerEntry>> } | undefined;
  const entry = ledger?.ledger?.[messageId]?.[ledgerSlot(key)];
  return entry && typeof entry === "object" ? entry : null;
}

/** The health part of a detail: the ledger's record once applied, else the recompute's preview. */
function healthOf(actor: WorkflowActor, messageId: string, key: string, preview: TargetDetail["health"]): TargetDetail["health"] {
  const entry = ledgerEntry(actor, messageId, key);
  if (!entry) return preview;
  const delta = entry.track;
  const now = healthTrackOf(actor.system);
  return {
    absorbed: Math.max(0, -(delta?.barrier ?? 0)),
    woundsAdded: delta?.wounds ?? 0,
    vitalsLost: delta?.vitalsLost ?? 0,
    dying: delta?.dying?.to ?? now?.dying ?? false,
    dead: delta?.dead?.to ?? now?.dead ?? false,
  };
}

function stampOf(uuid: string | null): string {
  if (!uuid) return "";
  try {
    return String(resolveUuidSync<Stamped>(uuid)?._stats?.modifiedTime ?? "");
  } catch {
    return "";
  }
}

/** The numbers this client may see of a card's rows, worked out here (none when it may observe nobody). */
export const hiddenDetails: HiddenDetails = (message) => {
  const details: Details = new Map();
  const data = attackData(message);
  if (!data || !message.id) return details;
  const viewer = viewerFor({ isAuthor: false });
  const observes = (actorUuid: string | null) => actorUuid !== null && (viewer.isGM || viewer.canObserve({ actorUuid } as CardTarget));
  const anyone = observes(data.actorUuid) || data.targets.some((t) => observes(t.actorUuid));
  if (!anyone) return details;

  // Keyed before working out: this user, the card, its creatures' update times, what changed since.
  const key = [generation, game.user?.id ?? "", viewer.isGM, hiddenInfoLevel(), JSON.stringify(data), (message.rolls ?? []).length,
    stampOf(data.actorUuid), ...data.targets.map((t) => stampOf(t.actorUuid))].join("|");
  const cached = cache.get(message.id);
  if (cached?.key === key) return cached.details;
  const recomputed = recomputeCard({ id: message.id, flags: message.flags, rolls: message.rolls });
  if (!recomputed.ok) return details;
  const attackerSeen = observes(recomputed.attacker.uuid);
  for (const row of recomputed.rows as RecomputedRow[]) {
    const entry: { row?: TargetDetail; spikes?: TargetDetail } = {};
    if (observes(row.actorUuid)) entry.row = { ...row.detail, health: healthOf(row.actor, message.id, row.key, row.detail.health) };
    if (row.retaliation && attackerSeen) {
      entry.spikes = { ...row.retaliation.detail, health: healthOf(recomputed.attacker, message.id, row.key, row.retaliation.detail.health) };
    }
    if (entry.row || entry.spikes) details.set(row.key, entry);
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(message.id, { key, details });
  return details;
};

/** What a recompute reads: a change to any of it works the cards out again. */
export const HIDDEN_DETAIL_HOOKS = [
  "updateActor", "updateToken", "createItem", "updateItem", "deleteItem",
  "createActiveEffect", "updateActiveEffect", "deleteActiveEffect", "updateCombat", "updateCombatant", "updateSetting",
] as const;
