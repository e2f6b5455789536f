import type { NextRequest } from "next/server";
import { createCaller } from "@/server/api/root";
import { createContext } from "@/server/api/trpc";
import { clientIp } from "@/server/security/peer-address";
import { AppError } from "@/server/errors";
import { sseResponse } from "@/server/rest/sse";

export const dynamic = "force-dynamic";

/**
 * The dashboard playground: the signed-in member's question through the same
 * `chat.send` procedure as REST (same gate, same credit), streamed as the
 * same server-sent events. The member is the visitor (`playground:<user id>`).
 */
export async function POST(req: NextRequest, { params }: { params: Promise<{ chatbotId: string }> }) {
  const { chatbotId } = await params;
  const body = (await req.json().catch(() => null)) as { message?: unknown; conversation_id?: unknown } | null;
  const ctx = { ...(await createContext({ headers: req.headers, allowSession: true })), clientIp: clientIp(req.headers) };
  return sseResponse(async (onDelta) => {
    if (!ctx.user) throw new AppError("UNAUTHENTICATED");
    const answer = await createCaller({ ...ctx, onDelta }).chat.send({
      chatbot_id: chatbotId,
      message: typeof body?.message === "string" ? body.message : "",
      conversation_id: typeof body?.conversation_id === "string" ? body.conversation_id : null,
      visitor: { id: `playground:${ctx.user.id}` },
    });
    return { body: answer };
  });
}
