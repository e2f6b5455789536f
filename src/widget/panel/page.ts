import type { PanelData } from "@/shared/widget-wire";
import { PANEL_CSS } from "./styles";

/**
 * The panel's page (the widget's iframe, `/widget/{id}`, and the share page, `/chat/{id}`): static HTML —
 * the stylesheet inline, the page's data as a JSON block, and the panel's script (src/widget/panel/panel.ts,
 * served at `/widget-panel.js?v=<hash>`) carrying the request's CSP nonce. No framework runtime: this is
 * everything a first open fetches. `<html lang>` is the chatbot's language, as are the page's words (record 117).
 */
export function panelPageHtml(data: PanelData, opts: { nonce: string; scriptUrl: string }): string {
  const title = data.open ? data.config.name : (data.face?.name ?? data.strings.untitled);
  // `<` never appears raw inside the JSON block, so no text in it can close the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  const nonce = escapeHtml(opts.nonce);
  return `<!doctype html><html lang="${escapeHtml(data.language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover,interactive-widget=resizes-content">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${PANEL_CSS}</style>
<script type="application/json" id="acp-data" nonce="${nonce}">${json}</script>
<script nonce="${nonce}" src="${escapeHtml(opts.scriptUrl)}" defer></script>
</head><body><noscript><p style="padding:16px">${escapeHtml(data.strings.needsJavaScript)}</p></noscript></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
