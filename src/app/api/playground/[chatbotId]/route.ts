import type { NextRequest } from "next/server";
import type { TurnInput } from "@/server/conversations";
import { createCaller } from "@/server/transport/root";
import { admitDashboardRequest } from "@/server/transport/dashboard";
import { createContext } from "@/server/access";
import { toAppError } from "@/server/kernel/errors";
import { clientIp } from "@/server/kernel/security/peer-address";
import { AppError } from "@/server/kernel/errors";
import { readJsonBody } from "@/server/kernel/http/bodies";
import { errorResponse } from "@/server/kernel/http/json-response";
import { sseResponse } from "@/server/kernel/http/sse";

export const dynamic = "force-dynamic";

/**
 * The dashboard playground: the signed-in member's question through the same
 * `chat.send` procedure as REST (same gate, same credit, same input rules),
 * streamed as the same server-sent events. The member is the visitor
 * (`playground:<user id>`). Like the dashboard's tRPC transport, it answers
 * same-origin requests only (a session cookie alone never spends a credit),
 * and its body is JSON within the same bounds; every refusal comes before
 * any answer is produced.
 */
export async function POST(incoming: NextRequest, { params }: { params: Promise<{ chatbotId: string }> }) {
  const { chatbotId } = await params;
  const req = await admitDashboardRequest(incoming);
  if (req instanceof Response) return req;
  let body: Record<string, unknown>;
  try {
    body = await readJsonBody(req);
  } catch (error) {
    return errorResponse(toAppError(error));
  }
  return sseResponse(async (onDelta) => {
    // Inside the stream's error handling: a database outage here is a 503 like anywhere else.
    const ctx = { ...(await createContext({ headers: req.headers, allowSession: true })), clientIp: clientIp(req.headers) };
    if (!ctx.user) throw new AppError("UNAUTHENTICATED");
    // The engine validates the body's values (422 with the REST messages); the member is the visitor.
    const input = { message: body.message, conversation_id: body.conversation_id ?? null } as TurnInput;
    const answer = await createCaller({ ...ctx, onDelta, visitorKey: `playground:${ctx.user.id}` }).chat.send({ ...input, chatbot_id: chatbotId });
    return { body: answer };
  });
}
