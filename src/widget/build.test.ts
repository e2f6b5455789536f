import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { gzippedSize, LOADER_GZIP_BUDGET_BYTES, PANEL_GZIP_BUDGET_BYTES } from "./build";

/**
 * What a visitor's browser runs is ours alone: the loader and the panel bundle nothing from node_modules —
 * the widget's wire shapes (src/shared/widget-wire.ts) reach them as types only, so zod never ships — and
 * each stays within its gzipped budget (record 078).
 */
describe.each([
  ["src/widget/loader.ts", LOADER_GZIP_BUDGET_BYTES],
  ["src/widget/panel/panel.ts", PANEL_GZIP_BUDGET_BYTES],
])("%s", (entry, budget) => {
  it("bundles only our own sources, within its gzipped budget", async () => {
    const result = await build({ entryPoints: [entry], bundle: true, minify: true, format: "iife", target: ["es2019"], write: false, metafile: true, logLevel: "silent" });
    expect(Object.keys(result.metafile.inputs).filter((input) => !input.startsWith("src/"))).toEqual([]);
    expect(gzippedSize(result.outputFiles[0]!.text)).toBeLessThanOrEqual(budget);
  });
});
