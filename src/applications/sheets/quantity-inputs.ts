import { attemptUpdate } from "./form-errors";

interface StashSheet {
  element: HTMLElement;
  actor: { items: { get(id: string): unknown } };
  render(): unknown;
}

/**
 * A stash's quantity boxes (loot and party sheets) write to their item, not to the actor's form;
 * a box emptied or set below 0 is drawn again with the stored quantity.
 */
export function bindQuantityInputs(sheet: StashSheet): void {
  for (const input of sheet.element.querySelectorAll<HTMLInputElement>("input[data-item-quantity]")) {
    input.addEventListener("change", (event) => {
      event.stopPropagation();
      const item = sheet.actor.items.get(input.dataset.itemQuantity ?? "");
      const value = Number.parseInt(input.value, 10);
      if (!item || !Number.isInteger(value) || value < 0) {
        sheet.render();
        return;
      }
      void attemptUpdate(sheet as never, item as never, { "system.quantity": value });
    });
  }
}
