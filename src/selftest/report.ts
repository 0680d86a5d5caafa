/**
 * The self-test's report: a card for the chat log and the same facts as plain text to paste
 * into a bug report. Pure: a report and a localize function in, strings out.
 */

export type StepStatus = "pass" | "fail" | "skip";

export interface SelfTestStep {
  /** Which step: a first one ("createActor" … "cleanup", run.ts `BASIC_STEPS`) or a played path's key (./paths). */
  key: string;
  status: StepStatus;
  /** Milliseconds the step took. */
  ms: number;
  /** What went wrong, or a short note of what was done. */
  detail?: string;
}

export interface SelfTestEnvironment {
  system: string;
  core: string;
  generation: number;
  user: string;
  modules: string[];
  time: string;
}

export interface SelfTestReport {
  ok: boolean;
  steps: SelfTestStep[];
  /** Console errors and warnings, and uncaught errors, seen while the test ran. */
  errors: string[];
  environment: SelfTestEnvironment;
}

type Localize = (key: string, data?: Record<string, unknown>) => string;

const STATUS_ICON: Record<StepStatus, string> = { pass: "fa-solid fa-check", fail: "fa-solid fa-xmark", skip: "fa-solid fa-minus" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

/** The report as plain text, one fact a line, in the user's language. */
export function reportText(report: SelfTestReport, localize: Localize): string {
  const env = report.environment;
  const lines = [
    `${localize("CLOCKWORK.SelfTest.Title")}: ${localize(report.ok ? "CLOCKWORK.SelfTest.Passed" : "CLOCKWORK.SelfTest.Failed")}`,
    localize("CLOCKWORK.SelfTest.Environment", { system: env.system, core: env.core, generation: env.generation, user: env.user }),
    `${localize("CLOCKWORK.SelfTest.Modules")}: ${env.modules.length ? env.modules.join(", ") : "-"}`,
    env.time,
    ...report.steps.map((s) => `[${s.status}] ${localize(`CLOCKWORK.SelfTest.Step.${s.key}`)} (${s.ms} ms)${s.detail ? `: ${s.detail}` : ""}`),
    `${localize("CLOCKWORK.SelfTest.Errors", { count: report.errors.length })}`,
    ...report.errors.map((e) => `- ${e}`),
  ];
  return lines.join("\n");
}

/** The chat card: a line per step, the errors, and the text to copy. */
export function reportHtml(report: SelfTestReport, localize: Localize): string {
  const steps = report.steps.map((s) => `
    <li class="cw-selftest__step is-${s.status}" data-step="${escapeHtml(s.key)}" data-status="${s.status}">
      <i class="${STATUS_ICON[s.status]}" aria-hidden="true"></i>
      <span>${escapeHtml(localize(`CLOCKWORK.SelfTest.Step.${s.key}`))}</span>
      <span class="cw-muted">${escapeHtml(localize(`CLOCKWORK.SelfTest.Status.${s.status}`))}, ${s.ms} ms</span>
      ${s.detail ? `<div class="cw-selftest__detail">${escapeHtml(s.detail)}</div>` : ""}
    </li>`).join("");
  const errors = report.errors.length
    ? `<ul class="cw-selftest__errors">${report.errors.map((e) => `<li>${escapeHtml(e)}</li>`).join("")}</ul>`
    : "";
  return `<article class="clockwork cw-selftest" data-ok="${report.ok}">
  <h3>${escapeHtml(localize("CLOCKWORK.SelfTest.Title"))}: ${escapeHtml(localize(report.ok ? "CLOCKWORK.SelfTest.Passed" : "CLOCKWORK.SelfTest.Failed"))}</h3>
  <ol class="cw-selftest__steps">${steps}</ol>
  <p>${escapeHtml(localize("CLOCKWORK.SelfTest.Errors", { count: report.errors.length }))}</p>${errors}
  <details><summary>${escapeHtml(localize("CLOCKWORK.SelfTest.CopyText"))}</summary><pre class="cw-selftest__text">${escapeHtml(reportText(report, localize))}</pre></details>
</article>`;
}
