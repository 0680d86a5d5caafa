/**
 * What the HUD shows for one actor and what a click does, from the ClockWork system's public API
 * only (`game.clockwork`, the actor's own roll and cast methods, `CONFIG`): nothing here is imported
 * from the system's bundle. The combat actions are the API's `combat.actions(actor)` (the list the
 * sheet draws, with costs and the reason an action cannot be taken); a click goes through
 * `combat.onActionClick`, the sheet's own handler.
 */

export const DELIMITER = "|";

/** The combat action groups, in the order the sheet shows them (the API's group keys). */
export const COMBAT_GROUPS = ["attack", "magic", "move", "defense", "equipment", "brawl", "other"];

/** The combat action's dataset, in the order it is encoded (as the sheet's button carries it). */
const DATASET_KEYS = ["key", "weaponId", "offWeaponId", "speciesAttack", "provider", "itemId"];

/** `type|part|part…`, each part URI-encoded so a delimiter in an id cannot split it. */
export function encode(type, ...parts) {
  return [type, ...parts.map((p) => encodeURIComponent(p ?? ""))].join(DELIMITER);
}

export function decode(value) {
  const [type, ...parts] = String(value ?? "").split(DELIMITER);
  return { type, parts: parts.map((p) => decodeURIComponent(p)) };
}

const sameAction = (a, dataset) => DATASET_KEYS.every((key) => (a[key] ? String(a[key]) : "") === (dataset[key] ?? ""));

/** The combat group an API group lands in (an unknown one joins "other"). */
const combatGroupId = (key) => `combat-${COMBAT_GROUPS.includes(key) ? key : "other"}`;

function combatActions(env, actor) {
  const context = env.clockwork.combat.actions(actor);
  return context.groups.map((group) => ({
    groupId: combatGroupId(group.key),
    actions: group.actions.map((a, i) => ({
      id: `combat-${group.key}-${i}-${a.key}`,
      name: a.label,
      encodedValue: encode("combat", ...DATASET_KEYS.map((key) => a[key])),
      cssClass: a.disabled ? "disabled" : "",
      info1: { text: a.cost, title: env.localize("TAH_CLOCKWORK.Cost", { cost: a.cost }) },
      tooltip: a.reason ?? a.label,
      system: { cost: a.cost, costValue: a.costValue, disabled: a.disabled, reason: a.reason, reaction: a.reaction },
    })),
  }));
}

function skillActions(env, actor) {
  const skills = actor.system?.skills ?? {};
  return Object.entries(env.skills ?? {})
    .filter(([key]) => skills[key])
    .map(([key, entry]) => ({
      id: `skill-${key}`,
      name: env.localize(entry.label),
      encodedValue: encode("skill", key),
      info1: { text: String(skills[key].rank ?? "") },
    }));
}

const itemAction = (type, item, extra = {}) => ({ id: `${type}-${item.id}`, name: item.name, img: item.img, encodedValue: encode(type, item.id), ...extra });

function conditionActions(env, actor) {
  const statuses = actor.statuses ?? new Set();
  return (env.statusEffects ?? [])
    .filter((s) => s.hud !== false)
    .map((s) => ({
      id: `condition-${s.id}`,
      name: env.localize(s.name),
      img: s.img,
      encodedValue: encode("condition", s.id),
      cssClass: statuses.has(s.id) ? "toggle active" : "toggle",
    }));
}

/** Every group's actions for an actor: `[{ groupId, actions }]`, actions in TAH Core's action data shape. */
export function buildActions(env, actor) {
  const items = [...(actor.items ?? [])];
  return [
    ...combatActions(env, actor),
    { groupId: "skills", actions: skillActions(env, actor) },
    { groupId: "spells", actions: items.filter((i) => i.type === "spell").map((i) => itemAction("spell", i)) },
    { groupId: "weapons", actions: items.filter((i) => i.type === "weapon").map((i) => itemAction("weapon", i)) },
    { groupId: "alchemy", actions: items.filter((i) => i.type === "equipment" && i.system?.category === "alchemy").map((i) => itemAction("alchemy", i)) },
    { groupId: "conditions", actions: conditionActions(env, actor) },
  ];
}

/** Whether a clicked action names an item (a right-click opens its sheet instead). */
export function itemIdOf(encodedValue) {
  const { type, parts } = decode(encodedValue);
  return ["spell", "weapon", "alchemy"].includes(type) ? parts[0] : null;
}

/**
 * Performs a clicked action with the API the sheet uses. A combat action the sheet would show
 * disabled is not taken: the player is told why, as the sheet's tooltip says.
 */
export async function performAction(env, actor, encodedValue, event = null) {
  const { type, parts } = decode(encodedValue);
  const item = () => actor.items?.get?.(parts[0]) ?? null;
  switch (type) {
    case "combat": {
      const dataset = Object.fromEntries(DATASET_KEYS.map((key, i) => [key, parts[i] ?? ""]).filter(([, v]) => v));
      const current = env.clockwork.combat.actions(actor).groups.flatMap((g) => g.actions).find((a) => sameAction(a, dataset));
      if (!current) return { ok: false };
      if (current.disabled) {
        env.notify(env.localize("TAH_CLOCKWORK.NotNow", { name: current.label, reason: current.reason ?? "" }));
        return { ok: false };
      }
      return env.clockwork.combat.onActionClick(actor, { dataset }, event);
    }
    case "skill":
      return actor.rollSkill(parts[0], { event });
    case "spell":
      // The casting dialog, as the sheet's spell button opens it (shift: the last choices).
      return item() ? actor.castSpell(item(), { dialog: true, event }) : null;
    case "weapon":
      return item() ? actor.attack(item(), { event }) : null;
    case "alchemy":
      return item() ? env.clockwork.magic.useAlchemy(actor, item()) : null;
    case "condition": {
      const active = actor.statuses?.has(parts[0]) === true;
      return active ? env.clockwork.turns.removeStatus(actor, parts[0]) : env.clockwork.turns.addStatus(actor, parts[0]);
    }
    default:
      return null;
  }
}
