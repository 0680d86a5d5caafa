/**
 * The self-test run: creates a temporary actor, opens its sheet, drops a compendium item on
 * it, closes the sheet, rolls a skill, gives it a timed effect and reads the duration back in
 * this Foundry's shape, draws an area on the viewed scene (a Region on v14, a MeasuredTemplate
 * on v13) and removes it, then deletes what it made. Then it plays the system's own paths
 * (./paths: a character from the builder, its sheet, drops, a roll with its odds, a combat, an
 * attack applied and undone, spells, a condition, dying, a migration dry-run, the module
 * hand-offs), each one a step that removes what it made even when it fails midway. Each step's
 * result and every console error or warning seen meanwhile go into a chat card whispered to the
 * GM, with a plain-text copy for bug reports. `onProgress` hears of each step as it starts.
 */
import { documentImplementation, effectDurationData, effectDurationLabel, localize, notify, runtimeGlobal, worldTime } from "../foundry";
import { areaDocumentName, drawArea, type AreaScene } from "../combat/area/templates";
import { captureConsole } from "./capture";
import { dropEvent } from "./paths/drop";
import { PLAYED_PATHS, SkipPath, startScratch, type PlayedPath } from "./paths";
import { reportHtml, type SelfTestEnvironment, type SelfTestReport, type SelfTestStep } from "./report";

const SYSTEM_ID = "clockwork";
/** Marks the documents the self-test makes, so a later run also removes an interrupted run's. */
const FLAG = "selfTest";
const SKILL = "perception";
/** The pack and document type the drop step takes its item from (the first entry). */
const DROP_PACKS = ["clockwork.weapons", "clockwork.armor", "clockwork.foci"];

interface DocLike {
  id: string | null;
  uuid: string;
  name: string;
  flags?: Record<string, Record<string, unknown> | undefined>;
  _stats?: { compendiumSource?: string | null };
  delete(): Promise<unknown>;
}

interface SheetLike {
  rendered: boolean;
  render(options: object): Promise<unknown>;
  close(): Promise<unknown>;
  constructor: { name: string };
}

interface ActorLike extends DocLike {
  sheet: SheetLike | null;
  createEmbeddedDocuments(name: string, data: object[]): Promise<({ _source?: { duration?: unknown }; duration?: unknown } | undefined)[] | undefined>;
  items: { contents: DocLike[] };
  rollSkill(skill: string, options: object): Promise<{ formula: string; total?: number } | null>;
}

interface PackLike {
  collection: string;
  documentName: string;
  getIndex(): Promise<Iterable<{ _id: string; name?: string; uuid?: string }>>;
  getDocument(id: string): Promise<DocLike | null | undefined>;
}

interface SceneLike extends AreaScene {
  getEmbeddedDocument?(name: string, id: string): unknown;
}

interface DocumentClassLike {
  create(data: object): Promise<unknown>;
  deleteDocuments(ids: string[]): Promise<unknown[] | undefined>;
}

/** What the self-test reads of `game`, typed once. */
interface GameLike {
  user?: { id: string | null; name: string; isGM: boolean } | null;
  system?: { id: string; version: string };
  version?: string;
  release?: { generation?: number; version?: string };
  actors?: { get(id: string): unknown; contents: DocLike[] };
  messages?: { contents: DocLike[] };
  scenes?: { viewed?: SceneLike | null; active?: SceneLike | null; contents?: DocLike[] };
  combats?: { contents: DocLike[] };
  packs?: { get(id: string): PackLike | undefined };
  modules?: Iterable<{ id: string; active: boolean; version?: string }>;
}

const g = (): GameLike => runtimeGlobal<GameLike>("game")!;
const actorClass = (): DocumentClassLike => documentImplementation<DocumentClassLike>("Actor")!;
const messageClass = (): DocumentClassLike => documentImplementation<DocumentClassLike>("ChatMessage")!;

function failure(key: string, data?: Record<string, unknown>): Error {
  return new Error(localize(`CLOCKWORK.SelfTest.Problem.${key}`, data));
}

async function firstPackItem(): Promise<{ uuid: string; name: string } | null> {
  for (const id of DROP_PACKS) {
    const pack = g().packs?.get(id);
    if (!pack || pack.documentName !== "Item") continue;
    const first = [...(await pack.getIndex())][0];
    if (first) return { uuid: first.uuid ?? `Compendium.${pack.collection}.Item.${first._id}`, name: first.name ?? first._id };
  }
  return null;
}

function environment(): SelfTestEnvironment {
  const game = g();
  return {
    system: `${game.system?.id ?? SYSTEM_ID} ${game.system?.version ?? "?"}`,
    core: game.release?.version ?? game.version ?? "?",
    generation: game.release?.generation ?? 0,
    user: game.user?.name ?? "?",
    modules: [...(game.modules ?? [])].filter((m) => m.active).map((m) => `${m.id} ${m.version ?? ""}`.trim()),
    time: new Date().toISOString(),
  };
}

const isSelfTestDoc = (doc: DocLike) => doc.flags?.[SYSTEM_ID]?.[FLAG] === true;

/** The steps before the played paths (they share one temporary actor, removed by `cleanup`). */
export const BASIC_STEPS: readonly string[] = ["createActor", "openSheet", "dropItem", "closeSheet", "rollSkill", "effectDuration", "drawArea", "cleanup"];

export interface SelfTestOptions {
  /** Post the report card (default true). */
  post?: boolean;
  /** Called as each step starts (`done` steps finished of `total`), and once more at the end with `done === total`. */
  onProgress?(done: number, total: number, stepKey: string): unknown;
  /** Which played paths to run, by key (default: all of them; an empty list: none). */
  paths?: readonly string[];
}

/** The played paths the options ask for, in their order. */
export function chosenPaths(options: SelfTestOptions = {}): PlayedPath[] {
  return options.paths ? PLAYED_PATHS.filter((p) => options.paths!.includes(p.key)) : [...PLAYED_PATHS];
}

/** Runs the self-test; resolves its report (null for a non-GM), after posting the card unless `post` is false. */
export async function selfTest(options: SelfTestOptions = {}): Promise<SelfTestReport | null> {
  if (g().user?.isGM !== true) {
    notify("warn", "CLOCKWORK.SelfTest.GMOnly");
    return null;
  }
  const capture = captureConsole();
  const steps: SelfTestStep[] = [];
  const paths = chosenPaths(options);
  const total = BASIC_STEPS.length + paths.length;
  const progress = async (key: string) => {
    try {
      await options.onProgress?.(steps.length, total, key);
    } catch {
      // A progress bar that failed to draw does not stop the test.
    }
  };
  let actor: ActorLike | null = null;
  let sheet: SheetLike | null = null;

  /** Runs a step unless what it needs failed; a throw or a false result fails it; a SkipPath skips it with its reason. */
  const step = async (key: string, needs: boolean, fn: () => Promise<string | undefined>): Promise<boolean> => {
    await progress(key);
    const start = Date.now();
    if (!needs) {
      steps.push({ key, status: "skip", ms: 0 });
      return false;
    }
    try {
      const detail = await fn();
      steps.push({ key, status: "pass", ms: Date.now() - start, detail });
      return true;
    } catch (error) {
      const skipped = error instanceof SkipPath;
      steps.push({ key, status: skipped ? "skip" : "fail", ms: Date.now() - start, detail: error instanceof Error ? error.message : String(error) });
      return false;
    }
  };

  try {
    await step("createActor", true, async () => {
      const created = await actorClass().create({
        name: localize("CLOCKWORK.SelfTest.ActorName"), type: "character", flags: { [SYSTEM_ID]: { [FLAG]: true } },
      });
      if (!created) throw failure("Refused");
      actor = created as ActorLike;
      return actor.name;
    });
    const opened = await step("openSheet", actor !== null, async () => {
      sheet = (actor as ActorLike | null)?.sheet ?? null;
      if (!sheet) throw failure("NoSheet");
      await sheet.render({ force: true });
      if (!sheet.rendered) throw failure("NotRendered");
      return sheet.constructor.name;
    });
    await step("dropItem", opened, async () => {
      const entry = await firstPackItem();
      if (!entry) throw failure("NoPack");
      await (sheet as unknown as { _onDrop(event: DragEvent): Promise<unknown> })._onDrop(dropEvent({ type: "Item", uuid: entry.uuid }));
      const owned = (actor as ActorLike | null)?.items.contents.find((i) => i._stats?.compendiumSource === entry.uuid);
      if (!owned) throw failure("NotDropped", { name: entry.name });
      return entry.name;
    });
    await step("closeSheet", opened, async () => {
      await (sheet as SheetLike | null)?.close();
      if ((sheet as SheetLike | null)?.rendered) throw failure("NotClosed");
      return undefined;
    });
    await step("rollSkill", actor !== null, async () => {
      const roll = await (actor as ActorLike | null)?.rollSkill(SKILL, { skipDialog: true, rollMode: "selfroll" });
      if (!roll) throw failure("NoRoll");
      const posted = (g().messages?.contents ?? []).some((m) => (m.flags?.[SYSTEM_ID]?.roll as { actorUuid?: string } | undefined)?.actorUuid === actor?.uuid);
      if (!posted) throw failure("NoMessage");
      return `${roll.formula} = ${roll.total ?? "?"}`;
    });
    await step("effectDuration", actor !== null, async () => timedEffect(actor as unknown as ActorLike));
    await step("drawArea", true, async () => areaCheck());
  } finally {
    await step("cleanup", true, async () => cleanUp(actor));
  }
  try {
    for (const path of paths) await step(path.key, true, () => playPath(path));
  } finally {
    capture.stop();
  }
  await progress(steps.at(-1)?.key ?? "cleanup");

  const report: SelfTestReport = {
    // Warnings are reported but do not fail the test: modules and core deprecations make them.
    // A skipped path (a module not active) does not fail it either.
    ok: steps.every((s) => s.status !== "fail") && capture.errors.every((e) => e.startsWith("warn:")),
    steps, errors: capture.errors, environment: environment(),
  };
  if (options.post !== false) await postReport(report);
  return report;
}

/** Plays one path in its own scratch: what it made goes, whether it passed or not; anything left fails it. */
async function playPath(path: PlayedPath): Promise<string | undefined> {
  const scratch = startScratch();
  let detail: string | undefined;
  let thrown: unknown = null;
  try {
    detail = await path.run({ scratch });
  } catch (error) {
    thrown = error;
  }
  const { left, touched } = await scratch.cleanUp();
  if (thrown) throw thrown;
  if (left.length) throw failure("Left", { documents: left.join(", ") });
  if (touched.length) throw failure("Touched", { documents: touched.join(", ") });
  return detail;
}

/** A one-minute effect in this Foundry's duration shape, read back as one minute (the actor's deletion removes it). */
async function timedEffect(actor: ActorLike): Promise<string> {
  const [effect] = (await actor.createEmbeddedDocuments("ActiveEffect", [{
    name: localize("CLOCKWORK.SelfTest.EffectName"), img: "icons/svg/clockwork.svg", ...effectDurationData({ units: "seconds", value: 60, worldTime: worldTime() }),
  }])) ?? [];
  if (!effect) throw failure("NoEffect");
  const stored = effect._source?.duration ?? effect.duration;
  const label = effectDurationLabel(stored);
  if (label?.key !== "CLOCKWORK.Effect.Duration.minutes" || label.data.count !== 1) throw failure("EffectDuration", { duration: JSON.stringify(stored ?? null) });
  return localize(label.key, label.data);
}

/** Draws a one-space area at the viewed scene's corner and removes it; passes with a note when no scene is viewed. */
async function areaCheck(): Promise<string> {
  const scene = g().scenes?.viewed ?? g().scenes?.active ?? null;
  if (!scene) return localize("CLOCKWORK.SelfTest.NoScene");
  const document = areaDocumentName() ?? "-";
  const drawn = await drawArea({ shape: { shape: "radius", radius: 0 }, origin: { x: 0, y: 0 } }, scene, localize("CLOCKWORK.SelfTest.AreaName"));
  if (!drawn) throw failure("NoArea", { document });
  await drawn.remove();
  if (drawn.ids.some((id) => scene.getEmbeddedDocument?.(drawn.documentName, id))) throw failure("AreaLeft", { document });
  return drawn.documentName;
}

/** Deletes this run's actor, its roll messages and anything an interrupted run left behind. */
async function cleanUp(actor: ActorLike | null): Promise<string> {
  const game = g();
  const actors = (game.actors?.contents ?? []).filter(isSelfTestDoc);
  const ids = new Set(actors.map((a) => a.id).filter((id): id is string => !!id));
  if (actor?.id) ids.add(actor.id);
  const uuids = new Set([...actors.map((a) => a.uuid), actor?.uuid]);
  const messages = (game.messages?.contents ?? [])
    .filter((m) => uuids.has((m.flags?.[SYSTEM_ID]?.roll as { actorUuid?: string } | undefined)?.actorUuid ?? ""))
    .map((m) => m.id).filter((id): id is string => !!id);
  if (messages.length) await messageClass().deleteDocuments(messages);
  if (ids.size) await actorClass().deleteDocuments([...ids]);
  // A played path's scratch combat and scene, left by a run that was interrupted (the page closed mid-path).
  for (const doc of [...(game.combats?.contents ?? []), ...(game.scenes?.contents ?? [])].filter(isSelfTestDoc)) await doc.delete();
  const left = [...ids].filter((id) => game.actors?.get(id));
  if (left.length) throw failure("NotDeleted", { count: left.length });
  return localize("CLOCKWORK.SelfTest.Removed", { actors: ids.size, messages: messages.length });
}

async function postReport(report: SelfTestReport): Promise<void> {
  const user = g().user;
  await messageClass().create({
    content: reportHtml(report, localize),
    speaker: { alias: localize("CLOCKWORK.SelfTest.Title") },
    whisper: user?.id ? [user.id] : [],
    flags: { [SYSTEM_ID]: { selfTestReport: true } },
  });
}

