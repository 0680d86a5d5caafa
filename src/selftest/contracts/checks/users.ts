/** The active GM, and User#query answered by this GM's own client. */
import type { ContractCheck } from "../types";
import { CONFIG, ensure, game, rejects, same, scratchPlayer } from "./support";

const QUERY = "clockwork.contractCheck";

/** Registers a scratch query handler for the length of `fn`. */
async function withQuery<T>(handler: (...args: unknown[]) => unknown, fn: () => Promise<T>): Promise<T> {
  const queries = CONFIG().queries;
  queries[QUERY] = handler;
  try {
    return await fn();
  } finally {
    delete queries[QUERY];
  }
}

export const userChecks: ContractCheck[] = [
  {
    id: "active-gm.designated",
    behaviour: "Active GM",
    title: "game.users.activeGM is a connected GM, a full GM before an assistant, then the lowest id",
    source: "client/documents/collections/users.mjs activeGM, getDesignatedUser",
    async run() {
      const users = game().users;
      const active = users.filter((u: { active: boolean; isGM: boolean }) => u.active && u.isGM) as { id: string; role: number }[];
      const best = Math.max(...active.map((u) => u.role));
      const expected = active.filter((u) => u.role === best).map((u) => u.id).sort()[0];
      same("activeGM's id", users.activeGM?.id, expected);
      ensure(game().user.isGM, "this check to run as a GM", game().user.name);
      ensure(users.activeGM, "an active GM while a GM is connected", "null");
    },
  },
  {
    id: "queries.self-answered-with-options",
    behaviour: "Queries",
    title: "User#query runs CONFIG.queries[name](data, options) and resolves its value; options are {timeout} on v13, {timeout, user} on v14",
    source: "client/documents/user.mjs query; client/documents/collections/users.mjs #handleUserQuery",
    async run(context) {
      const calls: unknown[][] = [];
      const value = await withQuery((...args) => (calls.push(args), { answer: 42 }), () => game().user.query(QUERY, { asked: 1 }, { timeout: 5000 }));
      same("the resolved value", value, { answer: 42 });
      same("handler calls", calls.length, 1);
      const [data, options] = calls[0] as [unknown, Record<string, unknown>];
      same("the handler's data", data, { asked: 1 });
      same("the handler's option keys", Object.keys(options).sort(), context.generation >= 14 ? ["timeout", "user"] : ["timeout"]);
      same("options.timeout", options.timeout, 5000);
      if (context.generation >= 14) same("options.user (the asker, attested by the server)", (options.user as { id?: string } | undefined)?.id, game().user.id);
      // Without a timeout the key is still there, undefined.
      await withQuery((...args) => void calls.push(args), () => game().user.query(QUERY, {}));
      const untimed = calls[1]?.[1] as Record<string, unknown>;
      same("option keys without a timeout", Object.keys(untimed).sort(), context.generation >= 14 ? ["timeout", "user"] : ["timeout"]);
      same("options.timeout without one", untimed.timeout, undefined);
    },
  },
  {
    id: "queries.rejections",
    behaviour: "Queries",
    title: "User#query rejects an unregistered name, an inactive user, and a handler's error with its message",
    source: "client/documents/user.mjs query; client/documents/collections/users.mjs #handleUserQuery",
    async run(context) {
      const unregistered = await rejects("an unregistered query", () => game().user.query("clockwork.noSuchQuery", {}));
      ensure(/not registered/.test(unregistered), "'… is not registered'", unregistered);
      const player = await scratchPlayer(context);
      await withQuery(() => "never", async () => {
        const inactive = await rejects("a query to an inactive user", () => player.query(QUERY, {}));
        ensure(/not active/.test(inactive), "'User [id] is not active'", inactive);
      });
      const failed = await withQuery(() => {
        throw new Error("contract handler failed");
      }, () => rejects("a query whose handler throws", () => game().user.query(QUERY, {})));
      same("the rejection's message", failed, "contract handler failed");
    },
  },
  {
    id: "queries.timeout",
    behaviour: "Queries",
    title: "User#query rejects when the answer comes after its timeout",
    source: "client/documents/user.mjs query (queryOptions.timeout, enforced by the server)",
    async run() {
      const message = await withQuery(() => new Promise((resolve) => setTimeout(() => resolve("late"), 400)),
        () => rejects("a late answer", () => game().user.query(QUERY, {}, { timeout: 50 })));
      ensure(/time/i.test(message), "a timeout rejection", message);
      // Let the late handler finish before its registration goes.
      await new Promise((resolve) => setTimeout(resolve, 400));
    },
  },
];
