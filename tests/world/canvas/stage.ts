/**
 * `canvas.stage` of a test-world client: core's root PIXI container (client/canvas/board.mjs
 * creates one `PIXI.Container` per Canvas and its pointer events reach it from whatever was
 * clicked on the board). Only what a system listens for is modelled: `on`/`off`/`once`/`emit`
 * and `listenerCount` of PIXI's EventEmitter, and a `pointerdown` federated event carrying
 * `button` and `getLocalPosition(container)` (scene pixels: the stage's own coordinates), as
 * dnd5e's template placement reads it (module/canvas/ability-template.mjs: `canvas.stage.on`
 * for the press that confirms, `event.data.getLocalPosition(layer)`). No hit testing, layers,
 * hover or drag: `clickScene` says where the user pressed.
 */
export interface StageEvent {
  type: string;
  button: number;
  global: { x: number; y: number };
  getLocalPosition(container?: unknown): { x: number; y: number };
  data: { getLocalPosition(container?: unknown): { x: number; y: number } };
  stopPropagation(): void;
  propagationStopped: boolean;
}

type Listener = (event: StageEvent) => void;

export class Stage {
  readonly #listeners = new Map<string, { fn: Listener; once: boolean }[]>();

  on(type: string, fn: Listener): this {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), { fn, once: false }]);
    return this;
  }

  once(type: string, fn: Listener): this {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), { fn, once: true }]);
    return this;
  }

  off(type: string, fn?: Listener): this {
    const kept = fn ? (this.#listeners.get(type) ?? []).filter((l) => l.fn !== fn) : [];
    this.#listeners.set(type, kept);
    return this;
  }

  listenerCount(type: string): number {
    return this.#listeners.get(type)?.length ?? 0;
  }

  /** Calls the listeners of `type` in the order they were added (PIXI's EventEmitter). */
  emit(type: string, event: StageEvent): boolean {
    const listeners = this.#listeners.get(type) ?? [];
    if (!listeners.length) return false;
    this.#listeners.set(type, listeners.filter((l) => !l.once));
    for (const l of listeners) l.fn(event);
    return true;
  }
}

/** A press on the board at a scene point (pixels): `pointerdown` then, as PIXI does for a mouse, `mousedown`. */
export function pressEvent(type: string, point: { x: number; y: number }, button = 0): StageEvent {
  const local = () => ({ x: point.x, y: point.y });
  const event: StageEvent = {
    type, button, global: { ...point }, getLocalPosition: local, data: { getLocalPosition: local }, propagationStopped: false,
    stopPropagation() {
      event.propagationStopped = true;
    },
  };
  return event;
}

/** The user presses the board at a scene point (left button 0; 2 is a right-click). Returns whether anything listened. */
export function clickStage(stage: Stage, point: { x: number; y: number }, button = 0): boolean {
  const heard = stage.emit("pointerdown", pressEvent("pointerdown", point, button));
  return stage.emit("mousedown", pressEvent("mousedown", point, button)) || heard;
}
