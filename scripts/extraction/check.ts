/**
 * `npx tsx scripts/extraction/check.ts save <file> [root]` writes every HTML page's extraction output
 * (src/server/training/extraction/page-output.ts) under `root` (default: the docs bench's Python documentation); `… compare <file> [root]`
 * extracts again and lists every page whose output differs, with the first differing field. Run `save` on
 * the code before a change and `compare` after: a faster extraction must extract exactly the same.
 * Prints the extraction's CPU per page (the whole pipeline above, no database).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PYTHON_DOCS } from "../bench/docs-site";
import { pageOutput, type PageOutput } from "@/server/training/extraction/page-output";

function htmlPages(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith(".html")) out.push(relative);
    }
  };
  walk("");
  return out.sort();
}

function firstDifference(a: unknown, b: unknown, at = ""): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object") {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}.${key}`);
      if (d) return d;
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 200)} ≠ ${JSON.stringify(b)?.slice(0, 200)}`;
}

async function main() {
  const [mode, file, root = PYTHON_DOCS] = process.argv.slice(2);
  if ((mode !== "save" && mode !== "compare") || !file) throw new Error("usage: check.ts save|compare <file> [root]");
  const pages = htmlPages(root);
  const outputs: Record<string, PageOutput> = {};
  const cpu0 = process.cpuUsage();
  for (const page of pages) outputs[page] = await pageOutput(readFileSync(path.join(root, page), "utf8"), `https://docs.example/${page}`);
  const cpu = process.cpuUsage(cpu0);
  console.log(`${pages.length} pages, extraction CPU ${((cpu.user + cpu.system) / 1000 / pages.length).toFixed(1)} ms per page`);
  if (mode === "save") {
    writeFileSync(file, JSON.stringify(outputs));
    return;
  }
  const before = JSON.parse(readFileSync(file, "utf8")) as Record<string, PageOutput>;
  let differing = 0;
  for (const page of new Set([...Object.keys(before), ...pages])) {
    const d = firstDifference(before[page], outputs[page]);
    if (d && ++differing <= 20) console.log(`${page} ${d}`);
  }
  console.log(differing ? `${differing} pages differ` : "identical: every page extracts exactly as before");
  if (differing) process.exitCode = 1;
}

void main();
