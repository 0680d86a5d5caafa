/**
 * Character builder, advancement and compendium browser. The entry module registers them
 * through `register.ts` (settings, buttons, `game.clockwork` API); this index gathers the
 * registration and the windows for tests and forks.
 */
export { builderApi, registerBuilder } from "./register";
export { ClockworkAdvancementApp, ClockworkXpAwardDialog } from "./advancement-app";
export { ClockworkCompendiumBrowser } from "./browser-app";
export { ClockworkCharacterBuilder } from "./builder-app";
