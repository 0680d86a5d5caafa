// @vitest-environment happy-dom
/** The token HUD's Fall button (§4.8): the GM's only, it asks the height and makes the token's creature fall. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { addFallButton } from "../../src/combat/fall-button";

function hudHtml(): HTMLElement {
  const html = document.createElement("div");
  html.innerHTML = `<div class="col left"></div><div class="col right"></div>`;
  return html;
}

function setUser(isGM: boolean): void {
  (globalThis as unknown as { game: object }).game = { user: { isGM }, i18n: { localize: (key: string) => `t:${key}` } };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("token HUD Fall button", () => {
  it("is added to the left column for the GM, with a localized tooltip", () => {
    setUser(true);
    const html = hudHtml();
    addFallButton({ document: { uuid: "Scene.s.Token.t" } }, html, () => undefined);
    const button = html.querySelector<HTMLButtonElement>(".col.left [data-cw-fall]");
    expect(button).not.toBeNull();
    expect(button!.dataset.tooltip).toBe("t:CLOCKWORK.Combat.Fall.Button");
    expect(button!.querySelector("i.fa-person-falling")).not.toBeNull();
  });

  it("is not shown to players", () => {
    setUser(false);
    const html = hudHtml();
    addFallButton({ document: { uuid: "Scene.s.Token.t" } }, html, () => undefined);
    expect(html.querySelector("[data-cw-fall]")).toBeNull();
  });
});
