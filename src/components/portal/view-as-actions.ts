"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getSessionUserId } from "@/server/access";
import { getDb } from "@/server/kernel/db/client";
import { portalContext } from "@/server/accounts/client";
import { VIEW_AS_COOKIE } from "@/components/portal/portal";

/** "View as client": an agency owner sees the portal as the workspace's admin does. Only their own clients count. */
export async function viewAsClient(clientId: string) {
  const userId = await getSessionUserId();
  if (!userId) redirect("/login");
  const portal = await portalContext(getDb(), userId, clientId);
  if (!portal.viewAs) redirect("/clients");
  (await cookies()).set(VIEW_AS_COOKIE, portal.viewAs.id, { httpOnly: true, sameSite: "lax", path: "/", maxAge: 8 * 60 * 60 });
  redirect("/chatbots");
}

/** Back to the agency's own view. */
export async function stopViewingAsClient() {
  (await cookies()).delete(VIEW_AS_COOKIE);
  redirect("/clients");
}
