/**
 * The enrichers' HTML and clicks. `[[/check …]]`, `[[/flat …]]` and `[[/damage …]]` become a
 * link the reader clicks to roll for their own character; `@Condition[…]` and `@Rule[…]` become
 * core content links to the rules compendium's pages (core opens them on click).
 */
import { localize, maybeCanvas, notify } from "../foundry";
import { labelOf } from "../data/labels";
import { statusLabel, statusReference } from "../combat/conditions";
import type { RollActor } from "../dice/actor-source";
import type { DifficultyChoice } from "../dice/types";
import type { DamageType, SkillKey } from "../rules";
import { rollEnricherDamage } from "./damage";
import { conditionKey, parseRollRequest, ruleUuid, type RollRequest } from "./syntax";

const KEY = "CLOCKWORK.Enricher";

function link(request: RollRequest, label: string, source?: string): HTMLElement {
  const a = document.createElement("a");
  a.className = `cw-enricher cw-enricher--${request.kind}`;
  a.dataset.cwEnricher = request.kind;
  if (request.kind === "check") {
    a.dataset.skill = request.skill;
    a.dataset.difficulty = request.difficulty;
    if (request.gains !== null) a.dataset.gains = String(request.gains);
  } else if (request.kind === "flat") {
    a.dataset.target = String(request.target);
  } else {
    a.dataset.dice = String(request.dice);
    a.dataset.damageType = request.damageType;
    // The document the link is written in: the GM re-reads it before applying a player's card.
    if (source) a.dataset.source = source;
  }
  const icon = document.createElement("i");
  icon.className = request.kind === "damage" ? "fa-solid fa-burst" : "fa-solid fa-dice-d12";
  icon.setAttribute("aria-hidden", "true");
  a.append(icon, ` ${label}`);
  return a;
}

/** The default label of a roll link. */
export function rollLabel(request: RollRequest): string {
  switch (request.kind) {
    case "check": {
      const skill = localize(`CLOCKWORK.Skill.${request.skill}`);
      if (request.difficulty === "none") return skill;
      const difficulty = request.difficulty === "custom" ? localize(`${KEY}.Gains`, { gains: request.gains ?? 0 }) : localize(`CLOCKWORK.Roll.Difficulty.${request.difficulty}`);
      return localize(`${KEY}.CheckLabel`, { skill, difficulty });
    }
    case "flat":
      return localize(`${KEY}.FlatLabel`, { target: request.target });
    case "damage":
      return localize(`${KEY}.DamageLabel`, { dice: request.dice, type: labelOf("damageTypes", request.damageType) });
  }
}

/** `[[/check|flat|damage …]]{label}` → a roll link, or null for a malformed one (left as written). */
export function enrichRoll(match: RegExpMatchArray, source?: string): HTMLElement | null {
  const request = parseRollRequest(match[1], match[2]);
  return request ? link(request, match[3]?.trim() || rollLabel(request), source) : null;
}

/** `@Condition[prone]{label}`, `@Rule[dice]{label}` → a content link, or null. */
export function enrichLink(match: RegExpMatchArray): HTMLElement | null {
  const isCondition = match[1] === "Condition";
  const key = isCondition ? conditionKey(match[2]) : match[2].trim().toLowerCase();
  const uuid = key === null ? null : isCondition ? statusReference(key) : ruleUuid(key);
  if (!key || !uuid) return null;
  const a = document.createElement("a");
  a.className = "content-link cw-enricher-link";
  a.draggable = true;
  a.dataset.link = "";
  a.dataset.uuid = uuid;
  a.dataset.type = "JournalEntryPage";
  const icon = document.createElement("i");
  icon.className = "fa-solid fa-book-open";
  icon.setAttribute("aria-hidden", "true");
  const label = match[3]?.trim() || (isCondition ? statusLabel(key) : localize(`${KEY}.Rule.${key}`));
  a.append(icon, ` ${label}`);
  return a;
}

interface ClickingActor extends RollActor {
  isOwner?: boolean;
  rollSkill(skill: string, options?: object): Promise<unknown>;
  rollFlat(target: number, options?: object): Promise<unknown>;
}

/** The clicking user's character: their assigned one, else a token they control and own. */
export function clickingCharacter(): ClickingActor | null {
  const own = game.user?.character as unknown as ClickingActor | null | undefined;
  if (own) return own;
  const controlled = maybeCanvas<{ tokens?: { controlled?: { actor?: ClickingActor | null }[] } }>()?.tokens?.controlled ?? [];
  return controlled.map((t) => t.actor).find((a): a is ClickingActor => !!a && a.isOwner === true) ?? null;
}

/** A roll link's click: the roll, for the clicking user's character. */
export async function onEnricherClick(element: HTMLElement, event: { shiftKey?: boolean } | null = null): Promise<unknown> {
  const data = element.dataset;
  const actor = clickingCharacter();
  if (data.cwEnricher === "damage") {
    return rollEnricherDamage(actor, Number(data.dice), data.damageType as DamageType, element.textContent?.trim() ?? "", data.source);
  }
  if (!actor) {
    notify("warn", `${KEY}.NoCharacter`);
    return null;
  }
  if (data.cwEnricher === "check") {
    const difficulty: DifficultyChoice | number = data.difficulty === "custom" ? Number(data.gains) : (data.difficulty as DifficultyChoice);
    return actor.rollSkill(data.skill as SkillKey, { difficulty, event });
  }
  if (data.cwEnricher === "flat") return actor.rollFlat(Number(data.target));
  return null;
}
