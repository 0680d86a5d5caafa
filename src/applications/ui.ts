/**
 * The sheets' few calls into Foundry's user interface: localized notifications, the
 * confirmation dialog and template rendering. One place, so the rest stays testable.
 */
import { localize } from "../foundry";

type Level = "error" | "warn" | "info";

/** Show a localized notification to this user. */
export function notify(level: Level, key: string, data?: Record<string, unknown>): void {
  const message = localize(key, data);
  const notifications = ui.notifications;
  if (!notifications) {
    console.warn(`ClockWork | ${message}`);
    return;
  }
  notifications[level](message);
}

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

export { localize };
