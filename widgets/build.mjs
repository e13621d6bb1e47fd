// One esbuild build for everything the browser downloads from site/motorlab/static/build/:
// - the stylesheet: site/motorlab/styles/site.css imports the tokens, base, layouts and every
//   component's CSS (templates/components/<name>/<name>.css) -> one minified site-HASH.css;
// - the stylesheets only a few pages need, each its own minified NAME-HASH.css, inlined by
//   those pages alone (PAGE_STYLESHEETS below);
// - the widgets: widgets/mount.js and the widgets it imports lazily (widgets/<name>/index.js)
//   as ES modules with code splitting (React lands in one shared chunk), minified.
// Every file name carries its content hash. manifest.json, the one source of these names
// for motorlab.rendering.assets (every key ending in .css a stylesheet, the shared one first), says
// what to link:
//   { "site.css": "site-HASH.css",
//     "consent_banner.css": "consent_banner-HASH.css", "error_page.css": …, "examples.css": …,
//     "guideline.css": …,
//     "boot": "boot-HASH.js",  (widgets/boot.js, inlined by every page like the stylesheet)
//     "entry": {"file": "mount-HASH.js", "imports": []},
//     "fonts": ["fonts/figtree-HASH.woff2"],
//     "widgets": {"carousel": {"file": "chunks/index-HASH.js", "imports": ["chunks/chunk-HASH.js"]}, …},
//     "files": [every file this build wrote] }
// `imports` is every chunk the file needs statically (transitively), for modulepreload.
// The font is the site's own subset of Figtree (styles/fonts.css), which `make` writes with
// Python before this build (motorlab.build.font_subset); without it the build stops and says so.
// `--watch` (npm run watch, NODE_ENV=development adds linked source maps) rebuilds on change;
// `--outdir=DIR` builds elsewhere (the reproducibility test).
// A build only adds files: those of earlier builds that a page loaded before it still links
// stay, until motorlab.releases (run by make after this build, and by the export) deletes
// those that `files` no longer lists once a page's lifetime has passed.
import { build, context } from "esbuild";
import { access, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

const outdirArg = process.argv.find((arg) => arg.startsWith("--outdir="));
const outdir = outdirArg ? outdirArg.slice("--outdir=".length) : "site/motorlab/static/build";
const watch = process.argv.includes("--watch");
const development = process.env.NODE_ENV === "development";

// The stylesheets the shared one leaves out: what only rare pages show, so that every other
// page's first round trip carries none of it. Inlined after the shared one: the analytics
// consent's (every page, but only with ANALYTICS_ID set), the error pages', the demo rows of
// /test; instead of it, the guideline's (its own index: what the page shows, and its samples).
// Each is a manifest key ("guideline.css") and a bundle of its own (guideline-HASH.css).
const PAGE_STYLESHEETS = {
  consent_banner: "templates/components/consent_banner/consent_banner.css",
  error_page: "templates/components/error_page/error_page.css",
  examples: "templates/pages/examples.css",
  guideline: "site/motorlab/styles/guideline.css",
};

const STYLESHEETS = { site: "site/motorlab/styles/site.css", ...PAGE_STYLESHEETS };

const options = {
  entryPoints: { boot: "widgets/boot.js", mount: "widgets/mount.js", ...STYLESHEETS },
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  sourcemap: development ? "linked" : false,
  target: ["es2020"],
  entryNames: "[name]-[hash]",
  chunkNames: "chunks/[name]-[hash]",
  outdir,
  metafile: true,
  jsx: "automatic",
  loader: { ".js": "jsx", ".woff2": "file" },
  assetNames: "fonts/[name]-[hash]",
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  logLevel: "warning",
  plugins: [
    { name: "built-font", setup: (b) => b.onResolve({ filter: /\.woff2$/ }, requireBuiltFont) },
    { name: "manifest", setup: (b) => b.onEnd(writeManifest) },
  ],
};

// A font the stylesheet names that is not there yet was not built: one clear error, not
// esbuild's "could not resolve".
async function requireBuiltFont(args) {
  const file = path.resolve(args.resolveDir, args.path);
  try {
    await access(file);
    return undefined; // esbuild resolves it as usual
  } catch {
    const name = path.relative(process.cwd(), file);
    const text = `${name} is missing: make builds it (motorlab.build.font_subset). Run \`make setup\`.`;
    return { errors: [{ text }] };
  }
}

const rel = (file) => path.relative(outdir, file).split(path.sep).join("/");

function staticImports(outputs, file, seen = new Set()) {
  for (const item of outputs[file].imports) {
    if (item.kind !== "import-statement" || seen.has(item.path)) continue;
    seen.add(item.path);
    staticImports(outputs, item.path, seen);
  }
  return seen;
}

async function writeManifest(result) {
  // A failed rebuild keeps the last good output.
  if (result.errors.length || !result.metafile) return;
  const outputs = result.metafile.outputs;
  const describe = (file) => ({ file: rel(file), imports: [...staticImports(outputs, file)].map(rel).sort() });
  const stylesheets = Object.keys(STYLESHEETS).map((name) => [`${name}.css`, null]);
  const manifest = { ...Object.fromEntries(stylesheets), boot: null, entry: null, fonts: [], widgets: {} };
  const entryOf = Object.fromEntries(Object.entries(options.entryPoints).map(([name, source]) => [source, name]));
  for (const [file, meta] of Object.entries(outputs)) {
    if (file.endsWith(".woff2")) manifest.fonts.push(rel(file));
    if (!meta.entryPoint || file.endsWith(".map")) continue;
    const source = meta.entryPoint.split(path.sep).join("/");
    const entry = entryOf[source];
    if (entry === "boot") manifest.boot = rel(file);
    else if (entry === "mount") manifest.entry = describe(file);
    else if (entry) manifest[`${entry}.css`] = rel(file);
    else if (/^widgets\/[a-z_]+\/index\.js$/.test(source)) manifest.widgets[source.split("/")[1]] = describe(file);
  }
  manifest.widgets = Object.fromEntries(Object.entries(manifest.widgets).sort());
  manifest.fonts.sort();
  manifest.files = Object.keys(outputs).map(rel).sort();
  await writeFile(path.join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  console.log(`built: ${Object.keys(outputs).length} files in ${outdir}`);
}

await mkdir(outdir, { recursive: true });
if (watch) {
  const ctx = await context(options);
  await ctx.watch();
  console.log("watching the stylesheet and widgets (Ctrl-C to stop)");
} else {
  // esbuild has printed the errors already (logLevel): the status says the rest.
  await build(options).catch((error) => {
    if (!error.errors) throw error;
    process.exit(1);
  });
}
