import { describe, expect, it } from "vitest";
import { PARTIALS, templateFile } from "../../src/applications/handlebars";
import { signed } from "../../src/dice/context/format";

describe("sheet helpers", () => {
  it("signs bonuses and shows losses with a true minus sign", () => {
    expect([signed(3), signed(0), signed(-2)]).toEqual(["+3", "0", "\u22122"]);
    expect(signed(2, true)).toBe("\u22122");
    expect(signed("x")).toBe("0");
  });

  it("maps a template URL to its file and refuses one outside the system's templates", () => {
    expect(templateFile(PARTIALS["cw-field"])).toBe("partials/field.hbs");
    expect(() => templateFile("modules/x/y.hbs")).toThrow(/modules\/x\/y\.hbs/);
  });
});
