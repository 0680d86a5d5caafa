/**
 * A stand-in for Quench that implements only its documented registration API, and a minimal
 * mocha-like runner to run what was registered. From Quench's README ("Register a test batch")
 * and `src/module/quench.ts` (Ethaks/FVTT-Quench):
 * - `quench.registerBatch(key, fn, {displayName, preSelected})`; a key must start with the id of
 *   an installed package (else an error notification); a later registration with the same key
 *   replaces the earlier one;
 * - at each run Quench calls `fn(context)` inside a root suite of its own (`<key>_root`), without
 *   awaiting it (a mocha suite callback's return value is ignored), with mocha's `describe`, `it`,
 *   `before`, `after`, `beforeEach`, `afterEach`, `utils` and chai's `assert`, `expect`, `should`;
 * - mocha runs a suite's `before` hooks, its tests (each between the `beforeEach`/`afterEach`
 *   hooks of it and its parents), its child suites, then its `after` hooks; a test without a
 *   function is pending; `this.skip()` makes a test pending; a test or hook fails after 2000 ms
 *   unless it set `this.timeout(ms)` (0: none); a failing `before` hook fails its suite's tests.
 *
 * Self-contained (no imports, no outer names) so a page can evaluate its source.
 */

export interface StandInResult {
  /** Titles from the batch's first describe down to the test (or hook). */
  path: string[];
  state: "passed" | "failed" | "pending";
  error?: string;
  /** The timeout the test set (mocha's default when it set none). */
  timeout: number;
}

export interface StandInBatch {
  key: string;
  displayName: string;
  preSelected: boolean;
  fn: (context: unknown) => unknown;
}

export interface QuenchStandIn {
  registerBatch(key: string, fn: (context: unknown) => unknown, options?: { displayName?: string; preSelected?: boolean }): void;
  batches: Map<string, StandInBatch>;
  /** What Quench would have notified (a key of no installed package, a replaced batch). */
  notifications: string[];
  runBatch(key: string): Promise<StandInResult[]>;
}

export function createQuenchStandIn(packageIds: string[]): QuenchStandIn {
  type Fn = (this: unknown) => unknown;
  interface Test { title: string; fn?: Fn }
  interface Suite { title: string; parent: Suite | null; suites: Suite[]; tests: Test[]; before: Fn[]; after: Fn[]; beforeEach: Fn[]; afterEach: Fn[] }
  const DEFAULT_TIMEOUT = 2000;
  const PENDING = { pending: true };
  const batches = new Map<string, StandInBatch>();
  const notifications: string[] = [];

  const newSuite = (title: string, parent: Suite | null): Suite => ({ title, parent, suites: [], tests: [], before: [], after: [], beforeEach: [], afterEach: [] });

  class AssertionError extends Error {
    constructor(message: string) {
      super(message);
      this.name = "AssertionError";
    }
  }
  const assert = {
    ok(value: unknown, message?: string) {
      if (!value) throw new AssertionError(message ?? `expected ${String(value)} to be truthy`);
    },
    strictEqual(actual: unknown, expected: unknown, message?: string) {
      if (actual !== expected) throw new AssertionError(message ?? `expected ${String(actual)} to equal ${String(expected)}`);
    },
    fail(message?: string): never {
      throw new AssertionError(message ?? "assert.fail()");
    },
  };
  const expect = (value: unknown) => ({
    to: {
      equal(expected: unknown) {
        if (value !== expected) throw new AssertionError(`expected ${String(value)} to equal ${String(expected)}`);
      },
      be: { get ok() { assert.ok(value); return true; } },
    },
  });

  /** Runs a test's or hook's function as mocha does: `this` offers skip and timeout; a timer fails it. */
  async function invoke(fn: Fn): Promise<{ state: StandInResult["state"]; error?: string; timeout: number }> {
    let timeout = DEFAULT_TIMEOUT;
    const self = {
      skip(): never {
        throw PENDING;
      },
      timeout(ms: number) {
        timeout = ms;
        return self;
      },
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const running = Promise.resolve().then(() => fn.call(self));
      await Promise.race([running, new Promise((_, reject) => {
        // `this.timeout()` runs first thing in the function: read it once the function started.
        void Promise.resolve().then(() => {
          if (timeout > 0) timer = setTimeout(() => reject(new Error(`Timeout of ${timeout}ms exceeded`)), timeout);
        });
      })]);
      return { state: "passed", timeout };
    } catch (error) {
      if (error === PENDING) return { state: "pending", timeout };
      return { state: "failed", error: error instanceof Error ? error.message : String(error), timeout };
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  function chain(suite: Suite | null, pick: (s: Suite) => Fn[]): Fn[] {
    const list: Fn[] = [];
    for (let s = suite; s; s = s.parent) list.unshift(...pick(s));
    return list;
  }

  function titles(suite: Suite): string[] {
    const list: string[] = [];
    // The root (Quench's `<key>_root`) is left out.
    for (let s: Suite | null = suite; s?.parent; s = s.parent) list.unshift(s.title);
    return list;
  }

  async function runSuite(suite: Suite, results: StandInResult[]): Promise<void> {
    for (const hook of suite.before) {
      const outcome = await invoke(hook);
      if (outcome.state === "failed") {
        results.push({ path: [...titles(suite), '"before all" hook'], ...outcome });
        return;
      }
    }
    for (const test of suite.tests) {
      const path = [...titles(suite), test.title];
      if (!test.fn) {
        results.push({ path, state: "pending", timeout: DEFAULT_TIMEOUT });
        continue;
      }
      for (const hook of chain(suite, (s) => s.beforeEach)) await invoke(hook);
      results.push({ path, ...(await invoke(test.fn)) });
      for (const hook of chain(suite, (s) => s.afterEach).reverse()) await invoke(hook);
    }
    for (const child of suite.suites) await runSuite(child, results);
    for (const hook of suite.after) {
      const outcome = await invoke(hook);
      if (outcome.state === "failed") results.push({ path: [...titles(suite), '"after all" hook'], ...outcome });
    }
  }

  return {
    batches,
    notifications,
    registerBatch(key, fn, options = {}) {
      const [packageId] = key.split(".");
      if (!packageIds.includes(packageId)) notifications.push(`error: ${key} does not start with an installed package's id`);
      if (batches.has(key)) notifications.push(`warn: batch ${key} already exists`);
      batches.set(key, { key, fn, displayName: options.displayName ?? key, preSelected: options.preSelected ?? true });
    },
    async runBatch(key) {
      const batch = batches.get(key);
      if (!batch) throw new Error(`no batch ${key}`);
      const root = newSuite("__root", null);
      let current = root;
      const describe = (title: string, fn: () => unknown) => {
        const suite = newSuite(title, current);
        current.suites.push(suite);
        const parent = current;
        current = suite;
        try {
          fn();
        } finally {
          current = parent;
        }
        return suite;
      };
      const context = {
        describe,
        it: (title: string, fn?: Fn) => {
          const test = { title, fn };
          current.tests.push(test);
          return test;
        },
        before: (fn: Fn) => void current.before.push(fn),
        after: (fn: Fn) => void current.after.push(fn),
        beforeEach: (fn: Fn) => void current.beforeEach.push(fn),
        afterEach: (fn: Fn) => void current.afterEach.push(fn),
        utils: {},
        assert,
        expect,
        should: undefined,
      };
      // Quench: `describe(`${key}_root`, async () => { await fn(context) })`, not awaited.
      describe(`${key}_root`, () => void batch.fn(context));
      const results: StandInResult[] = [];
      for (const suite of root.suites) await runSuite(suite, results);
      // The batch root's own title is Quench's, not the batch's: leave it out of the paths.
      return results.map((r) => ({ ...r, path: r.path.slice(1) }));
    },
  };
}
