/**
 * `foundry.applications.apps.FilePicker` of the test world: only what `editImage` uses. Core's
 * picker (v13 `client/applications/apps/file-picker.mjs`) browses the server's files and calls
 * `callback(path)` when the user chooses one; here `browse()` records the picker as the open one
 * of its client (`FilePicker.opened`), and a test chooses with `choose(path)`. No file system.
 */
import { rt } from "./runtime";

export interface FilePickerOptions {
  current?: string;
  type?: string;
  redirectToRoot?: string[];
  callback?: (path: string, picker: FilePicker) => unknown;
  position?: { top?: number; left?: number };
}

const openByUser = new Map<string, FilePicker[]>();

export class FilePicker {
  static get implementation(): typeof FilePicker {
    return FilePicker;
  }

  /** The pickers open on the current client, most recent last. */
  static get opened(): FilePicker[] {
    const user = rt().game?.user?.id ?? "";
    let list = openByUser.get(user);
    if (!list) openByUser.set(user, (list = []));
    return list;
  }

  readonly options: FilePickerOptions;

  constructor(options: FilePickerOptions = {}) {
    this.options = options;
  }

  get current(): string | undefined {
    return this.options.current;
  }

  get type(): string | undefined {
    return this.options.type;
  }

  async browse(): Promise<this> {
    FilePicker.opened.push(this);
    return this;
  }

  /** The user picks a file: the picker closes and hands the path to its callback. */
  async choose(path: string): Promise<void> {
    const list = FilePicker.opened;
    list.splice(list.indexOf(this), 1);
    await this.options.callback?.(path, this);
  }
}
