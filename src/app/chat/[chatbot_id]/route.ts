import { panelPage } from "@/server/transport/widget-panel";

export const dynamic = "force-dynamic";

/** The share link: the same chat, full page. */
export async function GET(req: Request, { params }: { params: Promise<{ chatbot_id: string }> }): Promise<Response> {
  return panelPage(req, (await params).chatbot_id, "page");
}
