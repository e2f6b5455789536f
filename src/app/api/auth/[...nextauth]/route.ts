import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/session";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ nextauth: string[] }> };
const handler = async (req: Request, ctx: Ctx) => NextAuth(req as never, { params: await ctx.params } as never, authOptions());

export { handler as GET, handler as POST };
