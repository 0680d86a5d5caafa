// The release tag, package.json and system.json must name one version, and the download URL must point at it.
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const manifest = JSON.parse(readFileSync(new URL("../system.json", import.meta.url), "utf8"));
const tag = process.argv[2];
const problems = [];
if (pkg.version !== manifest.version) problems.push(`package.json ${pkg.version} ≠ system.json ${manifest.version}`);
if (!manifest.download.endsWith(`/v${manifest.version}/clockwork.zip`)) problems.push(`download URL ${manifest.download} does not point at v${manifest.version}`);
if (tag !== undefined && tag !== `v${pkg.version}`) problems.push(`tag ${tag} ≠ v${pkg.version}`);
if (problems.length) {
  console.error(`Version check failed:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(`version ${pkg.version} consistent${tag ? ` with tag ${tag}` : ""}`);
