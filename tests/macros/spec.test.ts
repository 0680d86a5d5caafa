import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { macroCommand, macroSpecKey, parseMacroSpec, sameSpec, type MacroSpec } from "../../src/macros/spec";
import { COMBAT_ACTION_KEYS, SKILL_ATTRIBUTE } from "../../src/rules";

const id = fc.stringMatching(/^[A-Za-z0-9]{16}$/);
const name = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0);
const spec: fc.Arbitrary<MacroSpec> = fc.oneof(
  fc.constantFrom(...Object.keys(SKILL_ATTRIBUTE)).map((skill) => ({ kind: "skill", skill }) as MacroSpec),
  fc.record({ kind: fc.constantFrom("attack", "cast", "alchemy") as fc.Arbitrary<MacroSpec["kind"]>, itemId: id, name }),
  fc.record({ kind: fc.constant("action") as fc.Arbitrary<MacroSpec["kind"]>, key: fc.constantFrom(...COMBAT_ACTION_KEYS), itemId: id, name }),
);

/** The spec a command carries, read back as the macro's script would pass it. */
function commandSpec(command: string): unknown {
  const match = /^return game\.clockwork\.macros\.run\((.*), \{ event: scope\?\.event \}\);$/.exec(command);
  return match ? JSON.parse(match[1]) : null;
}

describe("macro specs", () => {
  it("a spec survives its command: the macro runs what was dropped", () => {
    fc.assert(fc.property(spec, (s) => {
      const back = parseMacroSpec(commandSpec(macroCommand(s)));
      expect(back).not.toBeNull();
      expect(sameSpec(back!, s)).toBe(true);
    }));
  });

  it("the command does not depend on the order of the fields (a second drop finds the first macro)", () => {
    const a: MacroSpec = { kind: "attack", itemId: "AAAAAAAAAAAAAAAA", name: "Axe" };
    const b = { name: "Axe", itemId: "AAAAAAAAAAAAAAAA", kind: "attack" } as MacroSpec;
    expect(macroCommand(a)).toBe(macroCommand(b));
    expect(macroSpecKey(a)).toBe(macroSpecKey(b));
  });

  it("a name with quotes or a script in it stays data in the command", () => {
    const s: MacroSpec = { kind: "cast", itemId: "AAAAAAAAAAAAAAAA", name: `"); game.users.contents[0].delete(); ("` };
    const command = macroCommand(s);
    expect(commandSpec(command)).toEqual({ kind: "cast", itemId: "AAAAAAAAAAAAAAAA", name: s.name });
  });

  it.each([
    [null], ["attack"], [[]], [{}], [{ kind: "sing" }],
    [{ kind: "skill" }], [{ kind: "skill", skill: "juggling" }],
    [{ kind: "attack" }], [{ kind: "attack", itemId: "short" }], [{ kind: "attack", itemId: "AAAAAAAAAAAAAAAA", name: 7 }],
    [{ kind: "cast", name: "x".repeat(201) }], [{ kind: "cast", name: "   " }],
    [{ kind: "action" }], [{ kind: "action", key: "teleport" }], [{ kind: "action", key: "walk", offWeaponId: "../x" }],
    [{ kind: "action", key: "walk", speciesAttack: "<b>" }],
  ])("refuses malformed data %j", (data) => {
    expect(parseMacroSpec(data)).toBeNull();
  });

  it("keeps only the fields of the kind", () => {
    expect(parseMacroSpec({ kind: "skill", skill: "strength", itemId: "AAAAAAAAAAAAAAAA", key: "walk" })).toEqual({ kind: "skill", skill: "strength" });
    expect(parseMacroSpec({ kind: "alchemy", name: "Healing Draught", extra: 1 })).toEqual({ kind: "alchemy", name: "Healing Draught" });
  });

  it("any other input is refused or parsed into a spec that parses to itself", () => {
    fc.assert(fc.property(fc.anything(), (data) => {
      const parsed = parseMacroSpec(data);
      if (parsed) expect(parseMacroSpec(parsed)).toEqual(parsed);
    }));
  });
});
