import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { WIDGET_LOADER_FILE } from "../../scripts/lib/freshness.mjs";

/**
 * /widget.js: the hand-written loader (src/widget/loader.ts) bundled and
 * minified by esbuild at build time (scripts/build-runtime.ts, which also
 * checks its size) into dist/widget.js, which production serves as it is;
 * `npm run dev` bundles it at the first request instead, from the sources.
 */
export const LOADER_GZIP_BUDGET_BYTES = 10 * 1024;

export async function buildWidgetLoader(): Promise<string> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [path.join(process.cwd(), "src/widget/loader.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: ["es2019"],
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

export const gzippedSize = (source: string) => gzipSync(source, { level: 9 }).length;

let cached: Promise<string> | undefined;

export function widgetLoaderSource(): Promise<string> {
  const production = process.env.NODE_ENV === "production";
  cached ??= (production ? readFile(WIDGET_LOADER_FILE, "utf8") : buildWidgetLoader()).catch((error: unknown) => {
    cached = undefined; // a failed build is retried on the next request
    throw error;
  });
  return cached;
}
