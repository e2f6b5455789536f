/**
 * The chatbots capability's entry for the proxy (src/proxy.ts), which runs before every page: only what it
 * needs, so that the proxy's bundle does not carry the whole capability (docs/architecture.md, "Layers").
 */
export { widgetPageHeaders } from "./widget-frame-headers";
