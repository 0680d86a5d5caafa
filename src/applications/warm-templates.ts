/**
 * No compile on the first sheet (issue 33 item 6). Handlebars compiles a template on its first
 * use, not when it is loaded (`Handlebars.compile` returns a function that compiles on its
 * first call), so the first sheet opened paid for compiling its parts and every partial they
 * use (80–100 ms in the built playground), and core fetched its parts on that click too.
 * After `ready`, in the browser's idle time, the system's templates are loaded as core loads
 * them (`loadTemplates`, which registers each under its path, where core's `getTemplate` finds
 * it) and each is compiled by one render with an empty context, a few per idle slice so no
 * frame is held up. Then, in a later idle slice, the sheet the user is most likely to open
 * first (their own character's) is drawn once off the page (`warmUp`): the first style and
 * layout of a sheet's markup and the sheet code's first run cost as much as the compiles did.
 * Nothing here changes what a render shows.
 */
import { ADVANCEMENT_TEMPLATES, BROWSER_TEMPLATES, BUILDER_TEMPLATES } from "./builder/templates";
import { PARTIALS, SYSTEM_ROOT, TEMPLATES } from "./handlebars";

type Template = (context: object, options?: object) => string;

/** What this module needs of the global Handlebars (Foundry's, or the test world's). */
export interface TemplateRegistry {
  partials: Record<string, unknown>;
}

type Loader = (paths: string[]) => Promise<unknown[]>;

interface IdleDeadline {
  timeRemaining(): number;
}

/** Every template a sheet, dialog or window of the applications layer renders as a part. */
export function applicationTemplatePaths(): string[] {
  const parts = [
    ...Object.values(TEMPLATES).flatMap((set) => Object.values(set as Record<string, string>)),
    ...Object.values(BUILDER_TEMPLATES),
    ...Object.values(ADVANCEMENT_TEMPLATES),
    ...Object.values(BROWSER_TEMPLATES),
  ];
  return [...new Set(parts)];
}

/**
 * The system's templates the registry holds: its named partials and whatever was loaded by
 * path. The sheets' come first (the partials, then their parts): a sheet is what is opened first.
 */
export function registeredTemplates(registry: TemplateRegistry): Template[] {
  const first = [...Object.keys(PARTIALS), ...Object.values(TEMPLATES).flatMap((set) => Object.values(set as Record<string, string>))];
  const keys = [...first, ...Object.keys(registry.partials).filter((key) => key.startsWith(`${SYSTEM_ROOT}/`))];
  const out = new Set<Template>();
  for (const key of keys) {
    const value = registry.partials[key];
    if (typeof value === "function") out.add(value as Template);
  }
  return [...out];
}

/** The first call compiles; an empty context may trip a helper, which changes nothing. */
function compile(template: Template): void {
  try {
    template({}, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
  } catch {
    // Compiled all the same: Handlebars compiles the whole template before it runs any of it.
  }
}

function whenIdle(run: (deadline: IdleDeadline) => void): void {
  const idle = (globalThis as { requestIdleCallback?: (fn: (deadline: IdleDeadline) => void, options?: object) => number }).requestIdleCallback;
  if (idle) idle(run, { timeout: 1000 });
  else setTimeout(() => run({ timeRemaining: () => 8 }), 0);
}

const warming = new WeakMap<TemplateRegistry, Promise<number>>();

/**
 * Loads and compiles the system's templates in idle time, once per Handlebars registry (one
 * page; the test world's clients share one). Resolves with how many were compiled; a template
 * that cannot load is left for its first render, as before.
 */
export function warmTemplates(registry: TemplateRegistry, load: Loader): Promise<number> {
  let done = warming.get(registry);
  if (!done) {
    done = (async () => {
      await new Promise<void>((resolve) => whenIdle(() => resolve()));
      await load(applicationTemplatePaths()).catch(() => undefined);
      const queue = registeredTemplates(registry);
      const total = queue.length;
      await new Promise<void>((resolve) => {
        const slice = (deadline: IdleDeadline) => {
          // At least one per slice, so a page that is never idle still gets through the queue.
          do compile(queue.shift()!);
          while (queue.length && deadline.timeRemaining() > 4);
          if (queue.length) whenIdle(slice);
          else resolve();
        };
        if (queue.length) whenIdle(slice);
        else resolve();
      });
      return total;
    })();
    warming.set(registry, done);
  }
  return done;
}

interface WarmableActor {
  type: string;
  isOwner: boolean;
  sheet: { warmUp?(): Promise<void> } | null;
}

/** The character sheet this user most likely opens first: their own character, or the first they own. */
export function firstSheetActor(user: { character?: WarmableActor | null } | null | undefined, actors: Iterable<WarmableActor>): WarmableActor | null {
  if (user?.character?.type === "character") return user.character;
  for (const actor of actors) if (actor.type === "character" && actor.isOwner) return actor;
  return null;
}

/** Draws that sheet off the page in idle time (see the module comment); a failure changes nothing. */
export function warmFirstSheet(actor: WarmableActor | null): Promise<void> {
  return new Promise((resolve) => {
    if (!actor) return resolve();
    whenIdle(() => {
      Promise.resolve(actor.sheet?.warmUp?.()).catch(() => undefined).finally(resolve);
    });
  });
}
