/**
 * system.json tells the truth (issue 21 item 5): its compatibility block says what
 * docs/compatibility.md says was checked, generation by generation.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as { compatibility: { minimum?: string; verified?: string; maximum?: string } };
const doc = readFileSync(new URL("../../docs/compatibility.md", import.meta.url), "utf8");
const stated = (label: string) => doc.match(new RegExp(`^- ${label}: \\*\\*(\\d+)\\*\\*`, "m"))?.[1];

describe("compatibility", () => {
  it("verified and minimum in system.json match docs/compatibility.md", () => {
    expect(stated("Verified generation")).toBeDefined();
    expect(manifest.compatibility.verified).toBe(stated("Verified generation"));
    expect(manifest.compatibility.minimum).toBe(stated("Minimum generation"));
  });

  it("declares no maximum, as the document says", () => {
    expect(doc).toMatch(/^- Maximum: none declared/m);
    expect(manifest.compatibility.maximum).toBeUndefined();
  });

  it("verifies only a generation the test world has a profile for", () => {
    const profiles = readFileSync(new URL("../world/client.ts", import.meta.url), "utf8").match(/export type Profile = (.+);/)?.[1] ?? "";
    expect(profiles).toContain(`"v${manifest.compatibility.verified}"`);
  });
});
