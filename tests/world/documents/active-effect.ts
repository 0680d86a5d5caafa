/**
 * ActiveEffect, minimal (common/documents/active-effect.mjs, client/documents/active-effect.mjs
 * and client/documents/actor.mjs `toggleStatusEffect`, v13): effects live on actors and items;
 * an actor's `statuses` are the status ids of its enabled effects (and of its items' transferred
 * ones). `toggleStatusEffect` adds an effect made from `CONFIG.statusEffects` (keeping the
 * status's static `_id` when it has one) or removes the effects that carry only that status.
 * Not modelled: applying `changes` to the actor's data, durations, suppression.
 *
 * v14 profile: the duration is one value in one unit, `{value, units, expiry, expired}`, and
 * where it started is a top-level `start` (API v14 `foundry.documents.types.EffectDurationData`);
 * changes live in `system.changes` with a string `type` (v14 systems: Dragonbane status effects
 * 3.0 "changes are stored on system.changes"). A source in v13's shape is migrated with a
 * compatibility warning, as core's migration does (foundryvtt/foundryvtt#14112 describes it).
 */
import { BooleanField, DocumentIdField, NumberField, ObjectField, SetField, StringField, ArrayField, type DataField } from "../fields";
import { deepClone, type PlainObject } from "../utils";
import { WorldDocument, currentHost, hostOf, requireHost, type DocumentMetadata, type PermissionSubject } from "./document";
import { TypeDataField, documentStatsField } from "./fields";
import type { UserLike } from "./host";

/** Effects belong to their actor or item: its owners may create, change and delete them. */
const parentOwner = (user: UserLike, doc: PermissionSubject) => {
  const parent = doc.parent as PermissionSubject | null;
  return parent ? parent.testUserPermission(user, "OWNER") : user.isGM;
};

export class ActiveEffect extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "ActiveEffect",
    collection: "effects",
    embedded: {},
    hasTypeData: true,
    permissions: { create: parentOwner, update: parentOwner, delete: parentOwner },
  };

  declare disabled: boolean;
  declare transfer: boolean;
  declare statuses: Set<string>;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      img: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      type: new StringField({ required: true, blank: false, initial: "base" }),
      system: new TypeDataField("ActiveEffect"),
      changes: new ArrayField(new ObjectField()),
      disabled: new BooleanField(),
      duration: new ObjectField(),
      start: new ObjectField(),
      description: new StringField({ required: true, blank: true, initial: "" }),
      origin: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      tint: new StringField({ required: true, nullable: true, blank: false, initial: null }),
      transfer: new BooleanField({ initial: true }),
      statuses: new SetField(new StringField({ required: true, blank: false })),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      flags: new ObjectField(),
      _stats: documentStatsField(),
    };
  }

  /** v14: a v13-shaped duration or top-level changes are migrated, with a compatibility warning. */
  static override migrateData(source: PlainObject): PlainObject {
    const host = currentHost() as (ReturnType<typeof currentHost> & { profile?: string; compatibilityWarning?(m: string): void }) | undefined;
    if (host?.profile === "v14") migrateToV14(source, (message) => host.compatibilityWarning?.(message));
    return super.migrateData(source);
  }

  /** Enabled (the world does not model suppression). */
  get active(): boolean {
    return !this.disabled;
  }

  get isSuppressed(): boolean {
    return false;
  }

  override getUserLevel(user?: UserLike | null): number {
    const parent = this.parent as WorldDocument | null;
    return parent ? parent.getUserLevel(user) : super.getUserLevel(user);
  }

  /** A new (unsaved) effect from a `CONFIG.statusEffects` entry. */
  static async fromStatusEffect(statusId: string, options: PlainObject = {}): Promise<ActiveEffect> {
    const host = requireHost();
    const statusEffects = (host.CONFIG.statusEffects ?? []) as PlainObject[];
    const status = statusEffects.find((e) => e.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to ActiveEffect#fromStatusEffect`);
    const { id, label, name, hud: _hud, ...data } = deepClone(status);
    const i18n = host.game.i18n as { localize(key: string): string };
    const effectData: PlainObject = { ...data, name: i18n.localize(String(name ?? label ?? id)), statuses: [id, ...((data.statuses as string[]) ?? [])] };
    return new (this.implementation as unknown as new (d: PlainObject, c: PlainObject) => ActiveEffect)(effectData, { ...options, host });
  }
}

interface EffectHolder extends WorldDocument {
  effects: Iterable<ActiveEffect> & { get(id: string): ActiveEffect | undefined };
  items?: Iterable<WorldDocument & { effects: Iterable<ActiveEffect> }>;
  statuses: Set<string>;
}

/** The actor's effects and its items' transferred effects (Actor#allApplicableEffects). */
export function* applicableEffects(actor: EffectHolder): Generator<ActiveEffect> {
  yield* actor.effects;
  for (const item of actor.items ?? []) for (const effect of item.effects) if (effect.transfer) yield effect;
}

/** Collect the status ids of the enabled effects (the part of Actor#applyActiveEffects modelled). */
export function collectStatuses(actor: EffectHolder): void {
  actor.statuses = new Set();
  for (const effect of applicableEffects(actor)) {
    if (!effect.active) continue;
    for (const status of effect.statuses) actor.statuses.add(status);
  }
}

/** Actor#toggleStatusEffect: true when it stays on, false when removed, the new effect when added. */
export async function toggleStatusEffect(actor: EffectHolder, statusId: string, { active, overlay = false }: { active?: boolean; overlay?: boolean } = {}): Promise<unknown> {
  const statusEffects = (hostOf(actor).CONFIG.statusEffects ?? []) as PlainObject[];
  const status = statusEffects.find((e) => e.id === statusId);
  if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
  const existing: string[] = [];
  if (status._id) {
    const effect = actor.effects.get(status._id as string);
    if (effect) existing.push(effect.id as string);
  } else {
    for (const effect of actor.effects) if (effect.statuses.size === 1 && effect.statuses.has(statusId)) existing.push(effect.id as string);
  }
  if (existing.length) {
    if (active) return true;
    await actor.deleteEmbeddedDocuments("ActiveEffect", existing);
    return false;
  }
  if (active === false) return undefined;
  const cls = (hostOf(actor).CONFIG.ActiveEffect as { documentClass: typeof ActiveEffect }).documentClass;
  const effect = await hostOf(actor).run(() => cls.fromStatusEffect(statusId));
  if (overlay) effect.updateSource({ "flags.core.overlay": true });
  const [created] = await actor.createEmbeddedDocuments("ActiveEffect", [effect.toObject()], { keepId: true });
  return created;
}

const LEGACY_DURATION_KEYS = ["rounds", "turns", "seconds", "startTime", "startRound", "startTurn", "combat"];
const V13_MODE_TYPES = ["custom", "multiply", "add", "downgrade", "upgrade", "override"];

/** v13 → v14 effect shape (duration and changes), in place. */
function migrateToV14(source: PlainObject, warn: (message: string) => void): void {
  const duration = source.duration as PlainObject | undefined;
  if (duration && LEGACY_DURATION_KEYS.some((key) => key in duration)) {
    warn("ActiveEffect duration uses the v13 shape (rounds, turns, seconds, startRound…): v14 stores {value, units, expiry} and a top-level start");
    const value = [["rounds", "rounds"], ["turns", "turns"], ["seconds", "seconds"]].find(([key]) => typeof duration[key] === "number" && (duration[key] as number) > 0);
    const start: PlainObject = { ...((source.start as PlainObject | undefined) ?? {}) };
    if (duration.combat) start.combat = duration.combat;
    if (typeof duration.startRound === "number") start.round = duration.startRound;
    if (typeof duration.startTurn === "number") start.turn = duration.startTurn;
    if (typeof duration.startTime === "number") start.time = duration.startTime;
    source.duration = value ? { value: duration[value[0]], units: value[1], expiry: null } : { value: null, units: "seconds", expiry: null };
    source.start = start;
  }
  const changes = source.changes as PlainObject[] | undefined;
  if (Array.isArray(changes) && changes.length) {
    warn("ActiveEffect changes belong in system.changes on v14");
    const system = (source.system ??= {}) as PlainObject;
    system.changes = changes.map(({ mode, ...change }) => ({ ...change, type: V13_MODE_TYPES[Number(mode)] ?? "add" }));
    delete source.changes;
  }
}
