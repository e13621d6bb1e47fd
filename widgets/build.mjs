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

// Stylesheet: site/motorlab/styles/site.css imports the tokens, base, layouts and every
// component's CSS; one minified, hashed file, added to the manifest as "site.css".
// NODE_ENV=development adds a linked source map; --watch (npm run watch) rebuilds on change.
import { context as stylesContext } from "esbuild";
import { readFile } from "node:fs/promises";

const development = process.env.NODE_ENV === "development";
let stylesheet = null;
const styles = await stylesContext({
  entryPoints: { site: "site/motorlab/styles/site.css" },
  bundle: true,
  minify: true,
  sourcemap: development ? "linked" : false,
  entryNames: "[name]-[hash]",
  outdir,
  metafile: true,
  logLevel: "warning",
  plugins: [
    {
      name: "manifest",
      setup(build) {
        build.onEnd(async ({ metafile }) => {
          if (!metafile) return; // a failed rebuild keeps the last good stylesheet
          const [file] = Object.keys(metafile.outputs).filter((f) => f.endsWith(".css"));
          const name = path.relative(outdir, file);
          if (stylesheet && stylesheet !== name) {
            await rm(path.join(outdir, stylesheet), { force: true });
            await rm(path.join(outdir, `${stylesheet}.map`), { force: true });
          }
          stylesheet = name;
          const manifestFile = path.join(outdir, "manifest.json");
          const current = JSON.parse(await readFile(manifestFile, "utf8"));
          current["site.css"] = name;
          await writeFile(manifestFile, JSON.stringify(current, null, 2) + "\n");
          console.log(`stylesheet built: ${name}`);
        });
      },
    },
  ],
});
if (process.argv.includes("--watch")) {
  await styles.watch();
  console.log("watching the stylesheet and its imports (Ctrl-C to stop)");
} else {
  await styles.rebuild();
  await styles.dispose();
}
