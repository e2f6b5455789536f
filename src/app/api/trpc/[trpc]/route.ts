import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/transport/root";
import { admitDashboardRequest, MAX_TRPC_BATCH, withJsonErrorBody, withWritePosition } from "@/server/transport/dashboard";
import { createContext } from "@/server/access";

export const dynamic = "force-dynamic";

const handler = async (incoming: Request) => {
  const req = await admitDashboardRequest(incoming);
  if (req instanceof Response) return req;
  return withWritePosition(req, await withJsonErrorBody(await fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    maxBatchSize: MAX_TRPC_BATCH,
    createContext: () => createContext({ headers: req.headers, allowSession: true }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[trpc] ${path ?? "?"} failed:`, error);
    },
  })));
};

export { handler as GET, handler as POST };
