/**
 * The settings button: a small window that says what the self-test does (and that it belongs
 * in a scratch world) with a button to run it. GM only (`restricted` in the menu).
 */
import { selfTest } from "./run";
import { localize } from "../foundry";

const { ApplicationV2 } = foundry.applications.api;

function escapeHtml(text: string): string {
  return foundry.utils.escapeHTML(text);
}

export class SelfTestMenu extends ApplicationV2 {
  static override DEFAULT_OPTIONS = {
    id: "clockwork-self-test",
    classes: ["clockwork", "cw-selftest-app"],
    window: { title: "CLOCKWORK.SelfTest.Title", icon: "fa-solid fa-stethoscope" },
    position: { width: 420 },
    actions: { run: SelfTestMenu.#onRun },
  };

  protected override async _renderHTML(): Promise<never> {
    return `<div class="standard-form">
  <p>${escapeHtml(localize("CLOCKWORK.SelfTest.Menu.Explain"))}</p>
  <p class="hint">${escapeHtml(localize("CLOCKWORK.SelfTest.Menu.Scratch"))}</p>
  <footer class="form-footer">
    <button type="button" data-action="run"><i class="fa-solid fa-play" aria-hidden="true"></i> ${escapeHtml(localize("CLOCKWORK.SelfTest.Menu.Run"))}</button>
  </footer>
</div>` as never;
  }

  protected override _replaceHTML(result: unknown, content: HTMLElement): void {
    content.innerHTML = String(result);
  }

  static async #onRun(this: SelfTestMenu, _event: PointerEvent, target: HTMLElement): Promise<void> {
    (target as HTMLButtonElement).disabled = true;
    try {
      await selfTest();
    } finally {
      await this.close();
    }
  }
}
