import { panelPage } from "@/server/transport/widget-panel";

export const dynamic = "force-dynamic";

/** The panel inside the embed iframe (src/widget/loader.ts opens it); framing rules in src/proxy.ts. */
export async function GET(req: Request, { params }: { params: Promise<{ chatbot_id: string }> }): Promise<Response> {
  return panelPage(req, (await params).chatbot_id, "embed");
}
