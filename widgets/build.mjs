// Bundles widgets/mount.js and the widgets it imports lazily into site/motorlab/static/build/:
// ES modules, code splitting (React lands in one shared chunk), minified, content-hashed
// names, and manifest.json for assets.py:
//   { "entry": {"file": "mount-HASH.js", "imports": []},
//     "widgets": {"carousel": {"file": "chunks/index-HASH.js", "imports": ["chunks/chunk-HASH.js"]}, …} }
// `imports` is every chunk the file needs statically (transitively), for modulepreload.
// `node widgets/build.mjs --watch` (npm run watch) rebuilds on every change;
// `--outdir=DIR` builds elsewhere (the reproducibility test).
import { build, context } from "esbuild";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const outdirArg = process.argv.find((arg) => arg.startsWith("--outdir="));
const outdir = outdirArg ? outdirArg.slice("--outdir=".length) : "site/motorlab/static/build";
const watch = process.argv.includes("--watch");

const options = {
  entryPoints: { mount: "widgets/mount.js" },
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  target: ["es2020"],
  entryNames: "[name]-[hash]",
  chunkNames: "chunks/[name]-[hash]",
  outdir,
  metafile: true,
  jsx: "automatic",
  loader: { ".js": "jsx" },
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  logLevel: "warning",
  plugins: [{ name: "manifest", setup: (b) => b.onEnd(writeManifest) }],
};

function staticImports(outputs, file, seen = new Set()) {
  for (const item of outputs[file].imports) {
    if (item.kind !== "import-statement" || seen.has(item.path)) continue;
    seen.add(item.path);
    staticImports(outputs, item.path, seen);
  }
  return seen;
}

async function writeManifest(result) {
  if (result.errors.length || !result.metafile) return;
  const outputs = result.metafile.outputs;
  const rel = (file) => path.relative(outdir, file).split(path.sep).join("/");
  const describe = (file) => ({ file: rel(file), imports: [...staticImports(outputs, file)].map(rel).sort() });
  const manifest = { entry: null, widgets: {} };
  for (const [file, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint || file.endsWith(".map")) continue;
    const source = meta.entryPoint.split(path.sep).join("/");
    if (source === "widgets/mount.js") manifest.entry = describe(file);
    else if (/^widgets\/[a-z-]+\/index\.js$/.test(source)) manifest.widgets[source.split("/")[1]] = describe(file);
  }
  await writeFile(path.join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  console.log(`widgets built: ${Object.keys(outputs).length} files in ${outdir}`);
}

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
if (watch) {
  const ctx = await context(options);
  await ctx.watch();
  console.log("watching widgets/ …");
} else {
  await build(options);
}
