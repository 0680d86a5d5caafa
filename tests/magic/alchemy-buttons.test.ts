// @vitest-environment happy-dom
/**
 * The belt's Use buttons (src/magic/alchemy.ts addAlchemyButtons): only usable alchemy items on
 * the belt or bandolier, only for owners; a click uses the item on the user.
 */
import { describe, expect, it, vi } from "vitest";
import "../world";
import { addAlchemyButtons, type AlchemyItem } from "../../src/magic/alchemy";

const item = (id: string, system: Partial<AlchemyItem["system"]>): AlchemyItem => ({ id, name: id, type: "equipment", system: { category: "alchemy", ...system } });

function sheet(): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = `
    <section data-container="belt"><ul>
      <li data-item-id="gel"><span class="cw-item-actions"><a>edit</a></span></li>
      <li data-item-id="flask"><span class="cw-item-actions"></span></li>
      <li data-item-id="rope"><span class="cw-item-actions"></span></li>
    </ul></section>
    <section data-container="backpack"><ul><li data-item-id="potion"><span class="cw-item-actions"></span></li></ul></section>`;
  return root;
}

describe("alchemy Use buttons", () => {
  const items = new Map([
    ["gel", item("gel", {})],
    ["flask", item("flask", { thrown: true })],
    ["rope", item("rope", { category: "tool" })],
    ["potion", item("potion", {})],
  ]);

  it("go on usable belt items only, once, and use the item on a click", async () => {
    const useAlchemy = vi.fn(async () => null);
    const html = sheet();
    const actor = { isOwner: true, items: { get: (id: string) => items.get(id) }, useAlchemy };
    expect(addAlchemyButtons(html, actor, "Use")).toBe(1);
    expect(addAlchemyButtons(html, actor, "Use")).toBe(0);
    const button = html.querySelector<HTMLButtonElement>("[data-cw-alchemy-use]")!;
    expect(button.closest("li")?.dataset.itemId).toBe("gel");
    expect(button.getAttribute("aria-label")).toBe("Use: gel");
    button.click();
    await Promise.resolve();
    expect(useAlchemy).toHaveBeenCalledWith(items.get("gel"), {});
  });

  it("are not offered to someone who does not own the actor", () => {
    expect(addAlchemyButtons(sheet(), { isOwner: false, items: { get: (id: string) => items.get(id) } }, "Use")).toBe(0);
  });
});
