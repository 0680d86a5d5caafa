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
