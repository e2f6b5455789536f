import { widgetLoaderSource } from "@/widget/build";

export const dynamic = "force-dynamic";

/** The embed loader; cached for minutes (it reads everything that changes from the config endpoint). */
export async function GET(): Promise<Response> {
  return new Response(await widgetLoaderSource(), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
      "Cross-Origin-Resource-Policy": "cross-origin",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
