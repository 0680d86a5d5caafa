/** The parts of Foundry v13 `CONST` (common/constants.mjs) the world and the system use. */
export const DOCUMENT_OWNERSHIP_LEVELS = Object.freeze({ INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 });
export const USER_ROLES = Object.freeze({ NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 });
export const USER_ROLE_NAMES = Object.freeze({ 0: "NONE", 1: "PLAYER", 2: "TRUSTED", 3: "ASSISTANT", 4: "GAMEMASTER" });

/** User permissions with the lowest role that has them by default (CONST.USER_PERMISSIONS). */
export const USER_PERMISSIONS: Readonly<Record<string, { defaultRole: number }>> = Object.freeze({
  ACTOR_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  ITEM_CREATE: { defaultRole: USER_ROLES.ASSISTANT },
  SETTINGS_MODIFY: { defaultRole: USER_ROLES.ASSISTANT },
  FILES_BROWSE: { defaultRole: USER_ROLES.TRUSTED },
  MESSAGE_WHISPER: { defaultRole: USER_ROLES.PLAYER },
  QUERY_USER: { defaultRole: USER_ROLES.PLAYER },
  TOKEN_CREATE: { defaultRole: USER_ROLES.TRUSTED },
  TEMPLATE_CREATE: { defaultRole: USER_ROLES.PLAYER },
  MACRO_SCRIPT: { defaultRole: USER_ROLES.PLAYER },
});

export const DICE_ROLL_MODES = Object.freeze({ PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" });
/** v14 `CONFIG.ChatMessage.modes` keys (the renamed roll modes). */
export const MESSAGE_MODES = Object.freeze({ PUBLIC: "public", GM: "gm", BLIND: "blind", SELF: "self", IC: "ic" });
export const CHAT_MESSAGE_STYLES = Object.freeze({ OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 });
export const TOKEN_DISPOSITIONS = Object.freeze({ SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 });
export const BASE_DOCUMENT_TYPE = "base";
/** Primary documents stored in the world (common/constants.mjs, v13). */
export const WORLD_DOCUMENT_TYPES = Object.freeze(["Actor", "Cards", "ChatMessage", "Combat", "FogExploration", "Folder", "Item", "JournalEntry", "Macro", "Playlist", "RollTable", "Scene", "Setting", "User"]);
/** The `@Type[…]` content links TextEditor.enrichHTML resolves besides `@UUID` and `@Compendium` (v13). */
export const DOCUMENT_LINK_TYPES = Object.freeze(["Actor", "Cards", "Item", "Scene", "JournalEntry", "Macro", "RollTable", "PlaylistSound"]);

export const CONST = Object.freeze({
  vtt: "Foundry VTT",
  BASE_DOCUMENT_TYPE,
  CHAT_MESSAGE_STYLES,
  DICE_ROLL_MODES,
  DOCUMENT_LINK_TYPES,
  DOCUMENT_OWNERSHIP_LEVELS,
  MESSAGE_MODES,
  TOKEN_DISPOSITIONS,
  USER_PERMISSIONS,
  USER_ROLES,
  WORLD_DOCUMENT_TYPES,
});

export type OwnershipLevel = keyof typeof DOCUMENT_OWNERSHIP_LEVELS;
