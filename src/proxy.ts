import { NextResponse, type NextRequest } from "next/server";
import { widgetPageHeaders } from "@/server/widget/frame-headers";

/**
 * Only the widget page and the share page pass through here: their
 * `frame-ancestors` depends on the chatbot's verified domain, which a static
 * `headers()` rule cannot know.
 */
export async function proxy(req: NextRequest): Promise<NextResponse> {
  let chatbotId = "";
  try {
    chatbotId = decodeURIComponent(req.nextUrl.pathname.split("/")[2] ?? "");
  } catch {
    // malformed percent-encoding: no chatbot, the page answers 404
  }
  const res = NextResponse.next();
  for (const [name, value] of Object.entries(await widgetPageHeaders(chatbotId))) res.headers.set(name, value);
  return res;
}

export const config = { matcher: ["/widget/:chatbotId", "/chat/:chatbotId"] };
