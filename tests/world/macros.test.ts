/**
 * Contract: Macro documents (common/documents/macro.mjs, client/documents/macro.mjs), the user's
 * hotbar (client/documents/user.mjs `assignHotbarMacro`, `getHotbarMacros`) and the hotbar's drop
 * (client/applications/ui/hotbar.mjs `_onDrop`: the `hotbarDrop` hook first; false stops it).
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createWorld, OWNERSHIP, type World, type WorldClient } from "./index";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;
let adaId: string;

interface MacroDoc {
  id: string; name: string; type: string; command: string; img: string; isAuthor: boolean; isOwner: boolean; canExecute: boolean;
  author: { id: string } | null;
  execute(scope?: object): unknown;
  update(c: object): Promise<unknown>;
}
interface MacroClass { create(data: object): Promise<MacroDoc | undefined> }
const Macro = (c: WorldClient) => (c.CONFIG as unknown as { Macro: { documentClass: MacroClass } }).Macro.documentClass;
const macro = (c: WorldClient, id: string) => (c.game as unknown as { macros: { get(id: string): MacroDoc | undefined } }).macros.get(id);
type HotbarUser = { hotbar: Record<string, string>; assignHotbarMacro(m: unknown, s?: number): Promise<unknown>; getHotbarMacros(page?: number): { slot: number; macro: MacroDoc | null }[]; update(c: object): Promise<unknown> };
const userOf = (c: WorldClient) => c.user as unknown as HotbarUser;
const hotbarOf = (c: WorldClient) => (c.ui as unknown as { hotbar: { drop(data: object, slot: number): Promise<unknown> } }).hotbar;

beforeAll(async () => {
  world = await createWorld({ packs: false });
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
  [adaId] = await world.seed("Actor", [{ name: "Ada", type: "character" }], { ownership: { [alice.userId]: OWNERSHIP.OWNER } });
});

const hookIds: [WorldClient, number][] = [];
afterEach(() => {
  for (const [client, id] of hookIds.splice(0)) client.Hooks.off("hotbarDrop", id);
});

describe("Macro documents", () => {
  it("a player creates a script macro as its author, owns it, and another player may not change it", async () => {
    const made = await world.as(alice, () => Macro(alice).create({ name: "Hello", type: "script", command: "return 1;", author: bob.userId }));
    await world.settle();
    expect(made?.author?.id).toBe(alice.userId);
    expect(made?.isAuthor).toBe(true);
    expect(macro(gm, made!.id)?.author?.id).toBe(alice.userId);
    expect([alice, bob].map((c) => macro(c, made!.id)?.isOwner)).toEqual([true, false]);
    await expect(world.as(bob, () => macro(bob, made!.id)!.update({ name: "Mine" }))).rejects.toThrow(`User Bob lacks permission to update Macro [${made!.id}]`);
  });

  it("a player without MACRO_SCRIPT creates no script macro", async () => {
    await world.as(gm, () => (gm.game.users.get(bob.userId) as unknown as HotbarUser).update({ permissions: { MACRO_SCRIPT: false } }));
    await world.settle();
    await expect(world.as(bob, () => Macro(bob).create({ name: "Nope", type: "script", command: "" }))).rejects.toThrow("User Bob lacks permission to create a new Macro");
    await world.as(gm, () => (gm.game.users.get(bob.userId) as unknown as HotbarUser).update({ permissions: { MACRO_SCRIPT: true } }));
    await world.settle();
  });

  it("execute runs the script with speaker, actor, character and the scope's names, as the user", async () => {
    const made = await world.as(alice, () => Macro(alice).create({ name: "Who", type: "script", command: "return [game.user.name, actor?.name ?? null, character?.name ?? null, speaker.alias, extra];" }));
    await world.settle();
    const ada = alice.game.actors.get(adaId);
    expect(await world.as(alice, () => made!.execute({ actor: ada, extra: 5 }))).toEqual(["Alice", "Ada", null, "Ada", 5]);
    expect(await world.as(alice, () => made!.execute({ extra: 1 }))).toEqual(["Alice", null, null, "Alice", 1]);
    // Without the script permission nothing runs: a warning.
    await world.as(gm, () => (gm.game.users.get(alice.userId) as unknown as HotbarUser).update({ permissions: { MACRO_SCRIPT: false } }));
    await world.settle();
    const before = alice.notifications.length;
    expect(macro(alice, made!.id)!.canExecute).toBe(false);
    await world.as(alice, () => macro(alice, made!.id)!.execute());
    expect(alice.notifications.slice(before)).toEqual([{ type: "warn", message: `You do not have permission to execute Macro "Who".` }]);
    await world.as(gm, () => (gm.game.users.get(alice.userId) as unknown as HotbarUser).update({ permissions: { MACRO_SCRIPT: true } }));
    await world.settle();
  });
});

describe("the hotbar", () => {
  it("assignHotbarMacro fills the slot asked for, else the first free one; getHotbarMacros reads a page", async () => {
    const a = await world.as(alice, () => Macro(alice).create({ name: "A", type: "script", command: "" }));
    const b = await world.as(alice, () => Macro(alice).create({ name: "B", type: "script", command: "" }));
    await world.as(alice, () => userOf(alice).assignHotbarMacro(a, 3));
    await world.as(alice, () => userOf(alice).assignHotbarMacro(b));
    await world.settle();
    expect(userOf(alice).hotbar).toEqual({ 1: b!.id, 3: a!.id });
    expect((gm.game.users.get(alice.userId) as unknown as HotbarUser).hotbar).toEqual({ 1: b!.id, 3: a!.id });
    expect(userOf(alice).getHotbarMacros(1).slice(0, 3).map((s) => [s.slot, s.macro?.name ?? null])).toEqual([[1, "B"], [2, null], [3, "A"]]);
    await expect(world.as(alice, () => userOf(alice).assignHotbarMacro(a, 51))).rejects.toThrow("Invalid Hotbar slot requested");
    await expect(world.as(alice, () => userOf(alice).assignHotbarMacro({ documentName: "Actor" }, 2))).rejects.toThrow("Invalid Macro provided");
  });

  it("a drop calls hotbarDrop first; a handler returning false stops core", async () => {
    const seen: unknown[] = [];
    hookIds.push([bob, bob.Hooks.on("hotbarDrop", (_bar: unknown, data: unknown, slot: unknown) => {
      seen.push([data, slot]);
      return false;
    })]);
    const [itemId] = await world.seed("Item", [{ name: "Rope", type: "equipment" }]);
    await world.as(bob, () => hotbarOf(bob).drop({ type: "Item", uuid: `Item.${itemId}` }, 4));
    await world.settle();
    expect(seen).toEqual([[{ type: "Item", uuid: `Item.${itemId}` }, 4]]);
    expect(userOf(bob).hotbar ?? {}).toEqual({});
  });

  it("otherwise a document gets core's sheet macro in the slot, and a macro is assigned as it is", async () => {
    const [itemId] = await world.seed("Item", [{ name: "Lantern", type: "equipment" }]);
    await world.as(bob, () => hotbarOf(bob).drop({ type: "Item", uuid: `Item.${itemId}` }, 2));
    await world.settle();
    const made = macro(bob, userOf(bob).hotbar[2])!;
    expect([made.name, made.type, made.command]).toEqual(["Display Lantern", "script", `await Hotbar.toggleDocumentSheet("Item.${itemId}");`]);
    await world.as(bob, () => hotbarOf(bob).drop({ type: "Macro", uuid: `Macro.${made.id}` }, 7));
    await world.settle();
    expect(userOf(bob).hotbar).toEqual({ 2: made.id, 7: made.id });
  });
});
