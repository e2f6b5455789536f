/**
 * The build of what runs outside Next (docs/decisions/040-running-the-app.md):
 * the processes `npm start` runs — the launcher's `start`, the web server
 * `serve`, the stand-alone `worker` — and the file-extraction thread, bundled
 * by esbuild into `dist/*.mjs` (npm packages stay imports), and the embed
 * loader `/widget.js` into `dist/widget.js` and the visitor's chat panel into
 * `dist/widget-panel.js` (their sizes checked against their budgets). Production then runs JavaScript only: no TypeScript loader at run
 * time. Run by `npm run build` (before `next build`) and by `npm start`
 * when the sources are newer than the build.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { buildWidgetLoader, buildWidgetPanel, gzippedSize, LOADER_GZIP_BUDGET_BYTES, PANEL_GZIP_BUDGET_BYTES } from "../src/widget/build";
import { DIST_DIR, RUNTIME_ENTRIES } from "../src/server/kernel/lib/compiled-runtime.mjs";
import { WIDGET_LOADER_FILE, WIDGET_PANEL_FILE } from "../src/widget/built-files.mjs";

const t0 = Date.now();
mkdirSync(DIST_DIR, { recursive: true });

const loader = await buildWidgetLoader();
const gz = gzippedSize(loader);
console.log(`widget.js: ${loader.length} bytes minified, ${gz} bytes gzipped (budget ${LOADER_GZIP_BUDGET_BYTES})`);
if (gz > LOADER_GZIP_BUDGET_BYTES) {
  console.error("widget.js is over its gzipped size budget");
  process.exit(1);
}
writeFileSync(WIDGET_LOADER_FILE, loader);

const panel = await buildWidgetPanel();
const panelGz = gzippedSize(panel);
console.log(`widget-panel.js: ${panel.length} bytes minified, ${panelGz} bytes gzipped (budget ${PANEL_GZIP_BUDGET_BYTES})`);
if (panelGz > PANEL_GZIP_BUDGET_BYTES) {
  console.error("widget-panel.js is over its gzipped size budget");
  process.exit(1);
}
writeFileSync(WIDGET_PANEL_FILE, panel);

/**
 * npm packages stay imports, and Node resolves them strictly: a subpath like `next/server` of a package
 * without an `exports` map needs its file extension. Such imports are written as Node will find them.
 */
const nodeResolvable: Plugin = {
  name: "node-resolvable-packages",
  setup(b) {
    b.onResolve({ filter: /^(?:@[\w-][\w.-]*\/)?[\w-][\w.-]*\/./ }, (args) => {
      if (args.path.startsWith("@/")) return undefined; // the project's own alias, bundled
      const [scopeOrName, ...rest] = args.path.split("/");
      const name = scopeOrName!.startsWith("@") ? `${scopeOrName}/${rest.shift()}` : scopeOrName!;
      const root = path.resolve("node_modules", name);
      const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { exports?: unknown };
      const subpath = rest.join("/");
      if (manifest.exports || existsSync(path.join(root, subpath))) return { path: args.path, external: true };
      if (existsSync(path.join(root, `${subpath}.js`))) return { path: `${args.path}.js`, external: true };
      return undefined;
    });
  },
};

await build({
  plugins: [nodeResolvable],
  entryPoints: Object.fromEntries(Object.entries(RUNTIME_ENTRIES).map(([name, source]) => [name, path.resolve(source)])),
  outdir: DIST_DIR,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // npm packages are installed beside the build: imported, not copied.
  packages: "external",
  sourcemap: "linked",
  // The code knows it runs compiled (e.g. which extraction-thread file to start).
  banner: { js: "globalThis.__compiledRuntime = true;" },
  logLevel: "warning",
});
console.log(`runtime: ${Object.keys(RUNTIME_ENTRIES).map((n) => `dist/${n}.mjs`).join(", ")} in ${Date.now() - t0} ms`);
