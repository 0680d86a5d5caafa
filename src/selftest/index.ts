/**
 * The built-in self-test, for a GM in a scratch world (see run.ts for what it does).
 * `game.clockwork.selfTest()` runs it; so does the button in the system's settings. The entry
 * module registers it through `register.ts`.
 */
export { registerSelfTest } from "./register";
export { selfTest } from "./run";
export { reportHtml, reportText, type SelfTestReport, type SelfTestStep } from "./report";
