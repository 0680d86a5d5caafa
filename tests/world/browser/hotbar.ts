/**
 * The playground's own macro bar (not Foundry's): one row of ten slots along the bottom, the
 * user's hotbar page 1 (`User#getHotbarMacros`). Dropping a sheet row or an item on a slot goes
 * through the test world's hotbar drop (tests/world/hotbar.ts: the `hotbarDrop` hook first, as
 * core's `Hotbar#_onDrop`), so the system makes its macro; clicking a slot runs the macro
 * (`Macro#execute`, the click's event in its scope). No pages, lock, context menu or macro
 * editor: Foundry's bar has them, this row does not.
 */
import { h } from "./ui";

export interface HotbarMacro {
  id: string;
  name: string;
  img?: string | null;
  execute(scope?: object): unknown;
}

export interface HotbarUser {
  getHotbarMacros(page?: number): { slot: number; macro: HotbarMacro | null }[];
}

export interface HotbarOptions {
  /** A drop of drag data on a slot (the world's `ui.hotbar.drop`). */
  drop(data: object, slot: number): Promise<unknown>;
}

function dragData(event: DragEvent): object | null {
  try {
    const data = JSON.parse(event.dataTransfer?.getData("text/plain") ?? "") as unknown;
    return data && typeof data === "object" ? data : null;
  } catch {
    return null;
  }
}

/** The row, drawn from the user's hotbar now; draw it again when the user or a macro changes. */
export function renderHotbar(user: HotbarUser, options: HotbarOptions): HTMLElement {
  const slots = user.getHotbarMacros(1).map(({ slot, macro }) => {
    const label = macro ? `Slot ${slot % 10}: ${macro.name}` : `Slot ${slot % 10}: empty (drop a weapon, spell, skill row or combat action from a sheet here)`;
    const button = h("button", {
      type: "button", className: macro ? "hotbar-slot filled" : "hotbar-slot", "aria-label": label, title: macro ? macro.name : "Empty slot",
      dataset: { slot: String(slot), ...(macro ? { macroId: macro.id } : {}) },
      disabled: macro ? null : true,
      onclick: (event: MouseEvent) => {
        if (!macro) return;
        void Promise.resolve(macro.execute({ event })).catch((error: unknown) => console.error(error));
      },
    },
    macro?.img ? h("img", { src: macro.img, alt: "" }) : null,
    h("span", { className: "hotbar-key", "aria-hidden": "true" }, String(slot % 10)),
    macro ? h("span", { className: "hotbar-name" }, macro.name) : null);
    const li = h("li", { dataset: { slot: String(slot) } }, button);
    // A disabled button takes no drop events: the slot's item does.
    li.addEventListener("dragover", (event) => event.preventDefault());
    li.addEventListener("drop", (event) => {
      event.preventDefault();
      const data = dragData(event);
      if (data) void options.drop(data, slot).catch((error: unknown) => console.error(error));
    });
    return li;
  });
  return h("nav", { id: "hotbar", "aria-label": "Macro bar (the playground's, not Foundry's)" },
    h("span", { className: "hotbar-title" }, "Macros"),
    h("ol", {}, ...slots));
}
