/**
 * A player starts a character (issue 20 item 2). A user who may create actors makes one here;
 * anyone else asks the active GM through the query {@link NEW_CHARACTER_QUERY}. The request
 * follows from a note the player posts (whispered to the GMs): the server attests its author, so
 * on v13, where a query does not name its asker, a request claiming another player is refused.
 * The GM decides everything: an empty character, named after the player (or a checked name),
 * owned by that player alone. A player has at most one empty character waiting (RULING 162).
 */
import {
  activeGM, allUsers, askUser, currentUser, documentClass, hooks, localize, notify, queryRequesterId, registerQuery, resolveUuidSync, userById,
  worldCollection, type QueryOptions, type QueryUser,
} from "../foundry";

/** The GM's query that creates a player's empty character. */
export const NEW_CHARACTER_QUERY = "clockwork.newCharacter";
/** The flag (on the note and on the character) that ties them to the request. */
export const NEW_CHARACTER_FLAG = "newCharacter";
/** How long a player waits for the GM (ms). */
export const NEW_CHARACTER_TIMEOUT = 15_000;
/** Longest name a request may ask for. */
export const NAME_LIMIT = 64;

const OWNER = 3;
const NONE = 0;
const P = "CLOCKWORK.NewCharacter";

export type NewCharacterAnswer = { ok: true; actorId: string } | { ok: false; problem: { key: string; data?: Record<string, string | number> } };

interface UserLike {
  id: string;
  name?: string | null;
  isGM?: boolean;
  can?(action: string): boolean;
}

interface ActorLike {
  id: string;
  uuid: string;
  name?: string | null;
  type: string;
  items: { size: number };
  ownership?: Record<string, number>;
  flags?: Record<string, unknown>;
}

interface NoteLike {
  documentName?: string;
  id: string;
  uuid: string;
  author?: { id?: string | null } | null;
  flags?: Record<string, unknown>;
  update(changes: object): Promise<unknown>;
}

const refusal = (key: string, data?: Record<string, string | number>): NewCharacterAnswer => ({ ok: false, problem: { key: `${P}.${key}`, data } });

function flagOf(doc: { flags?: Record<string, unknown> } | null | undefined): Record<string, unknown> | null {
  const flag = (doc?.flags?.clockwork as Record<string, unknown> | undefined)?.[NEW_CHARACTER_FLAG];
  return flag && typeof flag === "object" ? (flag as Record<string, unknown>) : null;
}

/** The empty character made for a player and not built yet, if any (the one a player may have waiting). */
export function waitingCharacter(userId: string): ActorLike | null {
  const actors = worldCollection<Iterable<ActorLike>>("actors");
  for (const actor of actors ?? []) {
    if (actor.type !== "character" || actor.items.size > 0) continue;
    if (flagOf(actor)?.for === userId && actor.ownership?.[userId] === OWNER) return actor;
  }
  return null;
}

/** A requested name, checked: a trimmed line of 1..64 printable characters; undefined: the default. */
function checkedName(name: unknown): string | null | undefined {
  if (name === undefined || name === null || name === "") return undefined;
  if (typeof name !== "string") return null;
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex
  if (!trimmed || trimmed.length > NAME_LIMIT || /[\u0000-\u001f\u007f<>]/.test(trimmed)) return null;
  return trimmed;
}

/**
 * The GM's side of {@link NEW_CHARACTER_QUERY}. Refuses, changing nothing: a non-GM answering,
 * a request claiming a GM or someone other than its asker (v14) or than the note's author, no
 * note or a note already answered, a bad name, and a player who already has one waiting.
 */
export async function answerNewCharacter(data: unknown, options?: QueryOptions): Promise<NewCharacterAnswer> {
  const self = currentUser<UserLike>();
  if (!self?.isGM) return refusal("NotGM");
  const request = (data && typeof data === "object" ? data : {}) as { userId?: unknown; cause?: unknown; name?: unknown };
  const asker = queryRequesterId(options);
  if (asker && typeof request.userId === "string" && request.userId !== asker) return refusal("ClaimsOther");
  const id = asker ?? (typeof request.userId === "string" ? request.userId : null);
  const user = id ? userById<UserLike>(id) : undefined;
  if (!user) return refusal("UnknownUser");
  if (user.isGM) return refusal("ClaimsGM");
  const note = resolveUuidSync<NoteLike>(request.cause);
  const asked = note?.documentName === "ChatMessage" ? flagOf(note) : null;
  if (!note || !asked) return refusal("NoRequest");
  // The server attests a message's author: only the player's own note asks for them.
  if (note.author?.id !== user.id) return refusal("NotYourRequest");
  if (asked.actorId) return refusal("Answered");
  const name = checkedName(request.name);
  if (name === null) return refusal("BadName", { limit: NAME_LIMIT });
  const waiting = waitingCharacter(user.id);
  if (waiting) return refusal("Waiting", { name: waiting.name ?? "" });
  const ActorClass = documentClass<{ create(data: object): Promise<ActorLike | undefined> }>("Actor");
  const actor = await ActorClass?.create({
    name: name ?? localize(`${P}.DefaultName`, { player: user.name ?? "" }),
    type: "character",
    ownership: { default: NONE, [user.id]: OWNER },
    flags: { clockwork: { [NEW_CHARACTER_FLAG]: { for: user.id, note: note.id } } },
  });
  if (!actor) return refusal("Failed");
  // The note records its answer (it asks once) and tells the GMs what was made.
  const made = localize(`${P}.Made`, { player: user.name ?? "", name: actor.name ?? "" });
  await note.update({ [`flags.clockwork.${NEW_CHARACTER_FLAG}.actorId`]: actor.id, content: `<p class="clockwork cw-action-note">${foundry.utils.escapeHTML(made)}</p>` });
  return { ok: true, actorId: actor.id };
}

/** Registers the GM's query (at init, on every client: whichever is the active GM answers). */
export function registerNewCharacterQuery(): void {
  registerQuery(NEW_CHARACTER_QUERY, (data: unknown, options?: QueryOptions) => answerNewCharacter(data, options));
}

/** Resolves the world actor once this client has it (the GM's creation reaches it by broadcast). */
function arrival(id: string, timeout: number): Promise<ActorLike | null> {
  const actors = () => worldCollection<{ get(id: string): ActorLike | undefined }>("actors");
  const present = actors()?.get(id);
  if (present) return Promise.resolve(present);
  return new Promise((resolve) => {
    const done = (actor: ActorLike | null) => {
      hooks().off("createActor", hook);
      clearTimeout(timer);
      resolve(actor);
    };
    const hook = hooks().on("createActor", (actor: ActorLike) => {
      if (actor.id === id) done(actor);
    });
    const timer = setTimeout(() => done(actors()?.get(id) ?? null), timeout);
  });
}

export interface NewCharacterOptions {
  timeout?: number;
}

/**
 * A new character for the current user, to open in the builder: created here when the user may
 * create actors, else the one already waiting for them, else asked of the active GM. Resolves
 * null (with a localized message) when there is none.
 */
export async function newCharacter(options: NewCharacterOptions = {}): Promise<ActorLike | null> {
  const user = currentUser<UserLike>();
  if (!user) return null;
  const ActorClass = documentClass<{ create(data: object): Promise<ActorLike | undefined> }>("Actor")!;
  if (user.isGM || user.can?.("ACTOR_CREATE")) {
    const ownership = user.isGM ? {} : { ownership: { default: NONE, [user.id]: OWNER } };
    return (await ActorClass.create({ name: localize("TYPES.Actor.character"), type: "character", ...ownership })) ?? null;
  }
  const waiting = waitingCharacter(user.id);
  if (waiting) return waiting;
  const gm = activeGM<QueryUser>();
  if (!gm) {
    notify("warn", `${P}.NoGM`);
    return null;
  }
  const text = localize(`${P}.Note`, { player: user.name ?? "" });
  const note = await ChatMessage.implementation.create({
    content: `<p class="clockwork cw-action-note">${foundry.utils.escapeHTML(text)}</p>`,
    whisper: allUsers<UserLike>().filter((u) => u.isGM).map((u) => u.id),
    flags: { clockwork: { [NEW_CHARACTER_FLAG]: { userId: user.id } } },
  } as never) as { uuid?: string; delete?(): Promise<unknown> } | undefined;
  if (!note?.uuid) return null;
  const asked = await askUser(gm, NEW_CHARACTER_QUERY, { userId: user.id, cause: note.uuid }, { timeout: options.timeout ?? NEW_CHARACTER_TIMEOUT });
  if (!asked.ok) console.warn(`ClockWork | the GM did not answer a new character request (${asked.why})`, asked.error);
  const answer = asked.ok ? asked.value as NewCharacterAnswer | null : null;
  if (!answer || typeof answer !== "object" || typeof answer.ok !== "boolean") {
    // A GM who left is told apart from one who did not answer in time.
    notify("warn", !asked.ok && asked.why === "left" ? "CLOCKWORK.Relay.GMLeft" : `${P}.NoAnswer`);
    return null;
  }
  if (!answer.ok) {
    // A refused request leaves no note asking the GMs for anything.
    await note.delete?.().catch(() => undefined);
    // Notifications render as HTML: a name in the data is shown as text.
    const data = Object.fromEntries(Object.entries(answer.problem.data ?? {}).map(([k, v]) => [k, typeof v === "string" ? foundry.utils.escapeHTML(v) : v]));
    notify("warn", answer.problem.key, data);
    return null;
  }
  const actor = await arrival(answer.actorId, options.timeout ?? NEW_CHARACTER_TIMEOUT);
  if (!actor) notify("warn", `${P}.NoAnswer`);
  return actor;
}
