import { getDb } from "@/server/kernel/db/client";
import { initialsAvatarSvg } from "@/server/accounts";
import { isUuid } from "@/server/kernel/lib/ids";

export const dynamic = "force-dynamic";

/** The default `profile_photo_url`: an SVG with the user's initials. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  const user = isUuid(id) ? await getDb().user.findUnique({ where: { id }, select: { name: true } }) : null;
  return new Response(initialsAvatarSvg(user?.name ?? "?", id), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600" },
  });
}
