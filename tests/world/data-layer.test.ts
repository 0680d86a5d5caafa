/** The data layer behaves like core where the system and its tests rely on it (foundry.utils: the contract suite, src/selftest/contracts/checks/data.ts). */
import { beforeEach, describe, expect, it } from "vitest";
import { Collection, createWorld, DataModel, DataModelValidationError, fields, type WorldClient } from "./index";
import { HookRegistry } from "./hooks";

let client: WorldClient;
beforeEach(async () => {
  client = (await createWorld({ packs: false, system: false, users: [{ name: "Gamemaster", role: "gm" }] })).gm;
});

class Sample extends DataModel {
  static override defineSchema() {
    return {
      count: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: 10, initial: 1 }),
      kind: new fields.StringField({ required: true, choices: ["a", "b"], initial: "a" }),
      tags: new fields.ArrayField(new fields.StringField({ required: true, blank: false })),
      nested: new fields.SchemaField({ flag: new fields.BooleanField() }),
    };
  }

  static override validateJoint(data: Record<string, unknown>): void {
    if (data.kind === "b" && data.count === 0) throw new Error("b needs a count");
  }
}

describe("fields", () => {
  it("clean like core: numbers cast, rounded and clamped; missing values from initial", () => {
    const model = new Sample({ count: "12.4" as unknown as number, tags: "x" as unknown as string[] });
    expect(model._source).toEqual({ count: 10, kind: "a", tags: ["x"], nested: { flag: false } });
  });

  it("report every failing path and value", () => {
    const error = (() => {
      try {
        new Sample({ kind: "c", tags: ["", "ok"] });
      } catch (err) {
        return err as DataModelValidationError;
      }
    })();
    expect(error).toBeInstanceOf(DataModelValidationError);
    expect(Object.keys(error?.getAllFailures() ?? {}).sort()).toEqual(["kind", "tags.0"]);
    expect(error?.message).toContain("kind: c is not a valid choice");
  });
});

describe("DataModel", () => {
  it("applies a valid update and rejects an invalid one without changing anything", () => {
    const model = new Sample({ count: 3 }) as Sample & { count: number; kind: string };
    model.updateSource({ "nested.flag": true, count: 4 });
    expect(model._source).toMatchObject({ count: 4, nested: { flag: true } });
    expect(() => model.updateSource({ count: 0, kind: "b" })).toThrow("b needs a count");
    expect(model._source).toMatchObject({ count: 4, kind: "a" });
    expect(model.count).toBe(4);
  });

  it("runs joint validation on construction", () => {
    expect(() => new Sample({ count: 0, kind: "b" })).toThrow(DataModelValidationError);
  });
});

describe("globals", () => {
  it("iterates collections by value, like core", () => {
    const collection = new Collection<number>([["a", 1], ["b", 2]]);
    expect([...collection]).toEqual([1, 2]);
    expect(collection.reduce((sum, n) => sum + n, 0)).toBe(3);
  });

  it("runs once-hooks once and lets call() be cancelled", () => {
    const hooks = new HookRegistry();
    let runs = 0;
    hooks.once("ping", () => runs++);
    hooks.callAll("ping");
    hooks.callAll("ping");
    expect(runs).toBe(1);
    hooks.on("veto", () => false);
    expect(hooks.call("veto")).toBe(false);
  });

  it("localizes from lang/en.json and formats placeholders", () => {
    expect(game.i18n?.localize("CLOCKWORK.SystemTitle")).toBe("ClockWork");
    expect(client.i18n.format("CLOCKWORK.Error.Range", { value: 13, min: 4, max: 12 })).toBe("13 is outside the allowed range 4–12.");
    expect(client.i18n.localize("CLOCKWORK.No.Such.Key")).toBe("CLOCKWORK.No.Such.Key");
  });

  it("records notifications per client, localizing when asked", () => {
    ui.notifications?.warn("careful");
    ui.notifications?.info("CLOCKWORK.SystemTitle", { localize: true });
    expect(client.notifications).toEqual([{ type: "warn", message: "careful" }, { type: "info", message: "ClockWork" }]);
  });
});
