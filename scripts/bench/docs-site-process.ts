/**
 * The docs bench's site in a process of its own (`npm run bench -- docs`, docs/decisions/092-crawl-cpu-per-page.md):
 * a real documentation site is another machine, so its serving — still 127.0.0.1, still answering conditional
 * requests with 304 — is not counted in the crawling process's CPU. `BENCH_DOCS_SITE=inline` serves it from the
 * bench's own process instead (as before).
 *
 * Run as a child (`fork`): serves `process.argv[2]` and sends its base URL to the parent.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { serveDocs } from "./docs-site";

export async function serveDocsInChild(root: string): Promise<{ base: string; close: () => Promise<void> }> {
  // The child runs this file through tsx, as the bench itself runs.
  const child = fork(fileURLToPath(import.meta.url), [root], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const base = await new Promise<string>((resolve, reject) => {
    child.once("message", (m) => resolve(String((m as { base: string }).base)));
    child.once("exit", (code) => reject(new Error(`docs site exited (${code})`)));
  });
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill();
    });
  return { base, close };
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = await serveDocs(process.argv[2]!);
  process.send({ base: site.base });
  process.on("SIGTERM", () => void site.close().then(() => process.exit(0)));
  process.on("disconnect", () => void site.close().then(() => process.exit(0)));
}
