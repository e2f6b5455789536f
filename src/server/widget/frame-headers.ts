import { getDb } from "@/server/db/client";
import { frameAncestors } from "@/server/domain/widget-embedding";
import { env } from "@/server/env";
import { isUuid } from "@/server/lib/ids";

/**
 * The headers of the widget page and the share page (DESIGN §10.4): who may
 * frame them — anyone until the chatbot's domain is verified, then only that
 * domain and the app itself (the dashboard's live preview).
 */
export async function widgetPageHeaders(chatbotId: string): Promise<Record<string, string>> {
  const chatbot = isUuid(chatbotId) ? await getDb().chatbot.findUnique({ where: { id: chatbotId }, select: { domain: true, domainVerified: true } }) : null;
  const ancestors = frameAncestors(chatbot ?? { domain: null, domainVerified: false }, new URL(env().APP_URL).origin);
  return {
    "Content-Security-Policy": `${ancestors}; base-uri 'self'; object-src 'none'; form-action 'self'`,
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
  };
}
