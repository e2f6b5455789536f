/**
 * Debian documentation packages unpacked into the project's data folder, never installed: `apt-get download`
 * (no root needed, writes the .deb into the current folder) and `dpkg-deb -x` into `.data/bench/docs/<package>`.
 * Nothing of the system changes and nothing is committed (`.data/` is ignored). When apt does not know a
 * package yet, `apt-get update` (apt's own cache) once is the fix.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

export const DOCS_DATA = path.resolve(process.env.BENCH_AQ_DOCS ?? ".data/bench/docs");

/** The folder a package's files are unpacked into (its own `usr/share/...` below it). */
export function unpackedPackage(pkg: string): string {
  const dir = path.join(DOCS_DATA, pkg);
  if (existsSync(path.join(dir, "usr"))) return dir;
  const debs = path.join(DOCS_DATA, "_debs");
  mkdirSync(debs, { recursive: true });
  const existing = () => readdirSync(debs).find((f) => f.startsWith(`${pkg}_`) && f.endsWith(".deb"));
  if (!existing()) {
    try {
      execFileSync("apt-get", ["download", pkg], { cwd: debs, stdio: ["ignore", "ignore", "pipe"] });
    } catch (error) {
      throw new Error(`apt-get download ${pkg} failed (run apt-get update once if apt does not know it): ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync("dpkg-deb", ["-x", path.join(debs, existing()!), dir]);
  return dir;
}

/** A documentation folder inside an unpacked package (e.g. `usr/share/doc/git-doc`). */
export function packageDocs(pkg: string, inside: string): string {
  return path.join(unpackedPackage(pkg), inside);
}
