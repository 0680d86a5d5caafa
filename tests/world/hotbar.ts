/**
 * `ui.hotbar` of the test world: only its drop, as v13 `client/applications/ui/hotbar.mjs`
 * `_onDrop` handles one (read, not copied). `drop(data, slot)` calls the `hotbarDrop` hook with
 * (hotbar, data, slot) and stops when a handler returns false; otherwise a Macro is assigned to
 * the slot (created first when it is not a world macro), and any other document gets a script
 * macro that shows its sheet (`_createDocumentSheetToggle`: "Display <name>", the document's
 * picture, `Hotbar.toggleDocumentSheet(uuid)`), assigned to the slot. Not modelled: the bar's
 * rendering, pages, the lock, dragging macros between slots, clicking a slot.
 */
import { requireHost } from "./documents/document";
import type { WorldDocument } from "./documents/document";
import type { PlainObject } from "./utils";

interface DocClass {
  fromDropData?(data: PlainObject): Promise<WorldDocument | null>;
  create(data: PlainObject): Promise<WorldDocument | undefined>;
}

export class Hotbar {
  /** A drop of `data` on `slot`, as core's `_onDrop`: resolves the user's update, or undefined. */
  async drop(data: PlainObject, slot: number): Promise<unknown> {
    const host = requireHost();
    if (host.Hooks.call("hotbarDrop", this, data, slot) === false) return undefined;
    const config = host.CONFIG as Record<string, { documentClass?: DocClass } | undefined>;
    const cls = typeof data.type === "string" ? config[data.type]?.documentClass : undefined;
    const doc = await cls?.fromDropData?.(data);
    if (!doc) return undefined;
    const macros = host.collection("Macro");
    const Macro = config.Macro?.documentClass as DocClass;
    let macro: WorldDocument | undefined;
    if (data.type === "Macro") macro = macros?.has(doc.id as string) ? doc : await Macro.create(doc.toObject());
    else {
      const img = (doc as unknown as { img?: string }).img;
      macro = await Macro.create({ name: `Display ${doc.name}`, type: "script", img: img || "icons/svg/book.svg", command: `await Hotbar.toggleDocumentSheet("${doc.uuid}");` });
    }
    if (!macro) return undefined;
    const user = host.user as unknown as { assignHotbarMacro(m: WorldDocument, s: number, o: object): Promise<unknown> };
    return user.assignHotbarMacro(macro, slot, { fromSlot: data.slot });
  }
}
