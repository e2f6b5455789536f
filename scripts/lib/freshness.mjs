// Whether the production build is current (plain JavaScript: `npm start`'s launcher runs before anything
// is compiled). Types in freshness.d.mts.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compiledFile, RUNTIME_ENTRIES } from "../../src/server/kernel/lib/compiled-runtime.mjs";
import { WIDGET_LOADER_FILE, WIDGET_PANEL_FILE } from "../../src/widget/built-files.mjs";

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== "generated") visit(path.join(p, entry));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

const olderThanSources = (files, sources) => {
  if (!files.every((f) => existsSync(f))) return true;
  return Math.min(...files.map((f) => statSync(f).mtimeMs)) < newestMtime(sources);
};

// `next build` writes BUILD_ID early and leaves it behind when it fails later (at prerender, say), so
// BUILD_ID alone does not mean a usable build. `npm run build` writes this marker, holding the build's id,
// only after `next build` succeeded; a build counts when the marker names the current BUILD_ID.
const COMPLETED_MARKER = "BUILD_COMPLETED";

/** Records that the build in `<root>/.next` completed (`npm run build`'s last step). */
export function markNextBuildCompleted(root = process.cwd()) {
  writeFileSync(path.join(root, ".next", COMPLETED_MARKER), readFileSync(path.join(root, ".next", "BUILD_ID"), "utf8"));
}

/** `<root>/.next` holds a build that ran to completion (whatever its age). */
export function nextBuildCompleted(root = process.cwd()) {
  const read = (name) => {
    const file = path.join(root, ".next", name);
    return existsSync(file) ? readFileSync(file, "utf8") : null;
  };
  const id = read("BUILD_ID");
  return id !== null && read(COMPLETED_MARKER) === id;
}

/** Next's production build completed and is newer than every file it is built from. */
export function nextBuildIsFresh(root = process.cwd()) {
  if (!nextBuildCompleted(root)) return false;
  const sources = ["src", "public", "next.config.mjs", "package.json", "postcss.config.mjs", "tsconfig.json"];
  return !olderThanSources([path.join(root, ".next", COMPLETED_MARKER)], sources.map((s) => path.join(root, s)));
}

/** The compiled runtime (dist/) exists and is newer than every file it is built from. */
export function runtimeIsFresh() {
  const files = [...Object.keys(RUNTIME_ENTRIES).map(compiledFile), WIDGET_LOADER_FILE, WIDGET_PANEL_FILE];
  return !olderThanSources(files, ["src", "scripts", "package.json", "tsconfig.json"]);
}

export const buildIsFresh = () => nextBuildIsFresh() && runtimeIsFresh();
