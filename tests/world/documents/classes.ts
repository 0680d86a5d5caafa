/** The world's base document classes by name (what `CONFIG[name].documentClass` starts as). */
import { ActiveEffect } from "./active-effect";
import { Actor } from "./actor";
import { ChatMessage } from "./chat-message";
import { Combat, Combatant } from "./combat";
import type { WorldDocument } from "./document";
import { Item } from "./item";
import { JournalEntry, JournalEntryPage } from "./journal";
import { Macro } from "./macro";
import { Scene, TokenDocument } from "./scene";
import { MeasuredTemplateDocument, RegionDocument } from "./region";
import { Setting } from "./setting";
import { WallDocument } from "../canvas/walls";
import { User } from "./user";

export const documentClasses: Record<string, typeof WorldDocument> = {
  Actor, Item, ActiveEffect, ChatMessage, Combat, Combatant, Scene, Token: TokenDocument, MeasuredTemplate: MeasuredTemplateDocument, Region: RegionDocument, Wall: WallDocument, Setting, User, JournalEntry, JournalEntryPage, Macro,
};

export { ActiveEffect, Actor, ChatMessage, Combat, Combatant, Item, JournalEntry, JournalEntryPage, Macro, MeasuredTemplateDocument, RegionDocument, Scene, Setting, TokenDocument, User };
