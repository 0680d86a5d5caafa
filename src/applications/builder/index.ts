/**
 * Character builder, advancement and compendium browser. The entry module registers them
 * through `register.ts` (settings, buttons, `game.clockwork` API) and loads the windows
 * (`windows.ts`) on first use; this index gathers both for tests and forks.
 */
export { builderApi, registerBuilder } from "./register";
export { ClockworkAdvancementApp, ClockworkCharacterBuilder, ClockworkCompendiumBrowser, ClockworkXpAwardDialog } from "./windows";
