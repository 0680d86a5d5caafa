/**
 * The ApplicationV2 lifecycle the system's sheets rely on, on a scratch actor's own sheet: parts
 * re-rendered alone, the close transition, drag-start data, `editImage`. Needs a DOM.
 */
import type { ContractCheck, ContractContext } from "../types";
import { ContractSkip, NAME, ensure, foundry, same, scratch, type Loose } from "./support";

/** Waits until `test()` holds, up to a second. */
async function until(test: () => unknown): Promise<boolean> {
  for (let waited = 0; waited < 1000; waited += 10) {
    if (test()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Boolean(test());
}

/** A scratch character holding one weapon, its sheet rendered; `fn` runs, then the sheet is closed. */
async function withSheet(context: ContractContext, fn: (sheet: Loose, actor: Loose) => Promise<void>): Promise<void> {
  if (typeof document === "undefined") throw new ContractSkip("no DOM on this client");
  const actor = await scratch(context, "Actor", { name: NAME, type: "character", items: [{ name: NAME, type: "weapon" }] });
  const sheet = actor.sheet;
  ensure(sheet, "the actor's sheet", "none");
  await sheet.render({ force: true });
  try {
    ensure(sheet.rendered && sheet.element?.isConnected, "the sheet rendered into the page", "not rendered");
    await fn(sheet, actor);
  } finally {
    if (sheet.rendered) await sheet.close({ animate: false });
  }
}

/** A drag's data store, as much of DataTransfer as core's drag start uses. */
function transfer(): { store: Map<string, string>; dataTransfer: object } {
  const store = new Map<string, string>();
  return { store, dataTransfer: { setData: (type: string, value: string) => void store.set(type, value), getData: (type: string) => store.get(type) ?? "", setDragImage: () => undefined, get types() { return [...store.keys()]; } } };
}

export const applicationChecks: ContractCheck[] = [
  {
    id: "applications.parts-and-close",
    behaviour: "Applications",
    title: "render({parts}) replaces only those parts; close() goes through CLOSING and 'minimizing', then removes the window before it resolves",
    source: "client/applications/api/handlebars-application.mjs _replaceHTML; client/applications/api/application.mjs #close, _awaitTransition",
    async run(context) {
      await withSheet(context, async (sheet) => {
        const parts = Object.keys(sheet.parts ?? {});
        ensure(parts.length >= 2, "a sheet of two parts or more", parts);
        const [first, second] = parts;
        const [old, kept] = [sheet.parts[first], sheet.parts[second]];
        await sheet.render({ parts: [first] });
        same(`${first} replaced, ${second} kept`, [sheet.parts[first] !== old, sheet.parts[second] === kept], [true, true]);
        const element = sheet.element as HTMLElement;
        // The state when "minimizing" appears: the transition runs while the window is CLOSING.
        let stateWhenMinimizing: unknown = "never minimizing";
        const observer = new MutationObserver(() => {
          if (element.classList.contains("minimizing") && stateWhenMinimizing === "never minimizing") stateWhenMinimizing = sheet.state;
        });
        observer.observe(element, { attributes: true, attributeFilter: ["class"] });
        await sheet.close();
        observer.disconnect();
        same("state while 'minimizing'", stateWhenMinimizing, sheet.constructor.RENDER_STATES.CLOSING);
        same("after close: rendered, in the page", [sheet.rendered, element.isConnected], [false, false]);
      });
    },
  },
  {
    id: "applications.drag-start",
    behaviour: "Applications",
    title: "A sheet's item row is draggable; dragging it puts the item's drag data ({type: 'Item', uuid}) on the transfer",
    source: "client/applications/sheets/actor-sheet.mjs _onDragStart; client/applications/ux/drag-drop.mjs bind",
    async run(context) {
      await withSheet(context, async (sheet, actor) => {
        const item = actor.items.contents[0];
        const row = sheet.element.querySelector(`.draggable[data-item-id="${item.id}"]`) as HTMLElement | null;
        ensure(row, "a draggable row for the item", "none");
        same("draggable attribute", row!.getAttribute("draggable"), "true");
        const { store, dataTransfer } = transfer();
        const event = new Event("dragstart", { bubbles: true, cancelable: true });
        Object.defineProperty(event, "dataTransfer", { value: dataTransfer });
        row!.dispatchEvent(event);
        await until(() => store.has("text/plain"));
        const data = JSON.parse(store.get("text/plain") ?? "null") as { type?: string; uuid?: string } | null;
        same("drag data", [data?.type, data?.uuid], ["Item", item.uuid]);
      });
    },
  },
  {
    id: "applications.edit-image",
    behaviour: "Applications",
    title: "Clicking img[data-edit] opens a FilePicker at the current image; its choice updates the document",
    source: "client/applications/api/document-sheet.mjs #onEditImage",
    async run(context) {
      await withSheet(context, async (sheet, actor) => {
        const picker = foundry().applications.apps.FilePicker.implementation;
        const proto = picker.prototype;
        const own = Object.hasOwn(proto, "browse");
        const browse = proto.browse;
        const opened: Loose[] = [];
        // Record the picker instead of showing it.
        proto.browse = async function (this: Loose) {
          opened.push(this);
          return this;
        };
        try {
          (sheet.element.querySelector("img[data-edit]") as HTMLElement | null)?.click();
          ensure(await until(() => opened.length), "a FilePicker opened", "none");
        } finally {
          if (own) proto.browse = browse;
          else delete proto.browse;
        }
        const fp = opened[0];
        same("picker: current, type", [fp.options?.current ?? fp.request, fp.options?.type ?? fp.type], [actor.img, "image"]);
        const path = "icons/svg/cowled.svg";
        await (fp.options?.callback ?? fp.callback)(path, fp);
        ensure(await until(() => actor.img === path), `actor.img ${path}`, actor.img);
      });
    },
  },
];
