/**
 * The house rules for imports, checked by `npm run lint` (docs/architecture.md draws them).
 * Layers, lowest first; a layer may import its own folder and any layer below it, never above:
 *
 *   rules, foundry          the Foundry-free rules core (health bounds included); the one Foundry adapter
 *   config                  CONFIG.CLOCKWORK, built from the rules tables
 *   setting-modules         setting modules' declarations: the pure validator, their merge into CONFIG at init
 *   migrations/steps        source-shape migrations the data models run as they read, and
 *                           migrations/setting (the version setting, the migration's write option)
 *   data                    data models and their readers (magic items' effects)
 *   dice                    rolls, roll dialog, chat cards of rolls, Dice So Nice
 *   relay                   the one GM relay: primitive writes, their planner, the kinds features register
 *   canvas                  the map: token movement and its counters, the token ruler
 *   combat                  Combat, Combatant, turns, attacks
 *   magic                   spells, mana, alchemy, companions (on top of combat)
 *   documents               Actor and Item classes: the Actor's API delegates to the features
 *   integrations            optional modules (Item Piles, Automated Animations), one file each
 *   enrichers               rolls anywhere: journal/chat enrichers, their damage card, the GM's roll request
 *   macros                  hotbar macros: drops, the macro's spec, running it through the Actor's API
 *   applications            sheets, builder, dialogs, windows
 *   selftest, migrations (the world runner)
 *   entry                   src/clockwork.ts: registers everything; nothing imports it
 *
 * Type-only imports and import() count as imports (tsPreCompilationDeps), so a cycle through
 * types is a cycle too.
 */
const layers = [
  ["rules", "^src/rules/"],
  ["foundry", "^src/foundry/"],
  ["config", "^src/config\\.ts$"],
  ["setting-modules", "^src/setting-modules/"],
  ["migration-steps", "^src/migrations/(steps|setting)\\.ts$"],
  ["data", "^src/data/"],
  ["dice", "^src/dice/"],
  ["relay", "^src/relay/"],
  ["canvas", "^src/canvas/"],
  ["combat", "^src/combat/"],
  ["magic", "^src/magic/"],
  ["documents", "^src/documents/"],
  ["integrations", "^src/integrations/"],
  ["enrichers", "^src/enrichers/"],
  ["macros", "^src/macros/"],
  ["applications", "^src/applications/"],
  ["top", "^src/(selftest|migrations)/"],
  ["entry", "^src/clockwork\\.ts$"],
];

/** What each layer may import besides its own folder: every layer below it. */
const allowedBelow = {
  rules: [],
  foundry: [],
  config: ["rules"],
  "setting-modules": ["rules", "foundry", "config"],
  "migration-steps": ["rules", "foundry", "config"],
  data: ["rules", "foundry", "config", "setting-modules", "migration-steps"],
  dice: ["rules", "foundry", "config", "setting-modules", "migration-steps", "data"],
  relay: ["rules", "foundry", "config", "setting-modules", "migration-steps", "data", "dice"],
  canvas: ["rules", "foundry", "config", "setting-modules", "migration-steps", "data", "dice", "relay"],
  combat: ["rules", "foundry", "config", "setting-modules", "migration-steps", "data", "dice", "relay", "canvas"],
  magic: ["rules", "foundry", "config", "setting-modules", "migration-steps", "data", "dice", "relay", "canvas", "combat"],
  documents: ["rules", "foundry", "config", "setting-modules", "migration-steps", "data", "dice", "relay", "canvas", "combat", "magic"],
  integrations: ["rules", "foundry", "config", "setting-modules", "migration-steps", "data", "dice", "relay", "canvas", "combat", "magic", "documents"],
  enrichers: ["rules", "foundry", "config", "setting-modules", "migration-steps", "data", "dice", "relay", "canvas", "combat", "magic", "documents"],
  macros: ["rules", "foundry", "config", "setting-modules", "migration-steps", "data", "dice", "relay", "canvas", "combat", "magic", "documents"],
  applications: ["rules", "foundry", "config", "setting-modules", "migration-steps", "data", "dice", "relay", "canvas", "combat", "magic", "documents", "integrations", "enrichers", "macros"],
  top: ["rules", "foundry", "config", "setting-modules", "migration-steps", "data", "dice", "relay", "canvas", "combat", "magic", "documents", "integrations", "enrichers", "macros", "applications", "top"],
  entry: [],
};

const patternOf = Object.fromEntries(layers);
const layerRules = layers
  .filter(([name]) => name !== "entry")
  .map(([name, from]) => {
    const allowed = [from, ...allowedBelow[name].map((below) => patternOf[below])];
    return {
      name: `layer-${name}`,
      comment: `${name} may import only ${[name, ...allowedBelow[name]].join(", ")} (docs/architecture.md)`,
      severity: "error",
      from: { path: from },
      to: { path: "^src/", pathNot: allowed },
    };
  });

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycle, counting type-only imports and import().",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "rules-core-is-pure",
      comment: "src/rules/ imports only src/rules/ (no Foundry, no other layer).",
      severity: "error",
      from: { path: "^src/rules/" },
      to: { pathNot: "^src/rules/" },
    },
    {
      name: "nothing-imports-the-entry",
      comment: "src/clockwork.ts registers everything; no module imports it.",
      severity: "error",
      from: {},
      to: { path: "^src/clockwork\\.ts$" },
    },
    {
      name: "no-lazy-project-code",
      comment: "One static bundle: our own code is never loaded with import().",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^src/", dependencyTypes: ["dynamic-import"] },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/|\\.d\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".mjs"] },
  },
};
