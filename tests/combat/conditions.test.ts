/**
 * Conditions as status effects (src/combat/conditions.ts): stable ids, names, icons and journal
 * references for every status; reading statuses back for the rules; what they do.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  STATUS_IDS, activeStatuses, addStatus, conditionEffects, removeStatus, statusDocumentId, statusEffectEntries, type StatusActor,
} from "../../src/combat/conditions";
import { COMBAT_STATUS_IDS, statusEffectId } from "../../src/rules";

const ROOT = join(import.meta.dirname, "..", "..");
const lang = JSON.parse(readFileSync(join(ROOT, "lang", "en.json"), "utf8")) as Record<string, unknown>;
const lookup = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], lang);

function journalPages(file: string): { journal: string; pages: Map<string, string> } {
  const doc = parse(readFileSync(join(ROOT, "packs", "_source", "rules", file), "utf8")) as { _id: string; pages: { _id: string; flags?: { clockwork?: { key?: string } } }[] };
  return { journal: doc._id, pages: new Map(doc.pages.map((p) => [p._id, p.flags?.clockwork?.key ?? ""])) };
}

describe("CONFIG.statusEffects", () => {
  const entries = statusEffectEntries();

  it("has every combat status of the rules core and every spell state, once", () => {
    expect(entries.map((e) => e.id)).toEqual([...STATUS_IDS]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const id of COMBAT_STATUS_IDS) expect(entries.some((e) => e.id === id)).toBe(true);
  });

  it("gives each a stable, unique 16-character document id (the rules core's for combat statuses)", () => {
    const ids = entries.map((e) => e._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of entries) {
      expect(entry._id).toMatch(/^[A-Za-z0-9]{16}$/);
      if ((COMBAT_STATUS_IDS as readonly string[]).includes(entry.id)) expect(entry._id).toBe(statusEffectId(entry.id as never));
    }
    expect(statusDocumentId("hexed")).toBe("cwhexed000000000");
  });

  it("names each with a key of lang/en.json and a core icon", () => {
    for (const entry of entries) {
      expect(typeof lookup(entry.name), entry.name).toBe("string");
      expect(entry.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
      expect(entry.img).not.toContain("undefined");
    }
  });

  it("links each to a page of the rules journals that exists, the matching condition where there is one", () => {
    const conditions = journalPages("conditions.yml");
    const reference = journalPages("rules-reference.yml");
    for (const entry of entries) {
      const match = /^Compendium\.clockwork\.rules\.JournalEntry\.(\w+)\.JournalEntryPage\.(\w+)$/.exec(entry.reference);
      expect(match, entry.id).not.toBeNull();
      const [, journal, page] = match as RegExpExecArray;
      const source = journal === conditions.journal ? conditions : reference;
      expect(source.journal).toBe(journal);
      expect(source.pages.has(page), `${entry.id} → ${page}`).toBe(true);
      const key = source.pages.get(page);
      if (source === conditions) expect(key).toBe(entry.id.startsWith("persistent") ? "persistent" : entry.id);
    }
  });

  it("keeps rules-driven statuses out of the token HUD", () => {
    const hud = Object.fromEntries(entries.map((e) => [e.id, e.hud]));
    expect(hud).toMatchObject({ dying: false, stabilized: false, defenseless: false, bleeding: true, dead: true });
  });
});

interface FakeEffect { id: string; statuses: Set<string>; disabled?: boolean; flags: Record<string, unknown>; update(c: Record<string, unknown>): Promise<void> }

/** An actor with v13's toggleStatusEffect semantics over a plain effect list. */
function fakeActor(): StatusActor & { list: FakeEffect[]; calls: string[] } {
  const list: FakeEffect[] = [];
  const calls: string[] = [];
  const effects = Object.assign(list, { get: (id: string) => list.find((e) => e.id === id) });
  return {
    list, calls, effects,
    get statuses() {
      return new Set(list.filter((e) => !e.disabled).flatMap((e) => [...e.statuses]));
    },
    async toggleStatusEffect(id: string, options: { active?: boolean; overlay?: boolean } = {}) {
      calls.push(`${id}:${options.active}:${options.overlay ?? false}`);
      const _id = statusDocumentId(id);
      const existing = list.findIndex((e) => e.id === _id);
      if (existing >= 0 && options.active !== true) list.splice(existing, 1);
      else if (existing < 0 && options.active !== false) {
        list.push({ id: _id, statuses: new Set([id]), flags: options.overlay ? { core: { overlay: true } } : {}, async update(c) { Object.assign(this.flags, { clockwork: { status: c["flags.clockwork.status"] } }); } });
      }
      return undefined;
    },
  };
}

describe("adding and removing by id", () => {
  it("adds once, with its data and overlay, and removes by id; unknown ids are refused", async () => {
    const actor = fakeActor();
    await addStatus(actor, "poisoned", { data: { difficulty: 3 } });
    await addStatus(actor, "poisoned");
    await addStatus(actor, "dying", { overlay: true });
    expect(actor.calls).toEqual(["poisoned:true:false", "dying:true:true"]);
    expect(activeStatuses(actor)).toEqual([{ id: "poisoned", difficulty: 3 }, { id: "dying" }]);
    await removeStatus(actor, "poisoned");
    await removeStatus(actor, "poisoned");
    expect(actor.calls).toHaveLength(3);
    expect(activeStatuses(actor)).toEqual([{ id: "dying" }]);
    await expect(addStatus(actor, "sleepy" as never)).rejects.toThrow(RangeError);
  });
});

describe("what statuses do", () => {
  const with_ = (...statuses: string[]) => conditionEffects({ statuses: new Set(statuses) });

  it("Chilled cannot run, Frozen cannot move, Prone crawls, Grappled and Entangled stay put", () => {
    expect(with_("chilled").movement).toMatchObject({ run: "chilled", walk: null, step: null });
    expect(with_("frozen").movement).toMatchObject({ run: "frozen", walk: "frozen", step: "frozen" });
    expect(with_("prone").movement).toMatchObject({ walk: "prone", crawl: null });
    expect(with_("grappled").movement.step).toBe("grappled");
    expect(with_("entangled").movement.walk).toBe("entangled");
  });

  it("Exhausted −1 die, Stunned +1 cost, Blind attacks as 75% cover, Petrified resists 12, and who cannot act", () => {
    expect(with_("exhausted").dice).toBe(-1);
    expect(with_("stunned").stunned).toBe(true);
    expect(with_("blind").attacker.blind).toBe(true);
    expect(with_("petrified").target.petrified).toBe(true);
    for (const s of ["frozen", "petrified", "dying", "stabilized", "dead"]) expect(with_(s).cannotAct).toBe(true);
    expect(with_("pacified").cannotAct).toBe(false);
    expect(conditionEffects(null).dice).toBe(0);
  });
});
