import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/**
 * /widget.js: the hand-written loader (src/widget/loader.ts) bundled and
 * minified by esbuild — once per process, at the first request, and by
 * `scripts/build-widget.ts` at build time to print and check its size.
 */
export const LOADER_GZIP_BUDGET_BYTES = 10 * 1024;

export async function buildWidgetLoader(): Promise<string> {
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
  cached ??= buildWidgetLoader().catch((error: unknown) => {
    cached = undefined; // a failed build is retried on the next request
    throw error;
  });
  return cached;
}
