/**
 * The parts of Foundry's interface around the system that the host page draws itself: the
 * toolbar (who you are, switch user, the party's sheets, theme, reset), the players list and
 * notifications. Plain DOM, none of it system code; the sidebar is in sidebar.ts.
 */

export interface HostUser {
  id: string;
  name: string;
  isGM: boolean;
  role?: number;
  color?: string;
  /** Connected now (a tab open as this user). */
  active?: boolean;
}

export interface HostActor {
  id: string;
  uuid: string;
  name: string;
  img?: string | null;
  type: string;
  hasPlayerOwner?: boolean;
  sheet: { render(options: object): Promise<unknown> } | null;
  testUserPermission(user: unknown, level: string): boolean;
  toDragData?(): object;
}

export interface IndexEntry {
  _id: string;
  uuid: string;
  name: string;
  img?: string;
  type?: string;
  folder?: string | null;
  sort?: number;
}

export interface HostPack {
  collection: string;
  documentName: string;
  title: string;
  visible: boolean;
  getIndex(): Promise<Iterable<IndexEntry>>;
}

export type Theme = "light" | "dark";

/** A small element builder: `h("button", { type: "button", dataset: { x: "1" } }, "Text")`. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, unknown>> & { dataset?: Record<string, string>; className?: string } = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "className") el.className = String(value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2).toLowerCase(), value as EventListener);
    else if (key in el && typeof value !== "string") (el as unknown as Record<string, unknown>)[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

/** The page's address for another user (or theme), keeping the other parameters. */
export function addressFor(changes: Record<string, string | null>): string {
  const params = new URLSearchParams(location.search);
  params.delete("fresh");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  return `?${params}`;
}

const ROLE_NAMES: Record<number, string> = { 1: "Player", 2: "Trusted", 3: "Assistant GM", 4: "Gamemaster" };

export interface ToolbarOptions {
  title: string;
  users: HostUser[];
  current: HostUser;
  /** The characters a player owns, shown as quick buttons. */
  party: HostActor[];
  theme: Theme;
  onTheme(theme: Theme): void;
  onReset(): void;
  /** The map's toggle (the playground): shown or the board's guide instead. */
  map?: { shown: boolean; toggle(): void };
}

/**
 * The toolbar: the playground's name, "Playing as" with a link per user (each user is a page of
 * its own; switching reloads as that user), the party's sheets, the theme and the reset.
 */
export function renderToolbar(options: ToolbarOptions): HTMLElement {
  const { users, current } = options;
  const switcher = h("span", { className: "user-switch", role: "group", "aria-label": "Playing as" },
    h("span", { className: "label" }, "Playing as"),
    ...users.map((user) => h("a", {
      href: addressFor({ user: user.name }), dataset: { user: user.name },
      className: user.id === current.id ? "current" : "", "aria-current": user.id === current.id ? "true" : null,
      title: `${user.name} (${ROLE_NAMES[user.role ?? 0] ?? (user.isGM ? "Gamemaster" : "Player")})`,
    }, user.name)));
  const party = h("span", { className: "actors" },
    ...options.party.map((actor) => h("button", {
      type: "button", dataset: { actorId: actor.id }, title: `Open ${actor.name}`,
      onclick: () => void actor.sheet?.render({ force: true }),
    }, actor.name)));
  const next: Theme = options.theme === "dark" ? "light" : "dark";
  const theme = h("button", {
    type: "button", className: "theme-toggle", dataset: { theme: next }, title: `Switch to the ${next} theme`,
    onclick: () => options.onTheme(next),
  }, options.theme === "dark" ? "\u263C Light" : "\u263E Dark");
  const reset = h("button", {
    type: "button", dataset: { worldReset: "" }, title: "Forget every change and start again from the starter world",
    onclick: () => options.onReset(),
  }, "Reset world");
  const map = options.map ? h("button", {
    type: "button", className: "map-toggle", "aria-pressed": String(options.map.shown),
    title: options.map.shown ? "Hide the map and show the guide" : "Show the map",
    onclick: options.map.toggle,
  }, "\u25A6 Map") : null;
  return h("nav", { id: "world-toolbar" },
    h("span", { className: "brand" }, options.title),
    switcher, party, h("span", { className: "spacer" }), map, theme, reset);
}

/** Foundry's players list (bottom left): every user, its role and who this page is. */
export function renderPlayers(users: HostUser[], current: HostUser): HTMLElement {
  return h("aside", { id: "players", "aria-label": "Players" },
    h("h3", {}, "Players"),
    h("ol", {}, ...users.map((user) => h("li", { className: `${user.id === current.id ? "player self" : "player"}${user.active ? " active" : " inactive"}`, dataset: { userId: user.id, active: String(Boolean(user.active)) } },
      // Filled when the user has a tab open, hollow when not (as Foundry's players list).
      h("span", { className: "player-dot", role: "img", "aria-label": user.active ? "connected" : "not connected", "data-tooltip": user.active ? "Connected" : "Not connected", title: user.active ? "Connected" : "Not connected", style: user.active ? `background: ${user.color ?? "#888"}` : `border-color: ${user.color ?? "#888"}` }),
      h("a", { href: addressFor({ user: user.name }), title: `Play as ${user.name}` }, user.name),
      h("span", { className: "player-role" }, user.isGM ? "GM" : (ROLE_NAMES[user.role ?? 1] ?? "Player")),
      user.id === current.id ? h("span", { className: "player-self" }, "(you)") : null))));
}

export function showNotification(type: string, message: string): void {
  let list = document.getElementById("notifications");
  if (!list) {
    list = h("ol", { id: "notifications", role: "status", "aria-live": "polite" });
    document.body.append(list);
  }
  const li = h("li", { className: `notification ${type === "warn" ? "warning" : type}` }, message);
  list.append(li);
  setTimeout(() => li.remove(), type === "error" ? 12_000 : 8000);
}
