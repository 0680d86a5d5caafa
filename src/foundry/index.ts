/**
 * The adapter between the system and Foundry's runtime globals: `game`, `CONFIG`, `Hooks`,
 * settings, queries, i18n, notifications and dialogs. A bottom layer beside `src/rules/`: it
 * imports nothing else from `src/`, and feature code imports it instead of casting globals.
 */
export * from "./game";
export * from "./i18n";
export * from "./hooks";
export * from "./config";
export * from "./settings";
export * from "./queries";
export * from "./notify";
export * from "./dialogs";
export * from "./update";
export * from "./validation";
export * from "./generation";
