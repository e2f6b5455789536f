import NextAuth from "next-auth";
import { throttledCredentialsCallback } from "@/server/access";
import { authOptions } from "@/server/access";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ nextauth: string[] }> };
const nextAuth = async (req: Request, ctx: Ctx) => NextAuth(req as never, { params: await ctx.params } as never, authOptions());

async function POST(req: Request, ctx: Ctx) {
  const [action, provider] = (await ctx.params).nextauth;
  if (action === "callback" && provider === "credentials") return throttledCredentialsCallback(req, (r) => nextAuth(r, ctx));
  return nextAuth(req, ctx);
}

export { nextAuth as GET, POST };
