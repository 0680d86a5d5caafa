/**
 * The token HUD's Fall button, for the GM only (§4.8). A click calls `onFall(token)`: the attack
 * registration passes the fall prompt (./fall.ts: asks the height, then `combat.fall`).
 */
export function addFallButton(hud: { document?: unknown; object?: { document?: unknown } }, html: HTMLElement, onFall: (token: unknown) => void): void {
  if (!game.user?.isGM) return;
  const column = html.querySelector(".col.left");
  const token = hud.document ?? hud.object?.document;
  if (!column || !token) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "control-icon";
  button.dataset.cwFall = "";
  button.dataset.tooltip = game.i18n?.localize("CLOCKWORK.Combat.Fall.Button") ?? "";
  button.innerHTML = `<i class="fa-solid fa-person-falling" inert></i>`;
  button.addEventListener("click", (event) => {
    event.preventDefault();
    onFall(token);
  });
  column.append(button);
}
