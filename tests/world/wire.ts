/**
 * What travels between the playground's one world (tests/world/hub.ts, in Node) and each tab
 * (tests/world/remote.ts): JSON text messages, in order, over one connection per tab.
 */
import type { ModifyRequest, ModifyResponse } from "./documents/host";
import type { QueryResult } from "./server";
import type { PlainObject } from "./utils";
import type { WorldSnapshot } from "./world";

/** Where a tab opens its WebSocket to the hub (the page's own address). */
export const WORLD_SOCKET_PATH = "/__clockwork/world";

/** A tab to the hub. `id` pairs a request with its `done`/`failed`/`result`. */
export type ToHub =
  | { t: "hello"; user: string; fresh?: boolean }
  | { t: "modify"; id: number; request: ModifyRequest }
  | { t: "query"; id: number; target: string; name: string; data: unknown; timeout?: number }
  | { t: "answer"; id: number; result: QueryResult }
  | { t: "seed"; id: number; type: string; sources: PlainObject[]; userId?: string }
  | { t: "flush"; id: number }
  | { t: "reset" };

/** The hub's first answer: the world as it is now, who is connected, and whether this tab seeds it. */
export interface Welcome {
  t: "welcome";
  userId: string;
  snapshot: WorldSnapshot;
  active: string[];
  /** The world is empty: this tab fills it (the starter actors) once its system is booted. */
  seed: boolean;
}

/** The hub to a tab. */
export type FromHub =
  | Welcome
  | { t: "refused"; reason: string }
  | { t: "done"; id: number; response: ModifyResponse }
  | { t: "failed"; id: number; error: string }
  | { t: "broadcast"; response: ModifyResponse }
  | { t: "presence"; userId: string; active: boolean }
  | { t: "ask"; id: number; name: string; data: unknown; options: { timeout?: number; from?: string } }
  | { t: "result"; id: number; result?: QueryResult }
  | { t: "reset" };

/**
 * One end of a connection, whatever carries it (a WebSocket in the browser, a queue in the node
 * tests): text out, text in (buffered until someone listens), and its end.
 */
export class Channel {
  #queue: string[] = [];
  #handler: ((text: string) => void) | null = null;
  #closed = false;
  readonly #onClose = new Set<() => void>();

  constructor(private readonly out: (text: string) => void, private readonly end: () => void) {}

  get closed(): boolean {
    return this.#closed;
  }

  send(message: ToHub | FromHub): void {
    if (!this.#closed) this.out(JSON.stringify(message));
  }

  /** Called by the transport for each message, in order. */
  deliver(text: string): void {
    if (this.#handler) this.#handler(text);
    else this.#queue.push(text);
  }

  /** Take the messages (the buffered ones first); null pauses (they are kept). */
  listen(handler: ((text: string) => void) | null): void {
    this.#handler = handler;
    while (this.#handler === handler && handler && this.#queue.length) handler(this.#queue.shift() as string);
  }

  onClose(listener: () => void): void {
    if (this.#closed) listener();
    else this.#onClose.add(listener);
  }

  /** Called by the transport when the connection ended. */
  ended(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const listener of this.#onClose) listener();
    this.#onClose.clear();
  }

  close(): void {
    if (this.#closed) return;
    this.end();
    this.ended();
  }
}
