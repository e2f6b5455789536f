import { createContext } from "@/server/access";
import { env } from "@/server/kernel/env";
import { AppError, toAppError } from "@/server/kernel/errors";
import { errorResponse } from "@/server/kernel/http/json-response";
import { crossOriginReason } from "@/server/transport/dashboard";
import { createCaller } from "@/server/transport/root";

/**
 * The contacts page's "Export data" (a signed-in member's browser session): the same procedure as
 * `GET /v1/{chatbot_id}/contacts/{contact_id}/export`, streamed as a file download (record 124).
 */
export async function downloadContactExport(req: Request, { params }: { params: Promise<{ chatbot_id: string; contact_id: string }> }): Promise<Response> {
  const reason = crossOriginReason(req.headers, env().APP_URL);
  if (reason) return errorResponse(new AppError("FORBIDDEN", `Cross-origin requests to the dashboard are not allowed (${reason}).`));
  const { chatbot_id: chatbotId, contact_id: contactId } = await params;
  try {
    const ctx = await createContext({ headers: req.headers, allowSession: true });
    const file = await createCaller(ctx).privacy.exportContact({ chatbot_id: chatbotId, contact_id: contactId });
    return new Response(file.body, {
      headers: {
        "Content-Type": "application/json",
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    return errorResponse(toAppError(error));
  }
}
