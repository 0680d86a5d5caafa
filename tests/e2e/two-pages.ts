/**
 * A table of several pages: each user in their own page (tab) of one browser context, all of
 * them clients of the host's one shared world, live (the GM in one, Alice in another). The
 * first page starts the world again from its seed (`fresh`); the others join it as it is.
 *
 * ```ts
 * const table = await openTable(browser, { users: ["Gamemaster", "Alice"] });
 * const gm = table.page("Gamemaster"), alice = table.page("Alice");
 * … act in one page, wait for it in the other …
 * await table.reload("Alice");          // the page reloads; the world is the server's, nothing is lost
 * await table.close();
 * ```
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { openClient, waitBooted, type ClientPage } from "./harness";

export interface TableOptions {
  /** Users by name, one page each, opened in this order (default: the GM, then Alice). */
  users?: string[];
  /** The host's address (default: the e2e run's host). */
  baseUrl?: string;
  /** Start the world again from the seed when the first page opens (default true). */
  fresh?: boolean;
  theme?: "light" | "dark";
  viewport?: { width: number; height: number };
}

export interface Table {
  context: BrowserContext;
  /** A user's page. */
  page(user: string): Page;
  /** Console errors and uncaught exceptions of a user's page. */
  errors(user: string): string[];
  /** Reloads a user's page and waits until its client has booted again. */
  reload(user: string): Promise<void>;
  /** Opens one more user's page at the same table. */
  join(user: string): Promise<Page>;
  /** Closes a user's page: that user goes offline for the others. */
  leave(user: string): Promise<void>;
  close(): Promise<void>;
}

export async function openTable(browser: Browser, { users = ["Gamemaster", "Alice"], baseUrl, fresh = true, theme = "dark", viewport = { width: 1400, height: 900 } }: TableOptions = {}): Promise<Table> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const pages = new Map<string, ClientPage>();
  const get = (user: string): ClientPage => {
    const client = pages.get(user);
    if (!client) throw new Error(`${user} has no page at this table`);
    return client;
  };
  const join = async (user: string, reset = false): Promise<Page> => {
    const client = await openClient(context, { user, theme, baseUrl, fresh: reset });
    pages.set(user, client);
    return client.page;
  };
  for (const [i, user] of users.entries()) await join(user, fresh && i === 0);
  return {
    context,
    page: (user) => get(user).page,
    errors: (user) => get(user).errors,
    async reload(user) {
      const { page } = get(user);
      await page.reload();
      await waitBooted(page, user);
    },
    join: (user) => join(user),
    async leave(user) {
      await get(user).page.close();
      pages.delete(user);
    },
    close: () => context.close(),
  };
}
