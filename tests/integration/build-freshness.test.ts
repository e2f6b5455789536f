import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nextBuildIsFresh } from "../../scripts/lib/freshness.mjs";
import { onCleanup } from "../helpers/cleanup";

/**
 * `npm start` builds unless the build is fresh (docs/decisions/040-running-the-app.md). `next build` writes
 * `.next/BUILD_ID` before it can fail (at prerender, say), so a failed build must not pass for a fresh one:
 * only a build that ran to completion (marked by `npm run build`'s last step) counts.
 */
function project(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "build-freshness-"));
  onCleanup(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, "src"));
  mkdirSync(path.join(root, ".next"));
  writeFileSync(path.join(root, "src", "page.tsx"), "export default 1;\n");
  utimesSync(path.join(root, "src", "page.tsx"), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  return root;
}

/** What a `next build` leaves when it stops after writing its id. */
const buildStarted = (root: string, id: string) => writeFileSync(path.join(root, ".next", "BUILD_ID"), id);

/** A build that ran to completion: `npm run build`'s last step, the real script, run in the project after it. */
function completedBuild(root: string, id: string) {
  buildStarted(root, id);
  execFileSync(process.execPath, [path.resolve("scripts/mark-build-completed.mjs")], { cwd: root });
  expect(nextBuildIsFresh(root)).toBe(true);
}

describe("whether npm start rebuilds", () => {
  it("takes a build that failed after writing BUILD_ID for no build", () => {
    const root = project();
    buildStarted(root, "failed-1");
    expect(nextBuildIsFresh(root)).toBe(false);
  });

  it("takes a completed build newer than the sources for fresh, and a later failed build for none", () => {
    const root = project();
    completedBuild(root, "good-1");
    // A later build that fails leaves a new BUILD_ID beside the old marker: not a build either.
    buildStarted(root, "failed-2");
    expect(nextBuildIsFresh(root)).toBe(false);
  });

  it("rebuilds a completed build when a source is newer", () => {
    const root = project();
    completedBuild(root, "good-1");
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, "src", "page.tsx"), later, later);
    expect(nextBuildIsFresh(root)).toBe(false);
  });

  it("marks a build completed only after next build succeeded", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts.build).toMatch(/&& next build && node scripts\/mark-build-completed\.mjs$/);
  });
});
