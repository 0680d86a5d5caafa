/**
 * An area's preview on the scene while a dialog is being aimed (issue 28 item 2): drawn as the
 * area will be (./templates `drawArea`: a MeasuredTemplate on v13, a Region on v14, flagged
 * `clockwork.preview`), drawn again where the user aims next, and removed when the dialog closes,
 * whether it was cast or cancelled (the cast draws its own area). Nothing is paid for a preview.
 * The drawings are made one after another, so a quick second aim never leaves the first behind.
 */
import { drawArea, type AreaPlacement, type AreaScene, type DrawnArea } from "./templates";

export class AreaPreview {
  #drawn: DrawnArea | null = null;
  #queue: Promise<void> = Promise.resolve();
  #shown: AreaPlacement | null = null;

  /** The placement the preview shows now (null: none). */
  get placement(): AreaPlacement | null {
    return this.#shown;
  }

  /** Shows the area at `placement` (null: takes the preview away). Resolves once the scene shows it. */
  show(placement: AreaPlacement | null, scene: AreaScene | null, label?: string): Promise<void> {
    return this.#then(async () => {
      await this.#remove();
      if (!placement || !scene) return;
      this.#drawn = await drawArea(placement, scene, label, { preview: true });
      this.#shown = this.#drawn ? placement : null;
    });
  }

  /** Takes the preview away. */
  clear(): Promise<void> {
    return this.#then(() => this.#remove());
  }

  async #remove(): Promise<void> {
    const drawn = this.#drawn;
    this.#drawn = null;
    this.#shown = null;
    await drawn?.remove();
  }

  #then(step: () => Promise<void>): Promise<void> {
    this.#queue = this.#queue.then(step, step).catch((error: unknown) => console.warn("ClockWork | the area preview failed", error));
    return this.#queue;
  }
}
