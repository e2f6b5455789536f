import { getDb } from "@/server/db/client";
import { initialsAvatarSvg } from "@/server/lib/avatar";

export const dynamic = "force-dynamic";

/** The default `profile_photo_url`: an SVG with the user's initials. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  const user = /^[0-9a-f-]{36}$/i.test(id) ? await getDb().user.findUnique({ where: { id }, select: { name: true } }) : null;
  return new Response(initialsAvatarSvg(user?.name ?? "?", id), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600" },
  });
}
