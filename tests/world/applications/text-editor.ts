/**
 * The two TextEditor calls system code makes. Modelled on Foundry v13
 * `client/applications/ux/text-editor.mjs`: `getDragEventData` parses the "text/plain" JSON
 * a drag carries (an empty object when there is none); `enrichHTML` resolves enrichers.
 * Not modelled: enrichers (content links, inline rolls, embeds) and secret stripping: the
 * text comes back as given, which is what a plain biography enriches to.
 */
export class TextEditor {
  static get implementation(): typeof TextEditor {
    return TextEditor;
  }

  static getDragEventData(event: DragEvent): Record<string, unknown> {
    if (!("dataTransfer" in event) || !event.dataTransfer) return {};
    try {
      return JSON.parse(event.dataTransfer.getData("text/plain")) as Record<string, unknown>;
    } catch {
      return {};
    }
  }

  static async enrichHTML(content: string | null | undefined, _options: object = {}): Promise<string> {
    return content ?? "";
  }
}
