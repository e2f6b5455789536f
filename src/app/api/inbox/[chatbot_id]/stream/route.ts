import { createContext } from "@/server/access";
import { openInboxStream } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { toAppError } from "@/server/kernel/errors";
import { admitDashboardRequest } from "@/server/transport/dashboard";
import { createCaller } from "@/server/transport/root";

export const dynamic = "force-dynamic";

/**
 * The inbox's live stream (docs/decisions/056-live-updates-through-listen-notify.md): `event: change` for every message and
 * status change of the chatbot's conversations, from any app process. The
 * signed-in member's access to the chatbot is the dashboard's own rule (the
 * `conversations.watch` procedure); same-origin requests only.
 */
export async function GET(incoming: Request, { params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  const req = await admitDashboardRequest(incoming);
  if (req instanceof Response) return req;
  try {
    const ctx = await createContext({ headers: req.headers, allowSession: true });
    const caller = createCaller(ctx);
    const { present } = await caller.conversations.watch({ chatbot_id: chatbotId });
    // While the inbox is open, its member counts as present (handoff: HANDOFF_AGENT_IDLE_MINUTES).
    const presence = present ? setInterval(() => void caller.conversations.watch({ chatbot_id: chatbotId }).catch(() => undefined), 60_000) : undefined;
    incoming.signal.addEventListener("abort", () => clearInterval(presence), { once: true });
    return await openInboxStream(getDb(), { chatbotId, signal: incoming.signal });
  } catch (error) {
    const app = toAppError(error);
    return Response.json(app.body(), { status: app.status, headers: { "Cache-Control": "no-store", ...app.headers } });
  }
}
