/**
 * Where applications live per client. Core keeps one `foundry.applications.instances` map and
 * puts every window in `document.body`; the node world runs several clients in one DOM, so each
 * client (user) gets its own container and its own instances map. In the browser there is one
 * client per page and the host points the root at `document.body`, as core does.
 */
export interface ApplicationsConfig {
  /** The element a client's windows are inserted into. */
  root(userId: string): HTMLElement;
  /**
   * How long a closing window waits for its CSS transition when no `transitionend` comes
   * (core: 1000 ms, `application.mjs` `#close` → `_awaitTransition(element, 1000)`). Tests
   * shorten it (createDomWorld: 10 ms); they still have to wait for the close.
   */
  transitionMs: number;
}

const defaults: ApplicationsConfig = {
  root(userId) {
    const selector = `.world-client[data-user-id="${CSS.escape(userId)}"]`;
    let root = document.body.querySelector<HTMLElement>(selector);
    if (!root) {
      root = document.createElement("div");
      root.className = "world-client";
      root.dataset.userId = userId;
      document.body.append(root);
    }
    return root;
  },
  transitionMs: 1000,
};

let config: ApplicationsConfig = defaults;

export function configureApplications(options: Partial<ApplicationsConfig>): void {
  config = { ...defaults, ...options };
}

export function applicationsRoot(userId: string): HTMLElement {
  return config.root(userId);
}

/** The transition wait of a closing window (see `ApplicationsConfig.transitionMs`). */
export function transitionTimeout(): number {
  return config.transitionMs;
}

/** Shortens (or restores) the close transition wait, keeping the rest of the configuration. */
export function setTransitionTimeout(ms: number): void {
  config = { ...config, transitionMs: ms };
}

const byUser = new Map<string, Map<string, unknown>>();

/** `foundry.applications.instances` of one client. */
export function instancesOf(userId: string): Map<string, unknown> {
  let map = byUser.get(userId);
  if (!map) byUser.set(userId, (map = new Map()));
  return map;
}

/** Forget every client's windows (a new world in the same process). */
export function resetInstances(): void {
  byUser.clear();
}
