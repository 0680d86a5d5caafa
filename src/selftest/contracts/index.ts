/**
 * The contract suite (issue 30): every behaviour of Foundry core the system relies on and the
 * test world imitates, one portable check each, grouped by file under checks/. They run on a GM's
 * client through `runContracts(CONTRACT_CHECKS)`; `npm test` runs them against the test world in
 * both profiles (tests/selftest/contracts/).
 */
import type { ContractCheck } from "./types";
import { writeChecks } from "./checks/writes";
import { broadcastChecks } from "./checks/broadcast";
import { permissionChecks } from "./checks/permissions";
import { userChecks } from "./checks/users";
import { chatChecks } from "./checks/chat";
import { settingChecks } from "./checks/settings";
import { combatChecks } from "./checks/combat";
import { actorChecks } from "./checks/actors";
import { dataChecks } from "./checks/data";
import { canvasChecks } from "./checks/canvas";
import { macroChecks } from "./checks/macros";
import { applicationChecks } from "./checks/applications";
import { moduleChecks } from "./checks/modules";

export { runContracts, type RunContractsOptions } from "./run";
export * from "./types";

/** Every check, in the order they run. */
export const CONTRACT_CHECKS: readonly ContractCheck[] = [
  ...writeChecks, ...broadcastChecks, ...permissionChecks, ...userChecks, ...chatChecks, ...settingChecks,
  ...combatChecks, ...actorChecks, ...dataChecks, ...canvasChecks, ...macroChecks, ...applicationChecks,
  ...moduleChecks,
];
