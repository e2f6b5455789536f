// Where the build (scripts/build-runtime.ts) writes the widget's two scripts, which production serves as they
// are (build.ts). Plain JavaScript: `npm start`'s launcher checks them before anything is compiled
// (scripts/lib/freshness.mjs). Types in built-files.d.mts.
import path from "node:path";

/** The embed loader (src/widget/loader.ts), served at /widget.js. */
export const WIDGET_LOADER_FILE = path.resolve("dist/widget.js");
/** The visitor's chat panel script (src/widget/panel/panel.ts), served at /widget-panel.js. */
export const WIDGET_PANEL_FILE = path.resolve("dist/widget-panel.js");
