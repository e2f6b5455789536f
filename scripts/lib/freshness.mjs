// Whether the production build is current (plain JavaScript: `npm start`'s launcher runs before anything
// is compiled). Types in freshness.d.mts.
import { existsSync, readdirSync, statSync } from "node:fs";
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

/** Next's production build exists and is newer than every file it is built from. */
export function nextBuildIsFresh() {
  return !olderThanSources([path.resolve(".next/BUILD_ID")], ["src", "public", "next.config.mjs", "package.json", "postcss.config.mjs", "tsconfig.json"]);
}

/** The compiled runtime (dist/) exists and is newer than every file it is built from. */
export function runtimeIsFresh() {
  const files = [...Object.keys(RUNTIME_ENTRIES).map(compiledFile), WIDGET_LOADER_FILE, WIDGET_PANEL_FILE];
  return !olderThanSources(files, ["src", "scripts", "package.json", "tsconfig.json"]);
}

export const buildIsFresh = () => nextBuildIsFresh() && runtimeIsFresh();
