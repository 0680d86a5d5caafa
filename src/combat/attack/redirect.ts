/**
 * A Reactive / Reflective shield turning a damage roll aside (RULING 35, docs/rulings.md 129).
 * The card offers Redirect on a row whose target wears such a shield, to its owner and the GM,
 * until the row is applied. The wearer picks an adjacent creature (the user's one targeted token
 * when it is adjacent, else a small dialog); the same roll is counted against that creature's
 * resistance and becomes its own row, applied by Apply like any other; the wearer's row keeps
 * the hit but takes no damage and no condition from that roll. The click asks the relay kind
 * "attack.redirect" (./apply): the GM checks the wearer's owner, the adjacency and the roll in
 * its own world and recomputes the new row's damage.
 */
import { choose, localize, notify, renderTemplate, targetedTokens } from "../../foundry";
import { relay, type RelayResult } from "../../relay";
import { isApplied } from "./card";
import { attackData, type AttackMessage } from "./chat";
import { gridSizeOf, spacesBetween, tokenBox } from "./geometry";
import { tokenDocOf, type TargetLike, type TokenDoc } from "./workflow";
import { ATTACK_KINDS, REDIRECT_PROMPT_TEMPLATE } from "./constants";

/** Picks one of the adjacent tokens (null: cancelled). Tests and modules may replace it. */
export type RedirectChooser = (candidates: TokenDoc[], wearer: string) => Promise<TokenDoc | null>;

async function dialogChooser(candidates: TokenDoc[], wearer: string): Promise<TokenDoc | null> {
  const answer = await choose({
    title: localize("CLOCKWORK.Combat.Attack.Redirect.Title"),
    content: await renderTemplate(REDIRECT_PROMPT_TEMPLATE, { wearer }),
    buttons: candidates.map((token, i) => ({ action: String(i), label: token.name, default: i === 0 })),
  });
  return chosenCandidate(answer, candidates);
}

/** The candidate a dialog answer names by index; null when the dialog was closed (null would read as 0). */
export function chosenCandidate<T>(answer: unknown, candidates: T[]): T | null {
  if (typeof answer !== "string" || answer === "") return null;
  const index = Number(answer);
  return Number.isInteger(index) ? candidates[index] ?? null : null;
}

let chooser: RedirectChooser = dialogChooser;

/** Replaces how the creature is picked (null restores the dialog). */
export function setRedirectChooser(next: RedirectChooser | null): void {
  chooser = next ?? dialogChooser;
}

interface SceneTokens {
  tokens?: Iterable<TokenDoc>;
}

/** Tokens with an actor next to the wearer's token (one space away, diagonals included). */
export function adjacentTokens(wearer: TokenDoc): TokenDoc[] {
  const scene = wearer.parent as (SceneTokens & TokenDoc["parent"]) | null | undefined;
  const grid = gridSizeOf(wearer);
  const box = tokenBox(wearer, grid);
  return [...(scene?.tokens ?? [])].filter((t) => t.id !== wearer.id && t.actor && spacesBetween(box, tokenBox(t, grid)) === 1);
}

function userTarget(): TokenDoc | null {
  const targets = targetedTokens<TargetLike>();
  return targets.length === 1 ? tokenDocOf(targets[0]) : null;
}

/**
 * Turns one row's damage roll onto an adjacent creature: `choice` names it (a token, actor or
 * UUID); else the user's one adjacent target, else the chooser. Refusals change nothing.
 */
export async function redirectAttackDamage(message: AttackMessage, key: string, choice?: TargetLike): Promise<RelayResult | null> {
  const data = attackData(message);
  const row = data?.targets.find((t) => t.key === key);
  if (!data || !row) return null;
  if (!row.redirectable || row.redirectedTo || isApplied(data, row.key)) {
    notify("warn", "CLOCKWORK.Combat.Attack.Redirect.NotOffered");
    return null;
  }
  const wearer = tokenDocOf(row.tokenUuid ?? row.actorUuid);
  const wearerActor = wearer?.actor ?? null;
  if (!game.user?.isGM && wearerActor?.isOwner !== true) {
    notify("warn", "CLOCKWORK.Combat.Attack.Redirect.NotAllowed", { name: row.name });
    return null;
  }
  if (!wearer) {
    notify("warn", "CLOCKWORK.Combat.Attack.Redirect.NoToken", { name: row.name });
    return null;
  }
  const candidates = adjacentTokens(wearer);
  let chosen: TokenDoc | null = choice !== undefined ? tokenDocOf(choice) : null;
  if (choice === undefined) {
    const aimed = userTarget();
    if (aimed && candidates.some((c) => c.uuid === aimed.uuid)) chosen = aimed;
    else {
      if (!candidates.length) {
        notify("warn", "CLOCKWORK.Combat.Attack.Redirect.NoAdjacent", { name: row.name });
        return null;
      }
      chosen = await chooser(candidates, row.name);
      if (!chosen) return null;
    }
  }
  if (!chosen || !candidates.some((c) => c.uuid === chosen!.uuid)) {
    notify("warn", "CLOCKWORK.Combat.Attack.Redirect.NotAdjacent", { name: chosen?.name ?? String(choice ?? "") });
    return null;
  }
  return relay(ATTACK_KINDS.redirect, { key, to: chosen.uuid }, { cause: message.uuid });
}
