import { panelState } from "@/server/chatbots";
import { widgetPanelUrl } from "@/widget/build";
import { panelPageHtml } from "@/widget/panel/page";
import type { PanelMode } from "@/widget/panel/types";

/**
 * The panel's page for the widget's iframe (`/widget/{id}`) and the share page (`/chat/{id}`): the
 * chatbot's state turned into static HTML plus the panel script (src/widget/panel). The proxy
 * (src/proxy.ts) has set its headers — who may frame it, the CSP — and passes the nonce its script carries.
 * An unknown chatbot answers 404 with the same honest page.
 */
export async function panelPage(req: Request, chatbotId: string, mode: PanelMode): Promise<Response> {
  const state = await panelState(chatbotId);
  const nonce = req.headers.get("x-nonce") ?? "";
  const html = panelPageHtml({ mode, ...state }, { nonce, scriptUrl: await widgetPanelUrl() });
  return new Response(html, {
    status: !state.open && state.reason === "unknown" ? 404 : 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
