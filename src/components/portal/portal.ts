import "server-only";
import { cookies, headers } from "next/headers";
import { connection } from "next/server";
import { cache } from "react";
import { getSessionUserId } from "@/server/access";
import { getDb } from "@/server/kernel/db/client";
import { brandForHost } from "@/server/branding/client";
import { portalContext } from "@/server/accounts/client";

/** The cookie naming the client workspace an agency owner is viewing as (ignored unless they own its agency). */
export const VIEW_AS_COOKIE = "acp_view_as";

/** The signed-in user's portal (workspaces, role-aware navigation, view-as), once per request. */
export const getPortal = cache(async () => {
  const userId = await getSessionUserId();
  if (!userId) return null;
  const viewAs = (await cookies()).get(VIEW_AS_COOKIE)?.value ?? null;
  return portalContext(getDb(), userId, viewAs);
});

/** The brand for this request's host: an agency's on its verified custom domain, else the platform's. Never prerendered. */
export const getBrand = cache(async () => {
  await connection();
  return brandForHost(getDb(), (await headers()).get("host"));
});
