/**
 * The ClockWork rules core: pure functions and tables, no Foundry globals, no DOM.
 * Names and shapes listed in DESIGN.md are a contract; everything else here is additive.
 */
export * from "./types";
export * from "./tables";
export * from "./errors";
export * from "./dice";
export * from "./character";
export * from "./resistance";
export * from "./damage";
export * from "./health";
export * from "./combat";
export * from "./advancement";
export * from "./magic";
export * from "./creation";
export * from "./advancement-log";
export * from "./counters";
export * from "./actions";
export * from "./attack";
export * from "./initiative";
export * from "./conditions";
export * from "./minions";
export * from "./area";
export * from "./initiative-turns";
export * from "./mana";
export * from "./mana-channel";
export * from "./spells";
export * from "./spell-range";
export * from "./state-endings";
export * from "./spells-tables";
export * from "./alchemy";
export * from "./item-effects";
export * from "./ledger";
export * from "./species-recipe";
