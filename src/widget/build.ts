import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { WIDGET_LOADER_FILE, WIDGET_PANEL_FILE } from "./built-files.mjs";

/**
 * /widget.js: the hand-written loader (src/widget/loader.ts) and /widget-panel.js: the visitor's chat panel
 * (src/widget/panel/panel.ts), each bundled and minified by esbuild at build time
 * (scripts/build-runtime.ts, which also checks their sizes) into dist/, which production serves as it is;
 * `npm run dev` bundles them at the first request instead, from the sources.
 */
export const LOADER_GZIP_BUDGET_BYTES = 10 * 1024;
/** The panel script's share of the first open's 40 KB (docs/decisions/078-a-light-visitor-panel.md): the page's HTML and CSS take the rest. */
export const PANEL_GZIP_BUDGET_BYTES = 30 * 1024;

async function bundle(entry: string): Promise<string> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
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

// Each path spelt out in full: Next's file tracing follows a path it can read, not one built from a variable.
export const buildWidgetLoader = () => bundle(path.join(process.cwd(), "src/widget/loader.ts"));
export const buildWidgetPanel = () => bundle(path.join(process.cwd(), "src/widget/panel/panel.ts"));

export const gzippedSize = (source: string) => gzipSync(source, { level: 9 }).length;

function served(file: string, build: () => Promise<string>): () => Promise<string> {
  let cached: Promise<string> | undefined;
  return () => {
    const production = process.env.NODE_ENV === "production";
    cached ??= (production ? readFile(file, "utf8") : build()).catch((error: unknown) => {
      cached = undefined; // a failed build is retried on the next request
      throw error;
    });
    return cached;
  };
}

export const widgetLoaderSource = served(WIDGET_LOADER_FILE, buildWidgetLoader);
export const widgetPanelSource = served(WIDGET_PANEL_FILE, buildWidgetPanel);

/** The panel script's URL with its content hash: cached for a year, a new build is a new URL. */
export async function widgetPanelUrl(): Promise<string> {
  const hash = createHash("sha256").update(await widgetPanelSource()).digest("hex").slice(0, 12);
  return `/widget-panel.js?v=${hash}`;
}
