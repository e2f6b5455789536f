import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeReachable } from "./embedded";

const modeOf = (dir: string) => statSync(dir).mode & 0o7777;
let root: string | null = null;

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

describe("makeReachable (the data folder's parents, for the postgres user when run as root)", () => {
  it("adds only o+x where it is missing, and never removes a bit", () => {
    const tmpBefore = modeOf(tmpdir());
    root = mkdtempSync(path.join(tmpdir(), "reachable-"));
    const sticky = path.join(root, "shared");
    const closed = path.join(sticky, "private");
    const parent = path.join(closed, "app");
    mkdirSync(parent, { recursive: true });
    chmodSync(root, 0o755);
    chmodSync(sticky, 0o1777);
    chmodSync(closed, 0o700);
    chmodSync(parent, 0o2750);

    makeReachable(parent, { asRoot: true });

    expect(modeOf(parent).toString(8)).toBe("2751");
    expect(modeOf(closed).toString(8)).toBe("701");
    expect(modeOf(sticky).toString(8)).toBe("1777");
    expect(modeOf(root).toString(8)).toBe("755");
    expect(modeOf(tmpdir())).toBe(tmpBefore);
  });

  it("does nothing when not run as root", () => {
    root = mkdtempSync(path.join(tmpdir(), "reachable-"));
    chmodSync(root, 0o700);
    makeReachable(root, { asRoot: false });
    expect(modeOf(root).toString(8)).toBe("700");
  });
});
