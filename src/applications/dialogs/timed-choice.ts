/** A choice asked of a player in the middle of someone else's action (a reaction, a Counterspell). */

export interface TimedChoiceButton {
  action: string;
  label: string;
  default?: boolean;
}

/**
 * Shows a DialogV2 that closes itself shortly before `timeout` ms, so the asking side's query
 * timeout never fires first and the fight is not held up. Resolves the chosen button's action,
 * or null when closed or timed out.
 */
export async function timedChoice(options: { title: string; content: string; buttons: TimedChoiceButton[]; timeout: number }): Promise<string | null> {
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
