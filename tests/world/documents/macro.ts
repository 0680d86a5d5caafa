/**
 * The Macro document (v13 `common/documents/macro.mjs` and `client/documents/macro.mjs`, read,
 * not copied). Any player creates a macro as its author (`_preCreate` sets `author`); a script
 * macro needs the MACRO_SCRIPT permission to be created or to have its command changed; the author
 * owns it (`getUserLevel`), others by its ownership. `execute(scope)` checks `canExecute` (LIMITED
 * and, for a script, MACRO_SCRIPT; else a warning) and runs a script as core does: an
 * AsyncFunction of `speaker, actor, token, character, scope` and the scope's own names, `actor`
 * being the given one, else the speaker's (the selected token's, else the user's character).
 * Chat macros are not modelled.
 */
import { DocumentIdField, NumberField, ObjectField, StringField, type DataField } from "../fields";
import { DOCUMENT_OWNERSHIP_LEVELS } from "../constants";
import type { PlainObject } from "../utils";
import { WorldDocument, currentHost, exposeAuthor, hostOf, type DocumentMetadata, type PermissionSubject } from "./document";
import { DocumentOwnershipField, documentStatsField } from "./fields";
import type { UserLike } from "./host";

const canCreate = (user: UserLike, doc: PermissionSubject) => {
  if (!user.isGM && doc._source.author !== user.id) return false;
  if (doc._source.type === "script" && !user.hasPermission("MACRO_SCRIPT")) return false;
  return user.hasRole("PLAYER");
};

const canUpdate = (user: UserLike, doc: PermissionSubject, data: PlainObject) => {
  if (!user.hasPermission("MACRO_SCRIPT")) {
    if (data.type === "script") return false;
    if (doc._source.type === "script" && "command" in data) return false;
  }
  return doc.testUserPermission(user, "OWNER");
};

type AsyncFn = new (...args: string[]) => (...values: unknown[]) => Promise<unknown>;

export class Macro extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "Macro",
    collection: "macros",
    embedded: {},
    hasTypeData: false,
    permissions: { create: canCreate, update: canUpdate, delete: "OWNER" },
  };

  static DEFAULT_ICON = "icons/svg/dice-target.svg";

  declare command: string;
  declare img: string;
  declare scope: string;
  declare author: UserLike | null;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      type: new StringField({ required: true, blank: false, initial: "chat", choices: ["chat", "script"] }),
      author: new StringField({ required: true, nullable: false, blank: false, initial: () => currentHost()?.userId }),
      img: new StringField({ required: true, blank: false, initial: () => Macro.DEFAULT_ICON }),
      scope: new StringField({ required: true, blank: false, initial: "global", choices: ["global", "actors", "actor"] }),
      command: new StringField({ required: true, blank: true, initial: "" }),
      folder: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new DocumentOwnershipField(),
      flags: new ObjectField(),
      _stats: documentStatsField(),
    };
  }

  protected override _initialize(options: PlainObject = {}): void {
    // DocumentAuthorField: `author` is the User document of this client.
    delete (this as unknown as Record<string, unknown>).author;
    super._initialize(options);
    exposeAuthor(this as never);
  }

  /** The author owns the macro (BaseMacro#getUserLevel). */
  override getUserLevel(user?: UserLike | null): number {
    user ??= hostOf(this).user;
    if (user.id === this._source.author) return DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    return super.getUserLevel(user);
  }

  override async _preCreate(data: PlainObject, options: PlainObject, user: UserLike): Promise<boolean | void> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    this.updateSource({ author: user.id });
  }

  get isAuthor(): boolean {
    return hostOf(this).user === this.author;
  }

  get canExecute(): boolean {
    const user = hostOf(this).user;
    if (!this.testUserPermission(user, "LIMITED")) return false;
    return this.type === "script" ? user.hasPermission("MACRO_SCRIPT") : true;
  }

  get thumbnail(): string {
    return this.img;
  }

  execute(scope: PlainObject = {}): unknown {
    const host = hostOf(this);
    if (!this.canExecute) return host.ui.notifications.warn(`You do not have permission to execute Macro "${this.name}".`);
    if (this.type !== "script") throw new Error("The test world runs script macros only (chat macros are not modelled)");
    if (!scope || typeof scope !== "object" || Array.isArray(scope)) throw new Error("Invalid scope parameter passed to Macro#execute which must be an object");
    const { actor: given, token: givenToken, ...rest } = scope as { actor?: unknown; token?: unknown } & PlainObject;
    const ChatMessage = (host.CONFIG.ChatMessage as { documentClass: { getSpeaker(o: object): PlainObject; getSpeakerActor(s: PlainObject): unknown } }).documentClass;
    const speaker = ChatMessage.getSpeaker({ actor: given, token: givenToken });
    const character = (host.user as unknown as { character?: unknown }).character ?? null;
    const token = givenToken ?? null;
    const actor = given ?? ChatMessage.getSpeakerActor(speaker);
    const names = Object.keys(rest);
    if (names.some((k) => /^\d+$/.test(k))) throw new Error("Illegal numeric Macro parameter passed to execution scope.");
    const AsyncFunction = (async function () {}).constructor as AsyncFn;
    const fn = new AsyncFunction("speaker", "actor", "token", "character", "scope", ...names, `{${this.command}\n}`);
    try {
      return host.run(() => fn.call(this, speaker, actor, token, character, rest, ...Object.values(rest)));
    } catch {
      host.ui.notifications.error("MACRO.Error");
      return undefined;
    }
  }
}
