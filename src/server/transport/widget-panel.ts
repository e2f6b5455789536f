import { panelState, panelWords } from "@/server/chatbots";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { widgetPanelUrl } from "@/widget/build";
import { panelPageHtml } from "@/widget/panel/page";
import type { PanelMode, PanelState, PanelWords } from "@/shared/widget-wire";

/**
 * The panel's page for the widget's iframe (`/widget/{id}`) and the share page (`/chat/{id}`): the
 * chatbot's state turned into static HTML plus the panel script (src/widget/panel). The proxy
 * (src/proxy.ts) has set its headers — who may frame it, the CSP — and passes the nonce its script carries.
 * An unknown chatbot answers 404 with the same honest page; a database outage 503 with Retry-After (048).
 */
export async function panelPage(req: Request, chatbotId: string, mode: PanelMode): Promise<Response> {
  let state: PanelState & PanelWords;
  try {
    state = await panelState(chatbotId);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    state = { open: false, reason: "interrupted", face: null, leads: null, ...panelWords("en") };
  }
  const nonce = req.headers.get("x-nonce") ?? "";
  const html = panelPageHtml({ mode, ...state }, { nonce, scriptUrl: await widgetPanelUrl() });
  return new Response(html, {
    status: state.open ? 200 : ({ unknown: 404, interrupted: 503 } as Partial<Record<string, number>>)[state.reason] ?? 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...(!state.open && state.reason === "interrupted" ? { "Retry-After": "5" } : {}) },
  });
}
