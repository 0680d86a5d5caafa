/**
 * The self-test's registration, in the entry module: the settings button,
 * `game.clockwork.selfTest` (the played paths: run.ts; with `{ contracts: true }` the contract
 * suite: contracts/) and, when the Quench module is active, the contract suite as a Quench batch
 * (quench.ts). Both ways of running the suite whisper the same card to the GM who ran it.
 */
import { currentUser, documentImplementation, hooks, localize, notify, registerMenu, systemApi } from "../foundry";
import { SelfTestMenu } from "./menu";
import { selfTest } from "./run";
import { CONTRACT_CHECKS, runContracts, type ContractReport } from "./contracts";
import { contractReportHtml } from "./contract-report";
import { registerContractBatch, type QuenchLike } from "./quench";

const SYSTEM_ID = "clockwork";

/** `selfTest`'s options, plus `contracts`: run the contract suite instead of the played paths. */
export type SelfTestCallOptions = NonNullable<Parameters<typeof selfTest>[0]> & { contracts?: boolean };

const isGM = () => currentUser<{ isGM: boolean }>()?.isGM === true;

/** Whispers the contract report's card to the user who ran the suite, the report itself in its flags. */
export async function postContractReport(report: ContractReport): Promise<void> {
  const user = currentUser<{ id: string | null }>();
  await documentImplementation<{ create(data: object): Promise<unknown> }>("ChatMessage")?.create({
    content: contractReportHtml(report, localize),
    speaker: { alias: localize("CLOCKWORK.SelfTest.Contracts.Title") },
    whisper: user?.id ? [user.id] : [],
    flags: { [SYSTEM_ID]: { contractReport: report } },
  });
}

/** Runs every contract check on this GM's client; resolves the report (null for a player, who is told why). */
export async function runContractSuite(options: { post?: boolean } = {}): Promise<ContractReport | null> {
  if (!isGM()) {
    notify("warn", "CLOCKWORK.SelfTest.Contracts.GMOnly");
    return null;
  }
  const report = await runContracts(CONTRACT_CHECKS);
  if (options.post !== false) await postContractReport(report);
  return report;
}

/** `game.clockwork.selfTest(options)`. */
export function runSelfTest(options?: SelfTestCallOptions): ReturnType<typeof selfTest> | Promise<ContractReport | null> {
  if (options?.contracts === true) return runContractSuite(options);
  return options === undefined ? selfTest() : selfTest(options);
}

/** Registers the settings button, `game.clockwork.selfTest` and the Quench batch; call in `init`, after `game.clockwork` is set. */
export function registerSelfTest(): void {
  registerMenu(SYSTEM_ID, "selfTest", {
    name: "CLOCKWORK.SelfTest.Menu.Name",
    label: "CLOCKWORK.SelfTest.Menu.Label",
    hint: "CLOCKWORK.SelfTest.Menu.Hint",
    icon: "fa-solid fa-stethoscope",
    type: SelfTestMenu,
    restricted: true,
  });
  systemApi().selfTest = runSelfTest;
  // Quench fires this in its `setup` hook, and only when the module is active.
  hooks().on("quenchReady", ((quench: QuenchLike) => registerContractBatch(quench, {
    checks: CONTRACT_CHECKS,
    run: (checks) => runContracts(checks),
    post: postContractReport,
    isGM,
    localize,
  })) as never);
}
