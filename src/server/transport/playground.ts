import { createContext, readableChatbot } from "@/server/access";
import { runTurn } from "@/server/conversations";
import { AppError, toAppError } from "@/server/kernel/errors";
import { readJsonBody } from "@/server/kernel/http/bodies";
import { errorResponse } from "@/server/kernel/http/json-response";
import { assertNoNul } from "@/server/kernel/http/request-bounds";
import { sseResponse } from "@/server/kernel/http/sse";
import { admitDashboardRequest } from "./dashboard";
import { playgroundTurn } from "./turn-callers";

type Params = { params: Promise<{ chatbot_id: string }> };

/**
 * The dashboard's playground (`POST /api/playground/{chatbot_id}`): the signed-in member's question to the
 * engine behind the same rules as the REST chat — the chatbot's read rule (`chatbotProcedure`'s), NUL
 * refused, then the engine's gate, credit and input rules — streamed as the same server-sent events. The
 * member is the visitor (turn-callers.ts). Like the dashboard's tRPC transport, it answers same-origin
 * requests only (a session cookie alone never spends a credit), and its body is JSON within the same bounds;
 * every refusal comes before any answer is produced.
 */
export async function playgroundChat(incoming: Request, { params }: Params): Promise<Response> {
  const { chatbot_id: chatbotId } = await params;
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
    const ctx = await createContext({ headers: req.headers, allowSession: true });
    if (!ctx.user) throw new AppError("UNAUTHENTICATED");
    const input = { message: body.message, conversation_id: body.conversation_id ?? null };
    assertNoNul({ ...input, chatbot_id: chatbotId });
    const { chatbot } = await readableChatbot(ctx.db, ctx.user.id, chatbotId);
    return { body: await runTurn(ctx.db, { ...playgroundTurn(ctx.user.id, ctx.request?.ip ?? null, onDelta), chatbot }, input) };
  });
}
