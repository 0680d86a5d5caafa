/**
 * The release step's request to Foundry's Package Release API
 * (https://foundryvtt.com/article/package-release-api/), built by a pure function from
 * system.json and the tag: the version's own manifest (never "latest"), its notes page and its
 * core compatibility; a dry run says so; a tag that disagrees with the manifest is refused
 * before anything is sent; the token goes only into the Authorization header.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { accepted, changelogSection, RELEASE_API, releaseBody, releaseRequest } from "../../scripts/release-body.mjs";

const root = join(import.meta.dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));

const sample = {
  id: "clockwork", version: "1.2.3", url: "https://github.com/clockwork-foundry/clockwork",
  manifest: "https://github.com/clockwork-foundry/clockwork/releases/latest/download/system.json",
  download: "https://github.com/clockwork-foundry/clockwork/releases/download/v1.2.3/clockwork.zip",
  compatibility: { minimum: "13", verified: "13.351" },
};

describe("release body", () => {
  it("names the version, the tag's own manifest and notes, and the compatibility", () => {
    expect(releaseBody(sample, "v1.2.3")).toEqual({
      id: "clockwork",
      release: {
        version: "1.2.3",
        manifest: "https://github.com/clockwork-foundry/clockwork/releases/download/v1.2.3/system.json",
        notes: "https://github.com/clockwork-foundry/clockwork/releases/tag/v1.2.3",
        compatibility: { minimum: "13", verified: "13.351", maximum: "" },
      },
    });
  });

  it("marks a dry run, and keeps a maximum when the manifest has one", () => {
    const body = releaseBody({ ...sample, compatibility: { minimum: 13, verified: 13, maximum: 14 } }, "v1.2.3", { dryRun: true });
    expect(body["dry-run"]).toBe(true);
    expect(body.release.compatibility).toEqual({ minimum: "13", verified: "13", maximum: "14" });
  });

  it("refuses a tag, download or manifest that disagree", () => {
    expect(() => releaseBody(sample, "v1.2.4")).toThrow(/v1\.2\.4 ≠ v1\.2\.3/);
    expect(() => releaseBody(sample, "1.2.3")).toThrow(/≠ v1\.2\.3/);
    expect(() => releaseBody({ ...sample, download: "https://github.com/clockwork-foundry/clockwork/releases/download/v1.2.2/clockwork.zip" }, "v1.2.3")).toThrow(/download/);
    expect(() => releaseBody({ ...sample, url: "https://example.com/clockwork" }, "v1.2.3")).toThrow(/GitHub repository/);
    expect(() => releaseBody({ ...sample, compatibility: { minimum: "13" } }, "v1.2.3")).toThrow(/verified/);
  });

  it("builds a valid body from this repository's system.json and its tag", () => {
    const body = releaseBody(manifest, `v${manifest.version}`);
    expect(body.id).toBe(manifest.id);
    expect(body.release.manifest).toBe(manifest.download.replace(/clockwork\.zip$/, "system.json"));
    expect(body.release.compatibility.minimum).toBe(String(manifest.compatibility.minimum));
  });

  it("sends the token only in the Authorization header, as JSON to the documented endpoint", () => {
    const body = releaseBody(sample, "v1.2.3");
    const [url, init] = releaseRequest(body, "secret-token");
    expect(url).toBe(RELEASE_API);
    expect(RELEASE_API).toBe("https://api.foundryvtt.com/_api/packages/release_version/");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({ "Content-Type": "application/json", Authorization: "secret-token" });
    expect(JSON.parse(init.body)).toEqual(body);
    expect(init.body).not.toContain("secret-token");
    expect(() => releaseRequest(body, undefined)).toThrow(/FOUNDRY_RELEASE_TOKEN/);
  });

  it("counts only a success answer as published", () => {
    expect(accepted(true, { status: "success", page: "https://foundryvtt.com/packages/clockwork/edit/" })).toBe(true);
    expect(accepted(false, { status: "error", errors: { manifest: [{ message: "bad" }] } })).toBe(false);
    expect(accepted(true, { status: "error" })).toBe(false);
    expect(accepted(true, null)).toBe(false);
  });
});

describe("changelog sections", () => {
  const text = "# Changelog\n\n## [Unreleased]\n- next\n\n## [1.2.3] - 2026-01-01\n### Fixed\n- a bug\n\n## 1.2.2\n- older\n";
  it("returns the body of a version's section and nothing past the next heading", () => {
    expect(changelogSection(text, "1.2.3")).toBe("### Fixed\n- a bug");
    expect(changelogSection(text, "1.2.2")).toBe("- older");
    expect(changelogSection(text, "1.2")).toBeNull();
    expect(changelogSection(text, "9.9.9")).toBeNull();
  });
});
