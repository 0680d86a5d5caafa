// Publishing a release to Foundry's package listing through its Package Release API
// (https://foundryvtt.com/article/package-release-api/): a POST with the package's release
// token in `Authorization` and a JSON body naming the version, its own manifest URL, its notes
// and its core compatibility. The functions are pure; the command line at the bottom is what
// .github/workflows/release.yml runs:
//   node scripts/release-body.mjs notes vX.Y.Z              the CHANGELOG section of that version
//   node scripts/release-body.mjs publish vX.Y.Z [--dry-run]  POST it (token: FOUNDRY_RELEASE_TOKEN)
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const RELEASE_API = "https://api.foundryvtt.com/_api/packages/release_version/";

/** The text of `version`'s section of CHANGELOG.md (`## [x.y.z]` or `## x.y.z`), or null. */
export function changelogSection(changelog, version) {
  const lines = changelog.split(/\r?\n/);
  const heading = (line) => /^##\s/.test(line);
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const start = lines.findIndex((line) => new RegExp(`^##\\s+\\[?v?${escaped}\\]?(\\s|$)`).test(line));
  if (start < 0) return null;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex(heading);
  const body = (end < 0 ? rest : rest.slice(0, end)).join("\n").trim();
  return body || null;
}

/** The repository's web address from the manifest's `url` (no trailing slash). */
function repository(manifest) {
  const url = String(manifest.url ?? "").replace(/\/+$/, "");
  if (!/^https:\/\/github\.com\/[^/]+\/[^/]+$/.test(url)) throw new Error(`system.json url ${manifest.url} is not a GitHub repository`);
  return url;
}

/**
 * The request body for `tag`. The listing installs `release.manifest`, so it is the manifest
 * attached to that tag's release, never the "latest" URL; the notes are that release's page.
 * Throws when the tag, the version and the download URL disagree.
 */
export function releaseBody(manifest, tag, { dryRun = false } = {}) {
  if (!manifest?.id || !manifest.version) throw new Error("system.json needs an id and a version");
  if (tag !== `v${manifest.version}`) throw new Error(`tag ${tag} ≠ v${manifest.version}`);
  const repo = repository(manifest);
  const download = `${repo}/releases/download/${tag}/`;
  if (!String(manifest.download ?? "").startsWith(download)) throw new Error(`download ${manifest.download} is not under ${download}`);
  const { minimum, verified, maximum } = manifest.compatibility ?? {};
  if (!minimum || !verified) throw new Error("system.json compatibility needs a minimum and a verified core version");
  const compatibility = { minimum: String(minimum), verified: String(verified), maximum: maximum === undefined ? "" : String(maximum) };
  return {
    id: manifest.id,
    ...(dryRun ? { "dry-run": true } : {}),
    release: {
      version: manifest.version,
      manifest: `${download}system.json`,
      notes: `${repo}/releases/tag/${tag}`,
      compatibility,
    },
  };
}

/** The fetch arguments for a body; the token is the package's secret release token. */
export function releaseRequest(body, token) {
  if (!token) throw new Error("no release token (set FOUNDRY_RELEASE_TOKEN from the repository secret)");
  return [RELEASE_API, { method: "POST", headers: { "Content-Type": "application/json", Authorization: token }, body: JSON.stringify(body) }];
}

/** Whether the API accepted the release: HTTP 2xx and `status: "success"`. */
export function accepted(httpOk, json) {
  return Boolean(httpOk && json && json.status === "success");
}

async function main([command, tag, ...flags]) {
  const root = new URL("../", import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL("system.json", root), "utf8"));
  if (command === "notes") {
    const version = String(tag ?? "").replace(/^v/, "");
    const notes = changelogSection(readFileSync(new URL("CHANGELOG.md", root), "utf8"), version);
    if (!notes) throw new Error(`CHANGELOG.md has no section for ${version}`);
    process.stdout.write(`${notes}\n`);
    return;
  }
  if (command === "publish") {
    const body = releaseBody(manifest, tag, { dryRun: flags.includes("--dry-run") });
    const response = await fetch(...releaseRequest(body, process.env.FOUNDRY_RELEASE_TOKEN));
    const text = await response.text();
    let json = null;
    try { json = JSON.parse(text); } catch { /* reported below as text */ }
    console.log(`${body["dry-run"] ? "dry run: " : ""}HTTP ${response.status} ${text}`);
    if (!accepted(response.ok, json)) process.exit(1);
    return;
  }
  throw new Error("usage: release-body.mjs notes|publish vX.Y.Z [--dry-run]");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
