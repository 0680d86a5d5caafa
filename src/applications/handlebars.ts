/**
 * Template paths, partial names and Handlebars helpers of the sheets. Pure: it takes the
 * Handlebars instance, so Foundry's global one and the tests' real one get the same set.
 */
// `signed` lives with the dice layer's display helpers, which sit below the applications.
import { signed } from "../dice/context/format";

/** Where Foundry serves the system's files from. */
export const SYSTEM_ROOT = "systems/clockwork";

const TEMPLATE_ROOT = `${SYSTEM_ROOT}/templates/`;

/**
 * The file under `templates/` that a template URL names. Paths below are written out in full
 * so the bundle names every template it loads (the smoke test checks each one exists).
 */
export function templateFile(path: string): string {
  if (!path.startsWith(TEMPLATE_ROOT)) throw new RangeError(`templateFile: "${path}" is not under ${TEMPLATE_ROOT}`);
  return path.slice(TEMPLATE_ROOT.length);
}

/** Every partial: its Handlebars name → the URL Foundry loads it from. */
export const PARTIALS: Readonly<Record<string, string>> = {
  "cw-field": "systems/clockwork/templates/partials/field.hbs",
  "cw-field-number": "systems/clockwork/templates/partials/field-number.hbs",
  "cw-field-text": "systems/clockwork/templates/partials/field-text.hbs",
  "cw-field-select": "systems/clockwork/templates/partials/field-select.hbs",
  "cw-field-checkbox": "systems/clockwork/templates/partials/field-checkbox.hbs",
  "cw-field-multi": "systems/clockwork/templates/partials/field-multi.hbs",
  "cw-field-rows": "systems/clockwork/templates/partials/field-rows.hbs",
  "cw-field-link": "systems/clockwork/templates/partials/field-link.hbs",
  "cw-roll-options": "systems/clockwork/templates/partials/roll-options.hbs",
  "cw-counters": "systems/clockwork/templates/partials/counters.hbs",
  "cw-damage": "systems/clockwork/templates/partials/damage.hbs",
  "cw-skill-table": "systems/clockwork/templates/partials/skill-table.hbs",
  "cw-health-track": "systems/clockwork/templates/partials/health-track.hbs",
  "cw-resistance-grid": "systems/clockwork/templates/partials/resistance-grid.hbs",
  "cw-combat-stats": "systems/clockwork/templates/partials/combat-stats.hbs",
  "cw-pools": "systems/clockwork/templates/partials/pools.hbs",
  "cw-item-controls": "systems/clockwork/templates/partials/item-controls.hbs",
  "cw-item-name": "systems/clockwork/templates/partials/item-name.hbs",
  "cw-create-button": "systems/clockwork/templates/partials/create-button.hbs",
  "cw-weapon-list": "systems/clockwork/templates/partials/weapon-list.hbs",
  "cw-spell-row": "systems/clockwork/templates/partials/spell-row.hbs",
  "cw-prose": "systems/clockwork/templates/partials/prose.hbs",
  "cw-xp-log": "systems/clockwork/templates/partials/xp-log.hbs",
  "cw-combat-actions": "systems/clockwork/templates/combat/actions.hbs",
  "cw-death-tray": "systems/clockwork/templates/combat/death-tray.hbs",
  "cw-sheet-counters": "systems/clockwork/templates/actor/sheet-counters.hbs",
};

/**
 * Top-level templates of the sheets and dialogs, one per ApplicationV2 PART. A sheet re-renders
 * only the parts that changed: after a field edit, `header` and the active tab's part (the
 * `tabs` part never changes with the document).
 */
export const TEMPLATES = {
  character: {
    header: "systems/clockwork/templates/actor/character-header.hbs",
    tabs: "systems/clockwork/templates/actor/tabs.hbs",
    main: "systems/clockwork/templates/actor/character-main.hbs",
    equipment: "systems/clockwork/templates/actor/character-equipment.hbs",
    magic: "systems/clockwork/templates/actor/character-magic.hbs",
    features: "systems/clockwork/templates/actor/character-features.hbs",
    biography: "systems/clockwork/templates/actor/character-biography.hbs",
  },
  npc: {
    header: "systems/clockwork/templates/actor/npc-header.hbs",
    tabs: "systems/clockwork/templates/actor/tabs.hbs",
    main: "systems/clockwork/templates/actor/npc-main.hbs",
    skills: "systems/clockwork/templates/actor/npc-skills.hbs",
    notes: "systems/clockwork/templates/actor/npc-notes.hbs",
  },
  item: {
    header: "systems/clockwork/templates/item/item-header.hbs",
    details: "systems/clockwork/templates/item/item-details.hbs",
    description: "systems/clockwork/templates/item/item-description.hbs",
  },
  loot: { loot: "systems/clockwork/templates/actor/loot.hbs" },
  party: { party: "systems/clockwork/templates/actor/party.hbs" },
  dialogs: { species: "systems/clockwork/templates/dialogs/species-choice.hbs" },
} as const;

/** The part of Handlebars this module uses (Foundry's global and the npm package both fit). */
export interface HandlebarsLike {
  registerHelper(name: string, fn: Handlebars.HelperDelegate): void;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const HELPERS = {
  "cw-signed": (value: unknown, options: { hash?: { negative?: boolean } }) => signed(value, options?.hash?.negative ?? false),
  /**
   * `data-tooltip="{{cw-esc (localize "…" name=name)}}"`: Foundry renders a tooltip's text as
   * HTML, so text holding a name is escaped once more than the attribute needs (issue 20).
   */
  "cw-esc": (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]),
} as const;

export function registerHelpers(handlebars: HandlebarsLike): void {
  for (const [name, fn] of Object.entries(HELPERS)) handlebars.registerHelper(name, fn as Handlebars.HelperDelegate);
}
