/**
 * The playground's map: the active scene drawn in plain DOM and SVG (no Foundry code, no PIXI).
 * Its square grid, walls, areas (templates on v13, regions on v14) and every token, placed from
 * the scene's documents and redrawn when the world's broadcasts change them, so every tab sees
 * the others' moves live. A user drags a token they own to move it, through the token's
 * movement API (`moveToken` below: core's `TokenDocument#move` where the world has it), so the
 * system pays and refuses moves as in Foundry; a click (or Enter) targets a token; the arrow
 * keys move the focused owned token one space. While a dialog aims an area ("Aim on the map"),
 * a press on the map goes to the page's canvas stage instead (`pressBoard`), as a press on
 * Foundry's board reaches `canvas.stage`; the preview it draws shows dashed. While dragging, the spaces of the path take the
 * colours of the system's token ruler: the system prices the drag (`game.clockwork.map.previewMove`)
 * and names the band colours (`bandColors`), reached through `game`: the page may run the built
 * bundle, so it never imports `src/`.
 *
 * Not a canvas: no vision, fog, lighting, elevation, zoom, token HUD or template tools; the map
 * shows what the documents say and asks the documents to change.
 */
import "./map.css";
import { h } from "./ui";

/** Core's grid size in pixels; the map draws a space this many CSS pixels wide. */
const CELL = 44;
/** Spaces drawn at least, and beyond the furthest thing on the scene. */
const MIN_COLS = 24;
const MIN_ROWS = 15;
const MARGIN = 2;

export interface MapToken {
  id: string;
  name: string;
  x: number;
  y: number;
  width?: number;
  height?: number;
  disposition: number;
  hidden?: boolean;
  actor: { id: string; name: string; img?: string | null } | null;
  isOwner: boolean;
  update(data: object): Promise<unknown>;
  move?(waypoints: object[], options?: object): Promise<unknown>;
  /** Core v13: undoes the token's last recorded movement (Ctrl+Z on the canvas). */
  revertRecordedMovement?(movementId?: string): Promise<unknown>;
  movementHistory?: { movementId: string }[];
}

export interface MapScene {
  id: string;
  name: string;
  grid: { size: number; distance: number };
  tokens: { contents: MapToken[] };
  walls?: { contents: { id: string; c: number[]; door?: number; sight?: number; move?: number }[] };
  templates?: { contents: MapArea[] };
  regions?: { contents: MapArea[] };
}

export interface MapArea {
  id: string;
  name?: string;
  /** MeasuredTemplate (v13) */
  t?: string;
  x?: number;
  y?: number;
  distance?: number;
  direction?: number;
  angle?: number;
  width?: number;
  fillColor?: string | null;
  flags?: Record<string, unknown>;
  /** Region */
  shapes?: Record<string, unknown>[];
  color?: string | null;
}

interface MapCombatant {
  tokenId: string | null;
  system?: object;
}

export interface MapOptions {
  scene(): MapScene | null;
  combat(): { started: boolean; combatants: { contents: MapCombatant[] } } | null;
  /** Ids of the tokens this user targets. */
  targeted(): Set<string>;
  toggleTarget(token: MapToken): void;
  /** Whether `canvas.grid` is this scene's grid (the test world's canvas). */
  grid(): { getOffset(point: { x: number; y: number }): { i: number; j: number } } | null;
  /** The system's map API (`game.clockwork.map`), if it has one: a drag's preview and the ruler's band colours. */
  system(): MapSystem | null;
  /** Whether something waits for a press on the board (a dialog aiming an area: it listens on `canvas.stage`). */
  aiming?(): boolean;
  /** Hands a press on the board to the canvas (`canvas.stage`'s pointerdown), at a scene point in pixels; 2 is a right-click. */
  pressBoard?(point: { x: number; y: number }, button: number): void;
}

type RulerStyle = { color?: number; alpha?: number };
interface Waypoint { x: number; y: number; previous?: Waypoint | null; next?: Waypoint | null }

/** The ruler's bands, as the system names them (docs/api.md "Map API"), and the legend's words. */
const BANDS: [band: string, label: string][] = [["walk", "walk"], ["run", "run"], ["step", "step"], ["crawl", "crawl"], ["over", "not enough counters"], ["blocked", "may not move"]];

/** What the map asks of the system (`game.clockwork.map`; the page may run the built bundle, so never an import of `src/`). */
export interface MapSystem {
  /** A drag's price for this user now, and each space's band (one per space moved into; a diagonal step covers 2). */
  previewMove(token: MapToken, points: { x: number; y: number }[]): { bands: string[]; problem: unknown };
  /** The ruler's band colours (CSS). */
  bandColors(): Record<string, string>;
}

/**
 * Moves a token through the movement API: `TokenDocument#move` (core v13: the movement is
 * recorded, `preMoveToken` may refuse it, the system pays for it), else a plain position update
 * (a world without movement). The one place the map changes a token's position.
 */
export async function moveToken(token: MapToken, to: { x: number; y: number }): Promise<unknown> {
  if (typeof token.move === "function") return token.move([{ x: to.x, y: to.y }], { method: "dragging" });
  return token.update({ x: to.x, y: to.y });
}

/**
 * The host's stand-in for core's `TokenRuler` base (client/canvas/placeables/tokens/ruler.mjs):
 * only the two style methods a system overrides, with core's defaults (the user's colour). Put in
 * `foundry.canvas.placeables.tokens` before the system's `init` so its ruler subclass registers.
 */
export function installRulerBase(foundry: Record<string, unknown>): void {
  const canvas = (foundry.canvas ??= {}) as Record<string, unknown>;
  const placeables = (canvas.placeables ??= {}) as Record<string, unknown>;
  const tokens = (placeables.tokens ??= {}) as Record<string, unknown>;
  tokens.TokenRuler ??= class TokenRuler {
    constructor(readonly token: unknown) {}
    _getSegmentStyle(_waypoint: Waypoint): RulerStyle & { width: number } {
      return { width: 4, color: 0xffffff, alpha: 1 };
    }

    _getGridHighlightStyle(_waypoint: Waypoint, _offset: { i: number; j: number }): RulerStyle {
      return { color: 0xffffff, alpha: 0.5 };
    }
  };
}

const SVG = "http://www.w3.org/2000/svg";
function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

const initials = (name: string) => name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]).join("").toUpperCase();

/** The spaces a straight drag crosses, as core's square grid path: diagonals first, then straight. */
export function gridPath(from: { i: number; j: number }, to: { i: number; j: number }): { i: number; j: number }[] {
  const path: { i: number; j: number }[] = [];
  let { i, j } = from;
  while (i !== to.i || j !== to.j) {
    i += Math.sign(to.i - i);
    j += Math.sign(to.j - j);
    path.push({ i, j });
  }
  return path;
}

interface Drag {
  token: MapToken;
  element: HTMLElement;
  pointer: number;
  start: { x: number; y: number };
  from: { i: number; j: number };
  to: { i: number; j: number };
  moved: boolean;
}

/** Per pointer move while dragging: the handler's time (ms), for the performance note. */
export interface MapTimings {
  moves: number[];
  /** Only the moves that entered a new space (the ruler recomputed). */
  recomputed: number[];
}

export class PlaygroundMap {
  readonly element: HTMLElement;
  readonly timings: MapTimings = { moves: [], recomputed: [] };
  readonly #options: MapOptions;
  readonly #surface: HTMLElement;
  readonly #layer: SVGSVGElement;
  readonly #ruler: SVGGElement;
  readonly #tokens: HTMLElement;
  readonly #title: HTMLElement;
  #drag: Drag | null = null;
  #pending = new Set<string>();
  /** The user owns every token (the GM): "yours" says nothing. */
  #everyone = false;

  constructor(options: MapOptions) {
    this.#options = options;
    this.#title = h("span", { className: "map-title" }, "");
    this.#layer = svg("svg", { class: "map-layer", "aria-hidden": "true" });
    this.#ruler = svg("g", { class: "map-ruler" });
    this.#tokens = h("div", { className: "map-tokens" });
    this.#surface = h("div", { className: "map-surface" }, this.#layer as unknown as Node, this.#tokens);
    this.element = h("section", { id: "map", "aria-label": "Map" },
      h("header", { className: "map-header" }, this.#title,
        h("span", { className: "map-help" }, "Drag your token to move \u00B7 click a token to target \u00B7 arrow keys move the focused token, Ctrl+Z undoes its move"),
        this.#legend()),
      h("div", { className: "map-viewport" }, this.#surface));
    // While a dialog aims an area, a press anywhere on the map (tokens too, as core's template
    // layer takes the board) goes to the canvas: the dialog reads its point there.
    this.#surface.addEventListener("pointerdown", (event) => this.#onBoardDown(event), { capture: true });
    this.#surface.addEventListener("contextmenu", (event) => {
      if (this.#options.aiming?.()) event.preventDefault();
    });
    this.#surface.addEventListener("pointermove", () => this.#surface.classList.toggle("aiming", this.#options.aiming?.() === true));
    // On the window: a drag ends wherever the pointer is let go.
    window.addEventListener("pointermove", (event) => this.#onPointerMove(event));
    window.addEventListener("pointerup", (event) => void this.#onPointerUp(event));
    window.addEventListener("pointercancel", () => {
      this.#endDrag();
      this.draw();
    });
  }

  /** Redraws the scene from its documents (after any world change). */
  draw(): void {
    const scene = this.#options.scene();
    this.element.hidden = !scene;
    if (!scene || this.#drag) return;
    const size = scene.grid?.size || 100;
    this.#title.textContent = scene.name;
    const tokens = scene.tokens.contents.filter((t) => !t.hidden || t.isOwner);
    this.#everyone = tokens.every((t) => t.isOwner);
    const walls = scene.walls?.contents ?? [];
    let cols = MIN_COLS;
    let rows = MIN_ROWS;
    for (const t of tokens) {
      cols = Math.max(cols, Math.ceil(t.x / size + (t.width ?? 1)) + MARGIN);
      rows = Math.max(rows, Math.ceil(t.y / size + (t.height ?? 1)) + MARGIN);
    }
    for (const w of walls) {
      cols = Math.max(cols, Math.ceil(Math.max(w.c[0], w.c[2]) / size) + MARGIN);
      rows = Math.max(rows, Math.ceil(Math.max(w.c[1], w.c[3]) / size) + MARGIN);
    }
    Object.assign(this.#surface.style, { width: `${cols * CELL}px`, height: `${rows * CELL}px`, "--cell": `${CELL}px` });
    this.#surface.style.setProperty("--cell", `${CELL}px`);
    this.#layer.setAttribute("viewBox", `0 0 ${cols * size} ${rows * size}`);
    this.#layer.replaceChildren(...this.#areas(scene, size), ...this.#walls(walls, size), this.#ruler);
    this.#ruler.replaceChildren();

    const targeted = this.#options.targeted();
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.tokenId;
    const buttons = tokens.map((token) => this.#token(token, size, targeted.has(token.id)));
    this.#tokens.replaceChildren(...buttons);
    if (focused) (this.#tokens.querySelector(`[data-token-id="${focused}"]`) as HTMLElement | null)?.focus();
  }

  /** The ruler's legend, in the system's own band colours (none without the system's map API). */
  #legend(): HTMLElement {
    const colors = this.#options.system()?.bandColors() ?? null;
    if (!colors) return h("p", { className: "map-legend", hidden: true });
    return h("p", { className: "map-legend" }, "Ruler: ",
      ...BANDS.map(([band, name]) => h("span", { className: "map-band", dataset: { band } }, h("i", { style: `background:${colors[band] ?? "#ffffff"}` }), name)));
  }

  #areas(scene: MapScene, size: number): SVGElement[] {
    const perUnit = size / (scene.grid?.distance || 1);
    const shapes: SVGElement[] = [];
    const style = (color: string | null | undefined) => ({ class: "map-area", fill: color || "#e8772e", stroke: color || "#e8772e" });
    for (const t of scene.templates?.contents ?? []) {
      const x = t.x ?? 0;
      const y = t.y ?? 0;
      const r = (t.distance ?? 0) * perUnit;
      const dir = ((t.direction ?? 0) * Math.PI) / 180;
      const at = (angle: number, d: number) => `${x + Math.cos(angle) * d},${y + Math.sin(angle) * d}`;
      let shape: SVGElement | null = null;
      if (t.t === "circle") shape = svg("circle", { cx: x, cy: y, r, ...style(t.fillColor) });
      else if (t.t === "cone") {
        const half = (((t.angle ?? 53.13) / 2) * Math.PI) / 180;
        shape = svg("path", { d: `M${x},${y} L${at(dir - half, r)} A${r},${r} 0 0 1 ${at(dir + half, r)} Z`, ...style(t.fillColor) });
      } else if (t.t === "rect") {
        const [x2, y2] = at(dir, r).split(",").map(Number);
        shape = svg("rect", { x: Math.min(x, x2), y: Math.min(y, y2), width: Math.abs(x2 - x), height: Math.abs(y2 - y), ...style(t.fillColor) });
      } else if (t.t === "ray") {
        shape = svg("line", { x1: x, y1: y, x2: at(dir, r).split(",")[0], y2: at(dir, r).split(",")[1], "stroke-width": (t.width ?? 1) * perUnit, class: "map-area map-ray", stroke: t.fillColor || "#e8772e" });
      }
      if (shape) shapes.push(this.#labelled(shape, t));
    }
    for (const region of scene.regions?.contents ?? []) {
      for (const s of region.shapes ?? []) {
        const n = (k: string) => Number(s[k] ?? 0);
        let shape: SVGElement | null = null;
        if (s.type === "circle" || s.type === "ring") shape = svg("circle", { cx: n("x"), cy: n("y"), r: n("radius"), ...style(region.color) });
        else if (s.type === "ellipse") shape = svg("ellipse", { cx: n("x"), cy: n("y"), rx: n("radiusX"), ry: n("radiusY"), transform: `rotate(${n("rotation")} ${n("x")} ${n("y")})`, ...style(region.color) });
        else if (s.type === "rectangle") shape = svg("rect", { x: n("x"), y: n("y"), width: n("width"), height: n("height"), transform: `rotate(${n("rotation")} ${n("x")} ${n("y")})`, ...style(region.color) });
        else if (s.type === "polygon" && Array.isArray(s.points)) shape = svg("polygon", { points: (s.points as number[]).join(" "), ...style(region.color) });
        else if (s.type === "cone") {
          const [x, y, r] = [n("x"), n("y"), n("radius")];
          const dir = (n("rotation") * Math.PI) / 180;
          const half = ((n("angle") / 2) * Math.PI) / 180;
          const at = (a: number) => `${x + Math.cos(a) * r},${y + Math.sin(a) * r}`;
          shape = svg("path", { d: `M${x},${y} L${at(dir - half)} A${r},${r} 0 0 1 ${at(dir + half)} Z`, ...style(region.color) });
        }
        if (shape) {
          if (s.hole) shape.classList.add("map-hole");
          shapes.push(this.#labelled(shape, region));
        }
      }
    }
    return shapes;
  }

  #labelled(shape: SVGElement, area: MapArea): SVGElement {
    shape.dataset.areaId = area.id;
    // A dialog's preview (not yet cast) is drawn dashed.
    if ((area.flags?.clockwork as { preview?: boolean } | undefined)?.preview) {
      shape.classList.add("map-area-preview");
      shape.dataset.preview = "true";
    }
    const title = svg("title", {});
    title.textContent = area.name || "Area";
    shape.append(title);
    return shape;
  }

  #walls(walls: NonNullable<MapScene["walls"]>["contents"], size: number): SVGElement[] {
    return walls.map((wall) => {
      const line = svg("line", { x1: wall.c[0], y1: wall.c[1], x2: wall.c[2], y2: wall.c[3], class: wall.door ? "map-wall map-door" : "map-wall", "stroke-width": size / 8 });
      line.dataset.wallId = wall.id;
      return line;
    });
  }

  #token(token: MapToken, size: number, targeted: boolean): HTMLElement {
    const w = (token.width ?? 1) * CELL;
    const ht = (token.height ?? 1) * CELL;
    const side = token.disposition > 0 ? "friendly" : token.disposition < 0 ? "hostile" : "neutral";
    const el = h("button", {
      type: "button", className: `map-token ${side}${token.isOwner ? " owned" : ""}${targeted ? " targeted" : ""}${this.#pending.has(token.id) ? " moving" : ""}`,
      // Its name is its label (the initials are decoration); aria-pressed says whether it is targeted.
      dataset: { tokenId: token.id }, "aria-pressed": String(targeted), title: token.name,
      style: `left:${(token.x / size) * CELL}px;top:${(token.y / size) * CELL}px;width:${w}px;height:${ht}px`,
    }, h("span", { className: "map-token-face", "aria-hidden": "true" }, initials(token.name)),
    h("span", { className: "map-token-name" }, token.name, token.isOwner && !this.#everyone ? h("span", { className: "map-sr" }, " (yours)") : null));
    el.addEventListener("pointerdown", (event) => this.#onPointerDown(event, token, el));
    el.addEventListener("keydown", (event) => this.#onKey(event, token));
    el.addEventListener("click", (event) => {
      // A pointer click is handled on pointerup (a drag is not a click); this is Enter/Space.
      if (event.detail === 0) this.#options.toggleTarget(token);
    });
    return el;
  }

  #onBoardDown(event: PointerEvent): void {
    if (!this.#options.aiming?.() || !this.#options.pressBoard) return;
    event.preventDefault();
    event.stopPropagation();
    const size = this.#options.scene()?.grid.size ?? 100;
    const rect = this.#surface.getBoundingClientRect();
    this.#options.pressBoard({ x: ((event.clientX - rect.left) / CELL) * size, y: ((event.clientY - rect.top) / CELL) * size }, event.button);
    this.#surface.classList.toggle("aiming", this.#options.aiming());
  }

  #cellOf(event: PointerEvent): { i: number; j: number } {
    const rect = this.#surface.getBoundingClientRect();
    return { i: Math.floor((event.clientY - rect.top) / CELL), j: Math.floor((event.clientX - rect.left) / CELL) };
  }

  #onPointerDown(event: PointerEvent, token: MapToken, element: HTMLElement): void {
    if (event.button !== 0) return;
    event.preventDefault();
    element.focus();
    if (this.#drag) this.#endDrag();
    const size = this.#options.scene()?.grid.size ?? 100;
    const home = { i: Math.round(token.y / size), j: Math.round(token.x / size) };
    this.#drag = { token, element, pointer: event.pointerId, start: { x: event.clientX, y: event.clientY }, from: home, to: home, moved: false };
  }

  #onPointerMove(event: PointerEvent): void {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointer) return;
    const started = performance.now();
    if ((event.buttons & 1) === 0) {
      // The button was let go where no pointerup reached us: the drag is over.
      this.#endDrag();
      return this.draw();
    }
    if (!drag.moved && Math.hypot(event.clientX - drag.start.x, event.clientY - drag.start.y) < 6) return;
    if (!drag.token.isOwner) return;
    drag.moved = true;
    drag.element.classList.add("dragging");
    const under = this.#cellOf(event);
    // Keep the grabbed point: the token's cell moves by as much as the pointer's.
    const to = under;
    if (to.i !== drag.to.i || to.j !== drag.to.j || !this.#ruler.hasChildNodes()) {
      drag.to = to;
      drag.element.style.left = `${to.j * CELL}px`;
      drag.element.style.top = `${to.i * CELL}px`;
      this.#drawRuler(drag);
      this.timings.recomputed.push(performance.now() - started);
    }
    this.timings.moves.push(performance.now() - started);
  }

  /**
   * The path's spaces in the system's ruler colours: the system prices the drag for this user
   * (`previewMove`), each grid space takes the band of the last path space it covers (a diagonal
   * covers 2); core's white where the move is not charged.
   */
  #drawRuler(drag: Drag): void {
    const scene = this.#options.scene();
    const size = scene?.grid.size ?? 100;
    const path = gridPath(drag.from, drag.to);
    const system = this.#options.system();
    const colors = system?.bandColors() ?? {};
    const points = [{ x: drag.from.j * size, y: drag.from.i * size }, { x: drag.to.j * size, y: drag.to.i * size }];
    const bands = path.length && system ? system.previewMove(drag.token, points).bands : [];
    const nodes: SVGElement[] = [];
    let over = 0;
    let spaces = 0;
    for (const [k, offset] of path.entries()) {
      const prev = k === 0 ? drag.from : path[k - 1];
      spaces += Math.abs(offset.i - prev.i) + Math.abs(offset.j - prev.j);
      const band = bands[spaces - 1];
      const color = (band && colors[band]) || "#ffffff";
      if (band === "over" || band === "blocked") over++;
      const rect = svg("rect", { x: offset.j * size, y: offset.i * size, width: size, height: size, class: "map-ruler-space", fill: color, "fill-opacity": band ? 0.7 : 0.5 });
      rect.dataset.color = color;
      if (band) rect.dataset.band = band;
      nodes.push(rect);
    }
    if (path.length) {
      const label = svg("text", { x: (drag.to.j + 0.5) * size, y: (drag.to.i - 0.15) * size, class: "map-ruler-label", "text-anchor": "middle", "font-size": size * 0.35 });
      label.textContent = `${spaces} ${spaces === 1 ? "space" : "spaces"}${over ? " \u2014 too far" : ""}`;
      nodes.push(label);
    }
    this.#ruler.replaceChildren(...nodes);
  }

  async #onPointerUp(event: PointerEvent): Promise<void> {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointer) return;
    this.#endDrag();
    if (!drag.moved) return this.#options.toggleTarget(drag.token);
    if (drag.to.i === drag.from.i && drag.to.j === drag.from.j) return this.draw();
    await this.#move(drag.token, drag.to);
  }

  #endDrag(): void {
    this.#drag = null;
    this.#ruler.replaceChildren();
  }

  /** Whether a drag is under way (for tests). */
  get dragging(): boolean {
    return this.#drag !== null;
  }

  async #move(token: MapToken, to: { i: number; j: number }): Promise<void> {
    const size = this.#options.scene()?.grid.size ?? 100;
    this.#pending.add(token.id);
    try {
      await moveToken(token, { x: to.j * size, y: to.i * size });
    } catch (error) {
      console.error(error);
    } finally {
      this.#pending.delete(token.id);
      // A refused move leaves the token where it was: draw it back there.
      this.draw();
    }
  }

  #onKey(event: KeyboardEvent, token: MapToken): void {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && token.isOwner) {
      // Core's Ctrl+Z: the token's last recorded move is undone (where the world records moves).
      event.preventDefault();
      // Core's undo takes back the most recent movement (by its id), not the whole history.
      const last = token.movementHistory?.at(-1)?.movementId;
      void token.revertRecordedMovement?.(last).catch((error: unknown) => console.error(error)).finally(() => this.draw());
      return;
    }
    const step: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const delta = step[event.key];
    if (!delta || !token.isOwner) return;
    event.preventDefault();
    const size = this.#options.scene()?.grid.size ?? 100;
    void this.#move(token, { i: Math.round(token.y / size) + delta[0], j: Math.round(token.x / size) + delta[1] });
  }
}
