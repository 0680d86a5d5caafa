/**
 * What a GM sees before installing: the manifest's links, media and recommended modules, pack
 * labels that are lang keys English has a string for (Foundry v13 localizes a pack label in the
 * sidebar and the compendium window), and issue templates that ask for the self-test's report.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = join(import.meta.dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));
const en = JSON.parse(readFileSync(join(root, "lang", "en.json"), "utf8"));
const lookup = (key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe("system.json for the package listing", () => {
  it("links the issue tracker and the changelog, and shows a screenshot", () => {
    for (const field of ["bugs", "changelog"]) expect(manifest[field]).toMatch(/^https:\/\//);
    expect(manifest.media.length).toBeGreaterThan(0);
    for (const media of manifest.media) {
      expect(["cover", "screenshot", "video", "setup", "icon"]).toContain(media.type);
      expect(media.url).toMatch(/^https:\/\/.+\.(png|webp|jpg|mp4|webm)$/);
    }
  });

  it("recommends Dice So Nice, Item Piles, Token Action HUD ClockWork and Babele, each with a reason", () => {
    const recommends = manifest.relationships.recommends as { id: string; type: string; reason: string }[];
    expect(recommends.map((r) => r.id)).toEqual(["dice-so-nice", "item-piles", "token-action-hud-clockwork", "babele"]);
    for (const r of recommends) {
      expect(r.type).toBe("module");
      expect(r.reason.length).toBeGreaterThan(20);
    }
    // Recommended, never required: each integration is optional at run time.
    expect(manifest.relationships.requires).toBeUndefined();
  });

  it("labels every pack with a lang key English translates", () => {
    for (const pack of manifest.packs) {
      expect(pack.label, pack.name).toBe(`CLOCKWORK.Pack.${pack.name}`);
      expect(typeof lookup(pack.label), pack.label).toBe("string");
    }
  });
});

describe("issue templates", () => {
  const dir = join(root, ".github", "ISSUE_TEMPLATE");
  const forms = readdirSync(dir).filter((f) => f.endsWith(".yml") && f !== "config.yml")
    .map((f) => ({ file: f, form: parse(readFileSync(join(dir, f), "utf8")) as { name: string; body: { type: string; id?: string; attributes: Record<string, string>; validations?: { required?: boolean } }[] } }));

  it("every form asks for the self-test's report in a required field and says how to get it", () => {
    expect(forms.length).toBeGreaterThanOrEqual(2);
    for (const { file, form } of forms) {
      const field = form.body.find((b) => b.type === "textarea" && /self-test/i.test(b.attributes.label));
      expect(field, `${file}: no self-test field`).toBeDefined();
      expect(field!.validations?.required, file).toBe(true);
      expect(JSON.stringify(form.body), file).toContain("game.clockwork.selfTest()");
    }
  });

  it("the bug form asks for the contract report and says both ways to get it", () => {
    const bug = forms.find((f) => f.file === "bug_report.yml")!.form;
    const field = bug.body.find((b) => b.type === "textarea" && /contract report/i.test(b.attributes.label));
    expect(field?.attributes.render).toBe("text");
    expect(field?.attributes.description).toContain("game.clockwork.selfTest({ contracts: true })");
    expect(field?.attributes.description).toContain("CLOCKWORK: core contracts");
  });
});
