/**
 * Builds the embed loader once (as /widget.js serves it), prints its size
 * and fails when it is over the 10 KB gzipped budget (docs/decisions/026-widget-loader-and-panel.md). Run by
 * `npm run build` and by scripts/start.ts before `next build`.
 */
import { buildWidgetLoader, gzippedSize, LOADER_GZIP_BUDGET_BYTES } from "../src/widget/build";

const source = await buildWidgetLoader();
const gz = gzippedSize(source);
console.log(`widget.js: ${source.length} bytes minified, ${gz} bytes gzipped (budget ${LOADER_GZIP_BUDGET_BYTES})`);
if (gz > LOADER_GZIP_BUDGET_BYTES) {
  console.error("widget.js is over its gzipped size budget");
  process.exit(1);
}
