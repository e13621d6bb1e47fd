// Bundles widgets/mount.js (and the widgets it imports lazily) into
// site/motorlab/static/build/, with hashed file names and a manifest that maps
// "mount.js" to its hashed name for the templates. Works with an empty registry.
import { build } from "esbuild";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const outdir = "site/motorlab/static/build";
await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

const result = await build({
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
  logLevel: "warning",
});

const manifest = {};
for (const [file, meta] of Object.entries(result.metafile.outputs)) {
  if (meta.entryPoint) manifest[path.basename(meta.entryPoint)] = path.relative(outdir, file);
}
await writeFile(path.join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`widgets built: ${Object.keys(result.metafile.outputs).length} files in ${outdir}`);
