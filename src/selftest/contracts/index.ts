/**
 * The contract suite (issue 30): every behaviour of Foundry core the system relies on and the
 * test world imitates, one portable check each. `runContracts(CONTRACT_CHECKS)` runs them on a
 * GM's client; `npm test` runs them against the test world in both profiles.
 */
import type { ContractCheck } from "./types";
import { writeChecks } from "./checks/writes";

export { runContracts, type RunContractsOptions } from "./run";
export * from "./types";

/** Every check, in the order they run. */
export const CONTRACT_CHECKS: readonly ContractCheck[] = [...writeChecks];
