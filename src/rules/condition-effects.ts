/**
 * What conditions do to movement and rolls (digest §4.8, §4.15, §4.17, RULING 26): read by the
 * Combatant's and the conditions' synchronous API, the token ruler and the attack workflow.
 * Apart from the condition rules (./conditions.ts re-exports them): a reader of these needs none of the rest.
 */
import { EXHAUSTED_PENALTY } from "./tables";
import type { Encumbrance } from "./types";

/** Movement modes the token ruler and the action list know. */
export type MoveMode = "run" | "walk" | "step" | "crawl" | "climb";

/** Why a move is not allowed. */
export type MoveBlock =
  | "dead" | "dying" | "incapacitated" | "petrified" | "frozen" | "pacified"
  | "grappled" | "grappling" | "entangled" | "prone" | "notProne"
  | "chilled" | "encumbered" | "stepOnly" | "legDisabled" | "swimming" | "climbing";

/**
 * Which moves are allowed (§4.8, §4.15, §4.17): nothing while Frozen, Petrified, dying or
 * Pacified; Grappled, grappling and Entangled creatures stay put; Prone creatures crawl (or
 * stand first); Chilled, encumbered or leg-shot creatures cannot run; two steps over the armor
 * limit only step.
 */
export function movementBlocks(conditions: Iterable<string>, options: { encumbrance?: Encumbrance; grappling?: boolean; dead?: boolean; incapacitated?: boolean } = {}): Record<MoveMode, MoveBlock | null> {
  const has = new Set(conditions);
  const blockAll = ((): MoveBlock | null => {
    if (options.dead || has.has("dead")) return "dead";
    if (has.has("dying")) return "dying";
    if (options.incapacitated || has.has("stabilized")) return "incapacitated";
    if (has.has("petrified")) return "petrified";
    if (has.has("frozen")) return "frozen";
    if (has.has("pacified")) return "pacified";
    if (has.has("grappled")) return "grappled";
    if (options.grappling) return "grappling";
    if (has.has("entangled")) return "entangled";
    return null;
  })();
  const encumbrance = options.encumbrance ?? "none";
  const prone = has.has("prone");
  const result = {} as Record<MoveMode, MoveBlock | null>;
  for (const mode of ["run", "walk", "step", "crawl", "climb"] as const) {
    let block: MoveBlock | null = blockAll;
    if (!block && mode === "crawl" && !prone) block = "notProne";
    if (!block && prone && (mode === "run" || mode === "walk" || mode === "step")) block = "prone";
    if (!block && mode === "run") {
      if (has.has("chilled")) block = "chilled";
      else if (has.has("legDisabled")) block = "legDisabled";
      else if (encumbrance === "encumbered") block = "encumbered";
    }
    if (!block && encumbrance === "step-only" && (mode === "run" || mode === "walk")) block = "stepOnly";
    result[mode] = block;
  }
  return result;
}

/** A species' own speed for a way of moving (`flags.clockwork.movement` on the species item). */
export type MoveSpecials = Partial<Record<"swim" | "climb" | "stealth", string>>;

/**
 * The blocks for a token's movement action (core's `movementAction`): a creature swims and
 * climbs at its walk speed (L760, L762), so no run, unless its species does it at run speed
 * (Froads swim L256, Lizardfolk climb L263). Other actions change nothing.
 */
export function movementActionBlocks(blocks: Record<MoveMode, MoveBlock | null>, action: string | null | undefined, specials: MoveSpecials = {}): Record<MoveMode, MoveBlock | null> {
  if (action !== "swim" && action !== "climb") return blocks;
  if (specials[action] === "run" || blocks.run !== null) return blocks;
  return { ...blocks, run: action === "swim" ? "swimming" : "climbing" };
}

/** Roll modifiers from conditions: Exhausted −1 die on every roll (RULING 26). */
export function conditionDice(conditions: Iterable<string>): number {
  return new Set(conditions).has("exhausted") ? -EXHAUSTED_PENALTY : 0;
}

/** The attacker flags of `attack.ts` that conditions set. */
export function attackerConditionFlags(conditions: Iterable<string>): { exhausted: boolean; prone: boolean; blind: boolean; hexed: boolean } {
  const has = new Set(conditions);
  return { exhausted: has.has("exhausted"), prone: has.has("prone"), blind: has.has("blind"), hexed: has.has("hexed") };
}

/** The target flags of `attack.ts` that conditions set (Grappled: no reactions; Prone: 75 % cover; Petrified: 12). */
export function targetConditionFlags(conditions: Iterable<string>): { prone: boolean; grappled: boolean; petrified: boolean } {
  const has = new Set(conditions);
  return { prone: has.has("prone"), grappled: has.has("grappled"), petrified: has.has("petrified") };
}
