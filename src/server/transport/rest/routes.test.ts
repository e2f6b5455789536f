import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { restEndpoints } from "@/server/transport/rest/registry";
import { NEXT_ONLY_V1_PATHS } from "@/server/transport/rest/bridge";

/**
 * A REST path is written twice, in the procedure's `meta.rest.path` and in
 * the `restRoutes("...")` of the Next.js route file at the folder of that
 * path. This keeps the two (and the folder) the same.
 */
const V1 = path.resolve("src/app/v1");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(full) : entry.name === "route.ts" ? [full] : [];
  });
}

/** `src/app/v1/[chatbot_id]/prompts/route.ts` → `/v1/{chatbot_id}/prompts`. */
function folderPath(file: string): string {
  const segments = path.relative(V1, path.dirname(file)).split(path.sep).filter(Boolean);
  return ["/v1", ...segments.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}"))].join("/");
}

const declared = routeFiles(V1).flatMap((file) => {
  const match = /restRoutes\("([^"]+)"\)/.exec(readFileSync(file, "utf8"));
  return match ? [{ file: path.relative(process.cwd(), file), folder: folderPath(file), path: match[1]! }] : [];
});

describe("REST paths", () => {
  it("finds the route files", () => {
    expect(declared.length).toBeGreaterThan(5);
  });

  it.each(declared)("$file serves its own folder's path", ({ folder, path: routePath }) => {
    expect(routePath).toBe(folder);
  });

  it.each(declared)("$file serves a path some procedure declares", ({ path: routePath }) => {
    expect([...restEndpoints().keys()]).toContain(routePath);
  });

  it("gives every procedure's meta.rest.path a route file", () => {
    const served = new Set(declared.map((d) => d.path));
    expect([...restEndpoints().keys()].filter((p) => !served.has(p))).toEqual([]);
  });

  // The front server answers documented routes ahead of Next (route-match.ts): every other route folder
  // below /v1 must be named, or a static name of it could be taken for a `{chatbot_id}`.
  it("names every route folder that is not a documented path or a catch-all", () => {
    const documented = new Set(restEndpoints().keys());
    const others = routeFiles(V1).map(folderPath).filter((p) => p !== "/v1" && !p.includes("[...") && !documented.has(p));
    expect(others.sort()).toEqual([...NEXT_ONLY_V1_PATHS].sort());
  });
});
