import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { createCaller } from "@/server/transport/root";
import { createContext } from "@/server/access";

/** Server components call procedures directly, with the request's session. */
export const api = cache(async () => createCaller(await createContext({ headers: await headers(), allowSession: true })));
