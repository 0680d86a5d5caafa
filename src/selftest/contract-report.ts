/**
 * The contract suite's report (types.ts `ContractReport`), as text to paste into a bug report
 * and as a chat card. Pure: a report and a localize function in, strings out. The same report
 * comes out of `game.clockwork.selfTest({ contracts: true })` and of the Quench batch (quench.ts
 * puts its one-check runs back together with `joinContractReports`).
 */
import type { ContractReport, ContractResult, ContractStatus } from "./contracts/types";

type Localize = (key: string, data?: Record<string, unknown>) => string;

const KEY = "CLOCKWORK.SelfTest.Contracts";
const STATUS_ICON: Record<ContractStatus, string> = { pass: "fa-solid fa-check", fail: "fa-solid fa-xmark", skip: "fa-solid fa-minus" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

/** The counts of a list of results. */
export function countResults(results: readonly ContractResult[]): Pick<ContractReport, "passed" | "failed" | "skipped"> {
  const count = (status: ContractStatus) => results.filter((r) => r.status === status).length;
  return { passed: count("pass"), failed: count("fail"), skipped: count("skip") };
}

/**
 * One report from several runs of the suite (the Quench batch runs each check alone): the first
 * run's environment and start time, every result in order, the counts over all of them.
 */
export function joinContractReports(parts: readonly ContractReport[]): ContractReport | null {
  const [first] = parts;
  if (!first) return null;
  const results = parts.flatMap((part) => part.results);
  return { core: first.core, generation: first.generation, system: first.system, time: first.time, results, ...countResults(results) };
}

function heading(report: ContractReport, localize: Localize): string {
  return `${localize(`${KEY}.Title`)}: ${localize(`${KEY}.Summary`, { passed: report.passed, failed: report.failed, skipped: report.skipped })}`;
}

function environment(report: ContractReport, localize: Localize): string {
  return localize(`${KEY}.Environment`, { core: report.core, generation: report.generation, system: report.system, time: report.time });
}

/** The report as plain text: the environment, one line per check, and under each failure what was expected, what core did and where core does it. */
export function contractReportText(report: ContractReport, localize: Localize): string {
  const lines = [heading(report, localize), environment(report, localize)];
  for (const result of report.results) {
    lines.push(`[${result.status}] ${result.id} (${result.ms} ms)${result.status === "skip" && result.reason ? `: ${result.reason}` : ""}`);
    if (result.status !== "fail") continue;
    lines.push(`  ${localize(`${KEY}.Check`)}: ${result.title}`);
    lines.push(`  ${localize(`${KEY}.Expected`)}: ${result.expected ?? "-"}`);
    lines.push(`  ${localize(`${KEY}.Actual`)}: ${result.actual ?? "-"}`);
    lines.push(`  ${localize(`${KEY}.Source`)}: ${result.source}`);
  }
  return lines.join("\n");
}

function failureHtml(result: ContractResult, localize: Localize): string {
  const row = (key: string, value: string) => `<dt>${escapeHtml(localize(`${KEY}.${key}`))}</dt><dd>${escapeHtml(value)}</dd>`;
  return `<li class="cw-contracts__failure" data-check="${escapeHtml(result.id)}">
      <strong>${escapeHtml(result.title)}</strong> <code>${escapeHtml(result.id)}</code>
      <dl>${row("Expected", result.expected ?? "-")}${row("Actual", result.actual ?? "-")}${row("Source", result.source)}</dl>
    </li>`;
}

function resultHtml(result: ContractResult, localize: Localize): string {
  const status = localize(`${KEY}.Status.${result.status}`);
  const reason = result.status === "skip" && result.reason ? ` <span class="cw-muted">${escapeHtml(result.reason)}</span>` : "";
  return `<li class="cw-contracts__check is-${result.status}" data-check="${escapeHtml(result.id)}" data-status="${result.status}" title="${escapeHtml(result.title)}">
      <i class="${STATUS_ICON[result.status]}" aria-hidden="true"></i> <span class="cw-contracts__status">${escapeHtml(status)}</span> <code>${escapeHtml(result.id)}</code>${reason}
    </li>`;
}

/**
 * The chat card: the counts, the environment, each failure spelled out, every check behind a
 * disclosure, and the text to copy. Statuses carry an icon and a word, not a colour alone.
 */
export function contractReportHtml(report: ContractReport, localize: Localize): string {
  const failures = report.results.filter((r) => r.status === "fail");
  const failureList = failures.length
    ? `<h4>${escapeHtml(localize(`${KEY}.Failures`, { count: failures.length }))}</h4><ol class="cw-contracts__failures">${failures.map((r) => failureHtml(r, localize)).join("")}</ol>`
    : "";
  return `<article class="clockwork cw-contracts" data-passed="${report.passed}" data-failed="${report.failed}" data-skipped="${report.skipped}">
  <h3>${escapeHtml(heading(report, localize))}</h3>
  <p class="cw-muted">${escapeHtml(environment(report, localize))}</p>${failureList}
  <details><summary>${escapeHtml(localize(`${KEY}.Every`, { count: report.results.length }))}</summary><ol class="cw-contracts__checks">${report.results.map((r) => resultHtml(r, localize)).join("")}</ol></details>
  <details><summary>${escapeHtml(localize(`${KEY}.CopyText`))}</summary><pre class="cw-contracts__text">${escapeHtml(contractReportText(report, localize))}</pre></details>
</article>`;
}
