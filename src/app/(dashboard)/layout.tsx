import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getCurrentUser } from "@/components/auth/current-user";
import { AppShell } from "@/components/dashboard/app-shell";
import { getSessionUserId } from "@/server/auth/session";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  if ((await getSessionUserId()) === null) redirect("/login");
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  return <AppShell user={user}>{children}</AppShell>;
}
