/** A drop on a sheet as a browser delivers it: `{type, uuid}` as text, read by `TextEditor.getDragEventData`. */
export function dropEvent(data: object): DragEvent {
  const json = JSON.stringify(data);
  if (typeof DataTransfer === "function" && typeof DragEvent === "function") {
    try {
      const transfer = new DataTransfer();
      transfer.setData("text/plain", json);
      const event = new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true });
      if (event.dataTransfer?.getData("text/plain") === json) return event;
    } catch {
      // Some hosts have the classes but refuse to build them.
    }
    // Or build them without carrying the data; a plain event does.
  }
  const transfer = { types: ["text/plain"], getData: (format: string) => (format === "text/plain" ? json : "") };
  return { type: "drop", target: null, dataTransfer: transfer, preventDefault() {}, stopPropagation() {} } as unknown as DragEvent;
}

interface DroppableSheet {
  _onDrop(event: DragEvent): Promise<unknown>;
}

/** Drops a document (by UUID) on a rendered sheet through the sheet's own drop handler. */
export function dropOn(sheet: unknown, type: string, uuid: string): Promise<unknown> {
  return (sheet as DroppableSheet)._onDrop(dropEvent({ type, uuid }));
}
