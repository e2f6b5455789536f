import "server-only";
import { TRPCError } from "@trpc/server";
import { getSessionUserId } from "@/server/access";
import { api } from "@/trpc/server";
import type { CurrentUser } from "@/components/lib/trpc-types";

/**
 * The signed-in user, or null when there is no session or the session's user
 * no longer exists. Other failures (database down, …) are rethrown so they show
 * as errors instead of bouncing the user to the login page.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  if (!(await getSessionUserId())) return null;
  try {
    const caller = await api();
    const { user } = await caller.me.get();
    return user;
  } catch (error) {
    if (error instanceof TRPCError && error.code === "UNAUTHORIZED") return null;
    throw error;
  }
}
