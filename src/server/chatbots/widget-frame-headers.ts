import { getDb } from "@/server/kernel/db/client";
import { frameAncestors } from "@/server/chatbots/widget-embedding";
import { env } from "@/server/kernel/env";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { isUuid } from "@/server/kernel/lib/ids";
import { pageCsp } from "@/server/kernel/security/headers";

/**
 * The headers of the widget page and the share page (docs/decisions/031-security-headers-and-browser-only-surfaces.md): who may
 * frame them — anyone until the chatbot's domain is verified, then only that
 * domain and the app itself (the dashboard's live preview).
 */
export async function widgetPageHeaders(chatbotId: string, opts: { nonce: string; https: boolean; dev: boolean }): Promise<Record<string, string>> {
  const chatbot = isUuid(chatbotId) ? await frameFacts(chatbotId) : null;
  const ancestors = frameAncestors(chatbot ?? { domain: null, domainVerified: false }, new URL(env().APP_URL).origin);
  return {
    // The dashboard's script rules (only this origin's scripts carrying the request's nonce), framed where the chatbot allows.
    "Content-Security-Policy": pageCsp({ ...opts, frameAncestors: ancestors }),
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
  };
}

/**
 * The chatbot's domain facts; none while the database is away, so the page still answers its own 503 with
 * Retry-After (transport/widget-panel.ts) instead of a 500 here. That page names no chatbot and holds no
 * form, so framing it anywhere for that moment shows nothing of anyone.
 */
async function frameFacts(chatbotId: string) {
  try {
    return await getDb().chatbot.findUnique({ where: { id: chatbotId }, select: { domain: true, domainVerified: true } });
  } catch (error) {
    if (isDatabaseUnavailable(error)) return null;
    throw error;
  }
}
