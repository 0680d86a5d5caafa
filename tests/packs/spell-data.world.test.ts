/**
 * Issue 11 item 5: every spell with a number carries it as structured data that drives the
 * automation (not prose), docs/spells.md lists each spell at its automation level, and spells
 * stored before `system.automation` existed still load, as narrative spells.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, validateDocument } from "../world";
import { items } from "./load-sources";
import type { SourceDocument } from "./load-sources";
import { AUTOMATION_LEVELS, defaultAutomation, resolveSpell, spellDuration, spellManaCost } from "../../src/rules";
import type { SpellAutomation, SpellProfile } from "../../src/rules";

const spells = items("spells");
const byId = new Map(spells.map((doc) => [(doc.system as { identifier: string }).identifier, doc]));
const profile = (id: string): SpellProfile => {
  const doc = byId.get(id);
  if (!doc) throw new Error(`no spell ${id}`);
  return doc.system as unknown as SpellProfile;
};
const auto = (id: string): SpellAutomation => profile(id).automation;

beforeAll(async () => {
  await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }] });
});

describe("structured spell data", () => {
  it("all 105 spells carry an automation level", () => {
    expect(spells).toHaveLength(105);
    for (const doc of spells) expect(AUTOMATION_LEVELS, doc.name).toContain(auto((doc.system as { identifier: string }).identifier).level);
  });

  it("damage numbers are data: dice and type, or one point per gain", () => {
    const dice: Record<string, [number, string]> = {
      "fire-bolt": [6, "energy"], icicle: [6, "energy"], shard: [6, "slashing"], "void-bolt": [6, "energy"], "drain-life": [8, "energy"],
      "mind-blast": [6, "energy"], fireball: [12, "energy"], blizzard: [12, "energy"], shatter: [12, "explosive"], "corpse-explosion": [12, "explosive"],
      lightning: [12, "energy"], "breath-of-fire": [8, "energy"], "cone-of-cold": [8, "energy"], shock: [6, "energy"], "force-missiles": [6, "energy"],
      "fire-wall": [8, "energy"], "flaming-sphere": [6, "energy"], "wall-of-thorns": [8, "slashing"],
    };
    for (const [id, [n, type]] of Object.entries(dice)) {
      expect(profile(id).damage.dice, id).toBe(n);
      expect(profile(id).damage.types[0], id).toBe(type);
    }
    for (const id of ["disintegrate", "ice-beam", "turn-undead"]) expect(profile(id).damage.perGain, id).toBe(true);
    expect(profile("hemorrhage").damage.unavoidable).toBe(true);
    expect(auto("hemorrhage").requires).toEqual(["wounded"]);
  });

  it("per-gain and flat effect numbers are data", () => {
    const effects: Record<string, [string, number, boolean]> = {
      barrier: ["barrier", 1, true], heal: ["heal", 2, true], "cure-wounds": ["cureWounds", 1, true], "transfer-life": ["transferLife", 1, true],
      regenerate: ["regenerate", 2, false], "force-field": ["defense", 1, true], blur: ["defense", 5, false], haste: ["speed", 2, false],
      slow: ["speed", -2, false], "mass-haste": ["speed", 2, false], "mass-slow": ["speed", -2, false], "borrow-time": ["borrowTime", 1, true],
      "sliding-time": ["slideTime", 1, true], "entangling-roots": ["escape", 1, true], enlarge: ["size", 1, false], shrink: ["size", -1, false],
      ward: ["ward", 1, true], teleport: ["spaces", 4, true], phase: ["spaces", 1, true], telekinesis: ["spaces", 1, true],
      "force-blast": ["push", 4, false], "force-push": ["push", 4, false], gust: ["push", 4, false], shock: ["stunOne", 1, false],
    };
    for (const [id, [kind, amount, perGain]] of Object.entries(effects)) {
      expect(auto(id).effect, id).toMatchObject({ kind, amount, perGain });
    }
    expect(auto("ward").effect.max).toBe(12);
    expect(auto("petrify").margin).toBe(2);
    expect(auto("clone").minGains).toBe(1);
    expect(auto("magic-weapon").minGains).toBe(4);
  });

  it("costs, durations and tie rules come out of the data as the book and rulings say", () => {
    expect([1, 2, 3].map((n) => spellManaCost(profile("boon"), n))).toEqual([4, 6, 8]);
    expect([1, 3].map((n) => spellManaCost(profile("mass-haste"), n))).toEqual([2, 6]);
    expect((auto("heal").modes ?? []).map((m) => [m.key, m.counters, m.mana])).toEqual([["target", 3, 8], ["area", 4, 12]]);
    expect(spellDuration(profile("haste"), 3)).toEqual({ kind: "rounds", rounds: 3 });
    expect(spellDuration(profile("air-bubble"), 2)).toEqual({ kind: "time", seconds: 7200 });
    expect(spellDuration(profile("shapeshift"), 2)).toEqual({ kind: "time", seconds: 1800 });
    expect(spellDuration(profile("mass-slow"), 5)).toEqual({ kind: "rounds", rounds: 1 });
    expect(spellDuration(profile("charm"), 5)).toEqual({ kind: "endFlat", flat: 7 });
    expect(profile("slow").roll.mustExceed).toBe(true);
    expect(profile("ground").roll.mustExceed).toBe(true);
    expect(profile("counterspell").roll.mustExceed).toBe(true);
    expect(auto("dispel").against).toBe("effect");
    expect(auto("counterspell").against).toBe("casting");
    expect(auto("melt").removes).toEqual(["frozen", "chilled"]);
    expect(auto("haste").removes).toEqual(["slowed"]);
  });

  it("harmful spells are the ones the Gnome's Flat 10 and golem runes apply to", () => {
    for (const id of ["fireball", "charm", "slow", "hex", "petrify", "hemorrhage"]) expect(auto(id).harmful, id).toBe(true);
    for (const id of ["barrier", "heal", "haste", "ward", "dispel"]) expect(auto(id).harmful, id).toBe(false);
    for (const id of ["shapeshift", "reanimate", "alchemical-item", "magic-armor", "golemancy", "awaken-item"]) expect(auto(id).dispellable, id).toBe(false);
  });

  it("every spell's data resolves a cast without error (the automation reads only structured fields)", () => {
    for (const doc of spells) {
      const spell = profile((doc.system as { identifier: string }).identifier);
      const target = { id: "t", baseDefense: 3, distance: 1, resistance: { species: 2, armor: 2 }, statuses: ["burning", "chilled", "petrified", "dying"], wounds: 1, reactionGains: 1, hits: 3 };
      const targets = spell.automation.targets.kind === "self" || spell.automation.targets.kind === "none" ? [] : [target];
      const damage = spell.damage.dice ? Array.from({ length: spell.damage.dice }, () => 7) : undefined;
      const out = resolveSpell(spell, { magic: 7, rank: 6 }, targets, { casting: [12, 9, 8, 6, 2, 1, 7], damage, difficulty: 2 });
      expect(out.gains, doc.name).toBe(5);
      if (targets.length) expect(out.targets[0].lasting?.gains ?? out.gains, doc.name).toBe(5);
    }
  });
});

describe("docs/spells.md", () => {
  const text = readFileSync(join(import.meta.dirname, "../../docs/spells.md"), "utf8");
  const section = (title: string) => text.split(`## ${title}`)[1]?.split("\n## ")[0] ?? "";
  it("lists every spell once, under its automation level", () => {
    const titles = { full: "Fully automated", partial: "Partly automated", narrative: "Narrative only" } as const;
    for (const doc of spells as SourceDocument[]) {
      const level = auto((doc.system as { identifier: string }).identifier).level;
      expect(section(titles[level]), doc.name).toContain(`| ${doc.name} |`);
      expect(text.split(`| ${doc.name} |`).length - 1, doc.name).toBe(1);
    }
  });

  it("gives each spell the roll kind its data has", () => {
    const label: Record<string, string> = { attack: "attack", area: "area", opposed: "opposed", unopposed: "unopposed", difficulty: "GM difficulty" };
    for (const doc of spells as SourceDocument[]) {
      const row = text.split("\n").find((line) => line.startsWith(`| ${doc.name} |`));
      const kind = profile((doc.system as { identifier: string }).identifier).roll.kind;
      expect(row?.split("|")[2].trim(), doc.name).toBe(label[kind] ?? kind);
    }
  });

  it("describes the issue 19 effects the data carries (book L1387, L1339, L1667)", () => {
    const row = (name: string) => text.split("\n").find((line) => line.startsWith(`| ${name} |`)) ?? "";
    // Force Missiles: the square and the line are modes of the data.
    expect(auto("force-missiles").modes?.map((m) => [m.key, m.areaShape, m.areaSize])).toEqual([["square", "square", 2], ["line", "line", 4]]);
    expect(row("Force Missiles")).toContain("`square` and `line` modes");
    // Enlarge and Shrink resist with Stamina (so an unwilling target may resist and the Flat 7 ends it).
    for (const id of ["enlarge", "shrink"]) expect(profile(id).roll.opposedSkill, id).toBe("stamina");
    expect(row("Enlarge")).toContain("unwilling: until Flat 7");
    expect(auto("stabilize").effect.kind).toBe("stabilize");
    expect(row("Stabilize")).toContain("gains ≥ the target's wounds");
  });
});

describe("spells stored before the automation data", () => {
  const old = { skill: "soul", school: "life", level: 2, counters: 2, mana: 4, roll: { kind: "unopposed" } };
  it("still validate and read as narrative spells with one target", () => {
    expect(validateDocument("Item", { name: "Old Barrier", type: "spell", system: old }).valid).toBe(true);
    const item = new (CONFIG.Item.documentClass as unknown as new (d: object) => { system: { automation: SpellAutomation } })({ name: "Old Barrier", type: "spell", system: old });
    expect(item.system.automation).toMatchObject({ ...defaultAutomation(), modes: [] });
  });
  it("a null or broken automation from an import falls back to the defaults", () => {
    for (const automation of [null, "full", [1, 2]]) {
      const item = new (CONFIG.Item.documentClass as unknown as new (d: object) => { system: { automation: SpellAutomation } })({ name: "Imported", type: "spell", system: { ...old, automation } });
      expect(item.system.automation.level).toBe("narrative");
    }
  });
});
