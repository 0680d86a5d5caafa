/**
 * The ChatMessage document (common/documents/chat-message.mjs and client/documents/chat-message.mjs,
 * v13). Rolls are stored as JSON strings and rebuilt with `Roll.fromData` during preparation.
 * Visibility is per user: a whisper is visible to its author and recipients (`visible`); a
 * whispered roll shows its content to recipients and to the author unless blind
 * (`isContentVisible`). The author owns the message; only the author or a GM may change or
 * delete it. `_preCreate` of a roll message adds the dice sound and applies `options.rollMode`.
 */
import { ArrayField, BooleanField, DocumentIdField, HTMLField, NumberField, ObjectField, SchemaField, StringField, type DataField } from "../fields";
import { CHAT_MESSAGE_STYLES, DICE_ROLL_MODES, DOCUMENT_OWNERSHIP_LEVELS, MESSAGE_MODES } from "../constants";
import type { Collection } from "../collections";
import type { PlainObject } from "../utils";
import { WorldDocument, currentHost, exposeAuthor, hostOf, requireHost, type DocumentMetadata, type PermissionSubject } from "./document";
import { JSONField, TypeDataField, documentStatsField } from "./fields";
import type { UserLike } from "./host";

interface RollLike {
  render?(options: PlainObject): Promise<string>;
}

interface RollClass {
  fromData(data: PlainObject): RollLike;
}

const authorOf = (doc: PermissionSubject): unknown => doc._source.author;

/** v14 message modes, and the v13 roll mode each one replaces. */
const LEGACY_ROLL_MODES: Record<string, string> = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self", roll: "roll" };

function nullableString(): StringField {
  return new StringField({ required: true, nullable: true, blank: false, initial: null });
}

export class ChatMessage extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "ChatMessage",
    collection: "messages",
    embedded: {},
    hasTypeData: true,
    permissions: {
      create: (user: UserLike, doc: PermissionSubject) => user.isGM || authorOf(doc) === user.id,
      update: (user: UserLike, doc: PermissionSubject, data: PlainObject) => {
        if (user.isGM) return true;
        if ("author" in data && data.author !== user.id) return false;
        return authorOf(doc) === user.id;
      },
      delete: (user: UserLike, doc: PermissionSubject) => user.isGM || authorOf(doc) === user.id,
    },
  };

  declare content: string;
  declare flavor: string;
  declare style: number;
  declare speaker: { scene: string | null; actor: string | null; token: string | null; alias: string | null };
  declare whisper: string[];
  declare blind: boolean;
  declare rolls: RollLike[];
  declare sound: string | null;
  declare timestamp: number;
  declare author: UserLike | null;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      type: new StringField({ required: true, blank: false, initial: "base" }),
      system: new TypeDataField("ChatMessage"),
      style: new NumberField({ required: true, nullable: false, integer: true, initial: CHAT_MESSAGE_STYLES.OTHER }),
      author: new StringField({ required: true, nullable: false, blank: false, initial: () => currentHost()?.userId }),
      timestamp: new NumberField({ required: true, nullable: false, initial: () => Date.now() }),
      flavor: new HTMLField(),
      content: new HTMLField(),
      speaker: new SchemaField({ scene: nullableString(), actor: nullableString(), token: nullableString(), alias: nullableString() }),
      whisper: new ArrayField(new StringField({ required: true, blank: false })),
      blind: new BooleanField(),
      rolls: new ArrayField(new JSONField()),
      sound: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      emote: new BooleanField(),
      flags: new ObjectField(),
      _stats: documentStatsField(),
    };
  }

  protected override _initialize(options: PlainObject = {}): void {
    // ForeignDocumentField: `author` is the User document of this client.
    delete (this as unknown as Record<string, unknown>).author;
    super._initialize(options);
    exposeAuthor(this as never);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const Roll = (globalThis as unknown as { Roll: RollClass }).Roll;
    this.rolls = (this.rolls as unknown[]).reduce<RollLike[]>((rolls, data) => {
      try {
        rolls.push(Roll.fromData(data as PlainObject));
      } catch (error) {
        (currentHost() ?? hostOf(this)).Hooks.onError("ChatMessage#rolls", error, { rollData: data, log: "error" });
      }
      return rolls;
    }, []);
  }

  override getUserLevel(user?: UserLike | null): number {
    user ??= hostOf(this).user;
    return this._source.author === user.id ? DOCUMENT_OWNERSHIP_LEVELS.OWNER : DOCUMENT_OWNERSHIP_LEVELS.NONE;
  }

  get isAuthor(): boolean {
    return hostOf(this).user === this.author;
  }

  get isRoll(): boolean {
    return this.rolls.length > 0;
  }

  /** Whispers are visible to the author and the recipients; whispered rolls to everyone (content hidden). */
  override get visible(): boolean {
    if (this.whisper.length) {
      if (this.isRoll) return true;
      return this.isAuthor || this.whisper.includes(hostOf(this).userId);
    }
    return true;
  }

  get isContentVisible(): boolean {
    if (!this.isRoll) return this.visible;
    if (!this.whisper.length) return true;
    return this.whisper.includes(hostOf(this).userId) || (this.isAuthor && !this.blind);
  }

  get alias(): string {
    return this.speaker.alias ?? this.author?.name ?? "";
  }

  get speakerActor(): WorldDocument | null {
    return (this.constructor as typeof ChatMessage).getSpeakerActor(this.speaker);
  }

  getRollData(): PlainObject {
    return (this.speakerActor as unknown as { getRollData?(): PlainObject } | null)?.getRollData?.() ?? {};
  }

  override async _preCreate(data: PlainObject, options: PlainObject, user: UserLike): Promise<boolean | void> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    if (this.isRoll) {
      const config = hostOf(this).CONFIG as { sounds?: { dice?: string } };
      if (!("sound" in data)) this.updateSource({ sound: config.sounds?.dice ?? null });
      if (options.rollMode) this.applyRollMode(options.rollMode as string);
    }
  }

  /** Apply a roll mode to this (pending) message's source. */
  applyRollMode(rollMode: string): void {
    const data = this.toObject();
    (this.constructor as typeof ChatMessage).applyRollMode(data, rollMode);
    this.updateSource({ whisper: data.whisper, blind: data.blind });
  }

  /** Core's roll-mode rules for message data; "roll" means the user's current mode. */
  static applyRollMode(chatData: PlainObject, rollMode: string): PlainObject {
    const host = requireHost();
    if (rollMode === "roll") rollMode = (host.game.settings as { get(ns: string, key: string): string }).get("core", "rollMode");
    const gms = () => ((host.game.users as Collection<UserLike>).filter((u) => u.isGM)).map((u) => u.id as string);
    let whisper: string[];
    if (rollMode === DICE_ROLL_MODES.PUBLIC) whisper = [];
    else if (rollMode === DICE_ROLL_MODES.SELF) whisper = [host.userId];
    else if ((chatData.whisper as string[] | undefined)?.length) whisper = chatData.whisper as string[];
    else whisper = gms();
    chatData.whisper = whisper;
    chatData.blind = rollMode === DICE_ROLL_MODES.BLIND;
    return chatData;
  }

  /** v14's replacement of `applyRollMode`, taking a message mode ("public", "gm", "blind", "self"). */
  static applyMode(chatData: PlainObject, mode?: string): PlainObject {
    const host = requireHost();
    mode ??= (host.game.settings as { get(ns: string, key: string): string }).get("core", "messageMode");
    const gms = () => ((host.game.users as Collection<UserLike>).filter((u) => u.isGM)).map((u) => u.id as string);
    if (mode === MESSAGE_MODES.PUBLIC || mode === MESSAGE_MODES.IC) chatData.whisper = [];
    else if (mode === MESSAGE_MODES.SELF) chatData.whisper = [host.userId];
    else if (!(chatData.whisper as string[] | undefined)?.length) chatData.whisper = gms();
    chatData.blind = mode === MESSAGE_MODES.BLIND;
    return chatData;
  }

  static legacyMode(rollMode: string): string {
    return LEGACY_ROLL_MODES[rollMode] ?? rollMode;
  }

  /** Speaker data for an actor, token or alias; else the user's character, else the user. */
  static getSpeaker({ scene, actor, token, alias }: { scene?: WorldDocument | null; actor?: WorldDocument | null; token?: WorldDocument | null; alias?: string } = {}): PlainObject {
    const host = requireHost();
    if (token) {
      const tokenActor = (token as unknown as { actor?: WorldDocument | null }).actor;
      return { scene: (token.parent as WorldDocument | null)?.id ?? null, token: token.id, actor: tokenActor?.id ?? null, alias: alias || (token as unknown as { name: string }).name };
    }
    if (actor) {
      const actorToken = (actor as unknown as { token?: WorldDocument | null }).token;
      if (actorToken) return this.getSpeaker({ token: actorToken, alias });
      return { scene: scene?.id ?? null, actor: actor.id, token: null, alias: alias || actor.name };
    }
    const character = (host.user as unknown as { character?: WorldDocument | null }).character;
    if (character) return { scene: scene?.id ?? null, actor: character.id, token: null, alias: alias || character.name };
    return { scene: scene?.id ?? null, actor: null, token: null, alias: alias || host.user.name };
  }

  static getSpeakerActor(speaker: { scene?: string | null; actor?: string | null; token?: string | null } | null | undefined): WorldDocument | null {
    if (!speaker) return null;
    const host = requireHost();
    if (speaker.scene && speaker.token) {
      const scene = host.collection("Scene")?.get(speaker.scene) as unknown as { tokens: Collection<{ actor: WorldDocument | null }> } | undefined;
      const actor = scene?.tokens.get(speaker.token)?.actor;
      if (actor) return actor;
    }
    return speaker.actor ? (host.collection("Actor")?.get(speaker.actor) ?? null) : null;
  }

  static getWhisperRecipients(name: string): UserLike[] {
    const users = requireHost().game.users as Collection<UserLike & { name: string; character?: { name: string } | null }>;
    if (["GM", "DM"].includes(name.toUpperCase())) return users.filter((u) => u.isGM);
    if (name.toLowerCase() === "players") return users.filter((u) => !u.isGM);
    const lower = name.toLowerCase();
    const byName = users.filter((u) => u.name.toLowerCase() === lower);
    if (byName.length) return byName;
    return users.filter((u) => u.character?.name.toLowerCase() === lower);
  }

  /**
   * The message as an element, then the `renderChatMessageHTML` hook (client ChatMessage#renderHTML).
   * Needs a DOM (the browser, or happy-dom in node). Roll content hidden from this user is
   * replaced by core's "private roll" text.
   */
  async renderHTML(): Promise<HTMLElement> {
    const doc = (globalThis as { document?: Document }).document;
    if (!doc) throw new Error("ChatMessage#renderHTML needs a DOM");
    const host = hostOf(this);
    const li = doc.createElement("li");
    li.className = ["chat-message", "message", this.whisper.length ? "whisper" : "", this.blind ? "blind" : ""].filter(Boolean).join(" ");
    li.dataset.messageId = this.id ?? "";
    const header = doc.createElement("header");
    header.className = "message-header";
    header.textContent = this.alias;
    const content = doc.createElement("div");
    content.className = "message-content";
    if (this.isContentVisible) content.innerHTML = this.content;
    else {
      const i18n = host.game.i18n as { format(key: string, data: PlainObject): string } | undefined;
      content.textContent = i18n?.format("CHAT.PrivateRollContent", { user: this.author?.name ?? "" }) ?? "";
    }
    li.append(header, content);
    host.Hooks.callAll("renderChatMessageHTML", this, li, { message: this.toObject(), user: host.user, author: this.author });
    return li;
  }
}
