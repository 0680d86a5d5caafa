/**
 * Moving windows by their header, as in Foundry (core's `Draggable`): the world's ApplicationV2
 * does not model dragging, so the page does it through the application's own `setPosition`,
 * which clamps the window to the viewport. A new window opens a little below and right of the
 * last one instead of exactly on top of it.
 */
interface Positioned {
  position: { left?: number; top?: number; width?: number | string; height?: number | string };
  setPosition(position: { left?: number; top?: number }): unknown;
  bringToFront(): void;
}

function applicationOf(element: HTMLElement): Positioned | null {
  const instances = (globalThis as unknown as { foundry: { applications: { instances: Map<string, unknown> } } }).foundry.applications.instances;
  return (instances.get(element.id) as Positioned | undefined) ?? null;
}

export function enableWindowDragging(root: HTMLElement = document.body): void {
  root.addEventListener("pointerdown", (event) => {
    const header = (event.target as HTMLElement).closest<HTMLElement>(".application > .window-header");
    if (!header || event.button !== 0 || (event.target as HTMLElement).closest("button, a, input, select")) return;
    const element = header.parentElement as HTMLElement;
    const app = applicationOf(element);
    if (!app) return;
    event.preventDefault();
    const start = { x: event.clientX, y: event.clientY, left: element.offsetLeft, top: element.offsetTop };
    const move = (e: PointerEvent) => app.setPosition({ left: start.left + e.clientX - start.x, top: start.top + e.clientY - start.y });
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  });
}

/**
 * Places each window rendered for the first time without a position: centred on the board (the
 * area left of the sidebar and under the toolbar, where Foundry's canvas is), each new one a
 * step down and right of the previous, so equal windows do not hide each other.
 */
export function cascadeNewWindows(hooks: { on(name: string, fn: (...args: never[]) => unknown): unknown }): void {
  let step = 0;
  const seen = new WeakSet<object>();
  hooks.on("renderApplicationV2", ((app: Positioned & { element?: HTMLElement; hasFrame?: boolean; options?: { position?: { left?: number } } }) => {
    if (seen.has(app) || !app.element || app.element.tagName === "DIALOG" || app.hasFrame === false) return;
    seen.add(app);
    if (app.options?.position?.left !== undefined) return;
    const style = getComputedStyle(document.documentElement);
    const sidebar = document.getElementById("sidebar")?.offsetWidth ?? 0;
    const toolbar = parseFloat(style.getPropertyValue("--toolbar-height")) || 40;
    const offset = (step++ % 6) * 26;
    // The size the window asked for; before its first position is applied the element has none yet.
    const asked = app.position as { width?: number | string; height?: number | string };
    const width = typeof asked.width === "number" ? asked.width : app.element.offsetWidth;
    const height = Math.min(typeof asked.height === "number" ? asked.height : app.element.offsetHeight, innerHeight - toolbar - 8);
    const left = Math.max(8, (innerWidth - sidebar - width) / 2) + offset;
    const top = Math.max(toolbar + 6, toolbar + (innerHeight - toolbar - height) / 2) + offset;
    app.setPosition({ left: Math.round(left), top: Math.round(top) });
  }) as never);
}
