/** Moved to tests/world/dice.ts; kept so older imports keep working. */
export * from "../world/dice";
