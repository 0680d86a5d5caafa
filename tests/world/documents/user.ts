/**
 * The User document (common/documents/user.mjs and client/documents/user.mjs, v13). Roles:
 * PLAYER 1, TRUSTED 2, ASSISTANT 3, GAMEMASTER 4; `isGM` is ASSISTANT or above. A permission
 * is the user's explicit grant, else its role's default (CONST.USER_PERMISSIONS). `active` is
 * set by the client from the server's presence data. `query` is in queries.ts. The hotbar is
 * `hotbar` (slot → macro id); `assignHotbarMacro` and `getHotbarMacros` as in v13
 * `client/documents/user.mjs`. Core writes the whole map with `recursive: false`; the world's
 * updates merge, so a slot is emptied with a deletion key instead (the same result).
 */
import { DocumentIdField, NumberField, ObjectField, StringField, type DataField } from "../fields";
import { DOCUMENT_OWNERSHIP_LEVELS, USER_PERMISSIONS, USER_ROLES } from "../constants";
import type { PlainObject } from "../utils";
import { OPERATORS_APPLIED } from "./operators";
import { WorldDocument, hostOf, type DocumentMetadata, type PermissionSubject } from "./document";
import type { UserLike } from "./host";

const ROLES = USER_ROLES as Record<string, number>;

export class User extends WorldDocument implements UserLike {
  static override metadata: DocumentMetadata = {
    name: "User",
    collection: "users",
    embedded: {},
    hasTypeData: false,
    permissions: {
      create: "ASSISTANT",
      update: (user: UserLike, doc: PermissionSubject, data: PlainObject) => user.isGM || (doc._source._id === user.id && !("role" in data)),
      delete: "ASSISTANT",
    },
  };

  declare role: number;
  declare color: string;
  declare permissions: Record<string, boolean>;
  /** Is this user connected (set from the server's presence data)? */
  active = false;
  /** Targeted tokens; the world has no canvas, so they stay empty unless a test sets them. */
  targets = new Set<unknown>();
  viewedScene: string | null = null;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      role: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 4, initial: USER_ROLES.PLAYER }),
      character: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      color: new StringField({ required: true, blank: false, initial: "#cccccc" }),
      avatar: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      permissions: new ObjectField(),
      hotbar: new ObjectField(),
      flags: new ObjectField(),
    };
  }

  protected override _initialize(options: PlainObject = {}): void {
    delete (this as unknown as Record<string, unknown>).character;
    super._initialize(options);
    // ForeignDocumentField: `character` is the Actor document, looked up on this client.
    Object.defineProperty(this, "character", {
      get: () => {
        const id = this._source.character as string | null;
        return id ? (hostOf(this).collection("Actor")?.get(id) ?? null) : null;
      },
      configurable: true,
      enumerable: true,
    });
  }

  get isGM(): boolean {
    return this.hasRole("ASSISTANT");
  }

  get isTrusted(): boolean {
    return this.hasRole("TRUSTED");
  }

  get isBanned(): boolean {
    return this.role === USER_ROLES.NONE;
  }

  /** Is this the user of the client it lives on? */
  get isSelf(): boolean {
    return hostOf(this).userId === this.id;
  }

  get isActiveGM(): boolean {
    return (hostOf(this).game.users as { activeGM: unknown } | undefined)?.activeGM === this;
  }

  hasRole(role: string | number, { exact = false }: { exact?: boolean } = {}): boolean {
    const level = typeof role === "string" ? ROLES[role] : role;
    if (level === undefined) return false;
    return exact ? this.role === level : this.role >= level;
  }

  hasPermission(permission: string): boolean {
    if (this.role === USER_ROLES.GAMEMASTER) return true;
    const explicit = this.permissions?.[permission];
    if (explicit !== undefined) return explicit;
    const config = USER_PERMISSIONS[permission];
    return config ? this.role >= config.defaultRole : false;
  }

  /** Alias used by core for user permissions. */
  can(permission: string): boolean {
    return this.hasPermission(permission);
  }

  override getUserLevel(user?: UserLike | null): number {
    user ??= hostOf(this).user;
    return user.id === this.id ? DOCUMENT_OWNERSHIP_LEVELS.OWNER : DOCUMENT_OWNERSHIP_LEVELS.LIMITED;
  }

  declare hotbar: Record<string, string>;

  /**
   * Put a macro in a hotbar slot (1–50; the first free one when none is given), or move it from
   * `fromSlot` (client/documents/user.mjs `assignHotbarMacro`). Throws for a bad macro or slot.
   */
  async assignHotbarMacro(macro: WorldDocument | null, slot?: number | string | null, { fromSlot }: { fromSlot?: number | string } = {}): Promise<this | undefined> {
    if (macro !== null && (macro as { documentName?: string }).documentName !== "Macro") throw new Error("Invalid Macro provided");
    const hotbar = this.hotbar ?? {};
    let target: number | undefined;
    if (slot !== undefined && slot !== null && slot !== "" && Number.isFinite(Number(slot))) target = Number(slot);
    else for (let i = 1; i <= 50; i++) if (!(i in hotbar)) { target = i; break; }
    if (!target) throw new Error("No available Hotbar slot exists");
    if (target < 1 || target > 50) throw new Error("Invalid Hotbar slot requested");
    if (macro && hotbar[target] === macro.id) return this;
    // An emptied slot (macro null, or a move from an empty slot) is a deletion key: see the class comment.
    const update: Record<string, string | null> = { ...hotbar };
    if (macro) update[target] = macro.id as string;
    else update[`-=${target}`] = null;
    const current = hotbar[target];
    if (fromSlot !== undefined && Number.isFinite(Number(fromSlot)) && String(fromSlot) in hotbar) {
      if (current) update[fromSlot] = current;
      else update[`-=${fromSlot}`] = null;
    }
    for (const key of Object.keys(update)) if (key.startsWith("-=")) delete update[key.slice(2)];
    return this.update({ hotbar: update }, { [OPERATORS_APPLIED]: true }) as Promise<this | undefined>;
  }

  /** The ten slots of a hotbar page, each with its macro or null (client/documents/user.mjs `getHotbarMacros`). */
  getHotbarMacros(page = 1): { slot: number; macro: WorldDocument | null }[] {
    const macros = hostOf(this).collection("Macro");
    const start = (page - 1) * 10;
    return Array.from({ length: 10 }, (_, i) => {
      const id = (this.hotbar ?? {})[start + i + 1];
      return { slot: start + i + 1, macro: (id && macros?.get(id)) || null };
    });
  }

  /** Ask this user's client to run `CONFIG.queries[name]` (client/documents/user.mjs#query). */
  async query(name: string, data: unknown, { timeout }: { timeout?: number } = {}): Promise<unknown> {
    const host = hostOf(this) as unknown as { queryUser(target: User, name: string, data: unknown, options: { timeout?: number }): Promise<unknown> };
    return host.queryUser(this, name, data, { timeout });
  }
}
