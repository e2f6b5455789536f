import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== "generated") visit(path.join(p, entry));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

/** A production build exists and is newer than every source file (`npm start` builds otherwise). */
export function buildIsFresh(): boolean {
  const buildId = path.resolve(".next/BUILD_ID");
  if (!existsSync(buildId)) return false;
  return statSync(buildId).mtimeMs >= newestMtime(["src", "public", "next.config.mjs", "package.json", "postcss.config.mjs", "tsconfig.json"]);
}
