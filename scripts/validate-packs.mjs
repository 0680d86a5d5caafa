// Validates every compendium source document against the data models the system registers,
// with the same check as tests/packs/schema.world.test.ts: the system is booted in the test world
// (tests/world, loaded through vite so its TypeScript runs as is) and each Item and Actor
// source is built as a document there. A YAML file that does not parse, or a document that
// does not validate, fails the build with the file, the field and the reason. A YAML boolean
// where the data model expects a string fails too: a bare `off`, `on`, `yes` or `no` (a string
// here, a boolean to a YAML 1.1 reader), or a `true` / `false` a string field would turn into text.
//
//   node scripts/validate-packs.mjs [sourceDir]     (default: packs/_source)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { parse } from "yaml";
import { createServer } from "vite";

const root = new URL("..", import.meta.url).pathname;
const sourceRoot = resolve(process.argv[2] ?? join(root, "packs", "_source"));

/** Collection in a `_key` ("!items!id") to the document name validated here. */
const VALIDATED = { items: "Item", actors: "Actor" };

function yamlFiles(dir) {
  return readdirSync(dir).sort().flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry) ? [path] : [];
  });
}

/** A source as Foundry sees it: the CLI's `_key`s (nested ones included) removed. */
function withoutKeys(value) {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "_key").map(([key, v]) => [key, withoutKeys(v)]));
  }
  return value;
}

/** Fields (dotted paths) where a YAML 1.1 reader sees a boolean and this YAML 1.2 parse a string. */
function yaml11Booleans(strict, loose, path = "") {
  if (typeof loose === "boolean" && typeof strict === "string") return [path];
  if (!strict || typeof strict !== "object" || !loose || typeof loose !== "object") return [];
  return Object.keys(strict).flatMap((key) => yaml11Booleans(strict[key], loose[key], path ? `${path}.${key}` : key));
}

/** Fields where the source has a boolean and the built document a string (a string field cast it). */
function booleansAsStrings(source, built, path = "") {
  if (typeof source === "boolean" && typeof built === "string") return [path];
  if (!source || typeof source !== "object" || !built || typeof built !== "object") return [];
  return Object.keys(source).flatMap((key) => booleansAsStrings(source[key], built[key], path ? `${path}.${key}` : key));
}

/** The file's path from the repository root, or from the source folder given. */
function displayPath(file) {
  const fromRoot = relative(root, file);
  const shown = fromRoot.startsWith("..") ? join(relative(dirname(sourceRoot), sourceRoot), relative(sourceRoot, file)) : fromRoot;
  return shown.split(sep).join("/");
}

function readSources() {
  const problems = [];
  const documents = [];
  for (const file of yamlFiles(sourceRoot)) {
    const path = displayPath(file);
    let doc;
    try {
      const text = readFileSync(file, "utf8");
      doc = parse(text, { prettyErrors: true });
      for (const field of yaml11Booleans(doc, parse(text, { version: "1.1" }))) {
        problems.push(`${path}: ${field}: a bare word a YAML 1.1 reader takes for a boolean; quote it as a string`);
      }
    } catch (error) {
      problems.push(`${path}: YAML: ${String(error.message).split("\n")[0]}`);
      continue;
    }
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) {
      problems.push(`${path}: not a YAML mapping`);
      continue;
    }
    const collection = String(doc._key ?? "").split("!")[1] ?? "";
    const documentName = VALIDATED[collection];
    if (documentName) documents.push({ path, documentName, source: withoutKeys(doc) });
  }
  return { problems, documents };
}

async function validate(documents) {
  const server = await createServer({
    root, configFile: false, logLevel: "error", appType: "custom",
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, entries: [] },
    // Test modules may use CommonJS's __dirname, which vitest provides; so does this.
    plugins: [{ name: "dirname", transform: (code, id) => (code.includes("__dirname") ? code.replaceAll("__dirname", JSON.stringify(dirname(id))) : null) }],
  });
  try {
    const world = await server.ssrLoadModule("/tests/world/index.ts");
    const instance = await world.createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }] });
    const problems = [];
    await instance.as(instance.gm, () => {
      for (const { path, documentName, source } of documents) {
        const result = world.validateDocument(documentName, source);
        for (const [field, reason] of Object.entries(result.errors)) problems.push(`${path}: ${field || "(document)"}: ${reason}`);
        if (!result.valid) continue;
        const built = new globalThis.CONFIG[documentName].documentClass(structuredClone(source)).toObject();
        for (const field of booleansAsStrings(source, built)) problems.push(`${path}: ${field}: a boolean where a string is expected`);
      }
    });
    // The GM's `ready` migration loads its code with import(): let it finish before the server closes.
    const migrations = await server.ssrLoadModule("/src/migrations/index.ts");
    await instance.as(instance.gm, () => migrations.readyMigration());
    instance.close();
    return problems;
  } finally {
    await server.close();
  }
}

const { problems: parseProblems, documents } = readSources();
const problems = [...parseProblems, ...(await validate(documents))];
if (problems.length) {
  console.error(`Compendium sources: ${problems.length} problem(s) in ${sourceRoot}:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`Compendium sources: ${documents.length} documents valid against the system's data models.`);
