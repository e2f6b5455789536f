import { widgetPanelSource } from "@/widget/build";

export const dynamic = "force-dynamic";

/** The visitor's chat panel script: its URL carries its content hash (src/widget/build.ts), so it is cached for good. */
export async function GET(req: Request): Promise<Response> {
  const versioned = new URL(req.url).searchParams.has("v");
  return new Response(await widgetPanelSource(), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
