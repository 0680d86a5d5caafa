/**
 * The settings button: a small window that says what the self-test does (and that it belongs
 * in a scratch world) with a button to run it. While it runs, the window shows a progress bar
 * with the step under way (by its localized name); when it is done the window closes and the
 * report is in the chat. GM only (`restricted` in the menu).
 */
import { selfTest } from "./run";
import { localize } from "../foundry";

const { ApplicationV2 } = foundry.applications.api;

function escapeHtml(text: string): string {
  return foundry.utils.escapeHTML(text);
}

/** Where the run is: `done` steps finished of `total`, `step` the one under way. */
export interface SelfTestProgress {
  done: number;
  total: number;
  step: string;
}

/** The progress section (pure but for `localize`): a `<progress>` and the step under way, announced politely. */
export function progressHtml(progress: SelfTestProgress): string {
  const label = localize("CLOCKWORK.SelfTest.Menu.Progress", {
    done: Math.min(progress.done + 1, progress.total), total: progress.total, step: localize(`CLOCKWORK.SelfTest.Step.${progress.step}`),
  });
  return `<div class="cw-selftest-progress" data-step="${escapeHtml(progress.step)}">
    <progress max="${progress.total}" value="${progress.done}" aria-label="${escapeHtml(localize("CLOCKWORK.SelfTest.Title"))}"></progress>
    <p class="cw-selftest-progress__step" role="status" aria-live="polite">${escapeHtml(label)}</p>
  </div>`;
}

export class SelfTestMenu extends ApplicationV2 {
  static override DEFAULT_OPTIONS = {
    id: "clockwork-self-test",
    classes: ["clockwork", "cw-selftest-app"],
    window: { title: "CLOCKWORK.SelfTest.Title", icon: "fa-solid fa-stethoscope" },
    position: { width: 420 },
    actions: { run: SelfTestMenu.#onRun },
  };

  /** Null until the run starts. */
  #progress: SelfTestProgress | null = null;

  /** Where the run is, as the window shows it (null before it starts). */
  get progress(): SelfTestProgress | null {
    return this.#progress;
  }

  protected override async _renderHTML(): Promise<never> {
    const running = this.#progress !== null;
    return `<div class="standard-form">
  <p>${escapeHtml(localize("CLOCKWORK.SelfTest.Menu.Explain"))}</p>
  <p class="hint">${escapeHtml(localize("CLOCKWORK.SelfTest.Menu.Scratch"))}</p>
  ${running ? progressHtml(this.#progress!) : ""}
  <footer class="form-footer">
    <button type="button" data-action="run"${running ? " disabled" : ""}><i class="fa-solid fa-play" aria-hidden="true"></i> ${escapeHtml(localize("CLOCKWORK.SelfTest.Menu.Run"))}</button>
  </footer>
</div>` as never;
  }

  protected override _replaceHTML(result: unknown, content: HTMLElement): void {
    content.innerHTML = String(result);
  }

  /**
   * Moves the bar: drawn by a render the first time, then in place (a step may take a few
   * milliseconds, and the live region must stay the same element for a screen reader to read it).
   */
  async #show(progress: SelfTestProgress): Promise<void> {
    this.#progress = progress;
    const section = this.rendered ? this.element.querySelector<HTMLElement>(".cw-selftest-progress") : null;
    if (!section) {
      if (this.rendered) await this.render();
      return;
    }
    const drawn = document.createElement("template");
    drawn.innerHTML = progressHtml(progress);
    const next = drawn.content.firstElementChild as HTMLElement;
    section.dataset.step = progress.step;
    const bar = section.querySelector("progress");
    if (bar) bar.value = progress.done;
    const step = section.querySelector(".cw-selftest-progress__step");
    if (step) step.textContent = next.querySelector(".cw-selftest-progress__step")?.textContent ?? "";
  }

  static async #onRun(this: SelfTestMenu, _event: PointerEvent, target: HTMLElement): Promise<void> {
    (target as HTMLButtonElement).disabled = true;
    try {
      await selfTest({ onProgress: (done, total, step) => this.#show({ done, total, step }) });
    } finally {
      await this.close();
    }
  }
}
