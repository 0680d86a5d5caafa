/** The DialogV2 prompts the system shows, and template rendering. */
import { localize } from "./i18n";

/** Ask a yes/no question with localized title and text; resolves true on yes. */
export async function confirm(titleKey: string, contentKey: string, data: Record<string, unknown> = {}): Promise<boolean> {
  const answer = await foundry.applications.api.DialogV2.confirm({
    window: { title: localize(titleKey, data) },
    content: `<p>${foundry.utils.escapeHTML(localize(contentKey, data))}</p>`,
    rejectClose: false,
    modal: true,
  });
  return answer === true;
}

/** Render one of the system's templates with a plain context. */
export function renderTemplate(path: string, context: object): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(path, context as Record<string, unknown>);
}

export interface ChoiceButton {
  action: string;
  label: string;
  icon?: string;
  default?: boolean;
  /** What the dialog resolves when this button is pressed (default: its action). */
  callback?: (event: unknown, button: HTMLButtonElement) => unknown;
}

/**
 * Shows a DialogV2 with buttons; resolves the pressed button's value, or null when closed.
 * `closeWhen`: the dialog closes by itself (null) once this settles (the asker left).
 */
export async function choose(options: { title: string; content: string; buttons: ChoiceButton[]; classes?: string[]; width?: number; closeWhen?: Promise<unknown> }): Promise<unknown> {
  let open = true;
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: options.title },
    ...(options.classes ? { classes: options.classes } : {}),
    ...(options.width ? { position: { width: options.width } } : {}),
    content: options.content,
    buttons: options.buttons,
    rejectClose: false,
    ...(options.closeWhen ? {
      render: (_event: Event, dialog: { close(): Promise<unknown> }) => {
        void options.closeWhen!.then(() => (open ? dialog.close() : undefined), () => undefined);
      },
    } : {}),
  } as never);
  open = false;
  return answer ?? null;
}

/** Asks for text or number inputs in a DialogV2 form; resolves the form's data, or null when cancelled. */
export async function inputDialog<T extends object>(options: { title: string; content: string }): Promise<T | null> {
  const result: unknown = await foundry.applications.api.DialogV2.input({
    window: { title: options.title },
    content: options.content,
    rejectClose: false,
  } as never);
  return result && typeof result === "object" ? result as T : null;
}

/** The named fields of the form holding `button`, as a plain object (a dialog button's callback). */
export function formData(button: HTMLButtonElement): Record<string, unknown> {
  return new foundry.applications.ux.FormDataExtended(button.form as HTMLFormElement).object;
}

/**
 * A choice asked of a player in the middle of someone else's action (a reaction, a
 * Counterspell). The dialog closes itself shortly before `timeout` ms, so the asking side's
 * query timeout never fires first and the fight is not held up. Resolves the chosen button's
 * action, or null when closed or timed out.
 */
export async function timedChoice(options: { title: string; content: string; buttons: ChoiceButton[]; timeout: number }): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answer = await foundry.applications.api.DialogV2.wait({
    window: { title: options.title },
    content: options.content,
    buttons: options.buttons,
    rejectClose: false,
    render: (_event: Event, dialog: { close(): Promise<unknown> }) => {
      timer = setTimeout(() => void dialog.close(), Math.max(0, options.timeout - 250));
    },
  } as never) as unknown;
  if (timer) clearTimeout(timer);
  return typeof answer === "string" ? answer : null;
}
