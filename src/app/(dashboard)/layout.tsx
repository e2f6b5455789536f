import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getCurrentUser } from "@/components/auth/current-user";
import { AppShell } from "@/components/dashboard/app-shell";
import { getBrand, getPortal } from "@/components/portal/portal";
import { getSessionUserId } from "@/server/access";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  if ((await getSessionUserId()) === null) redirect("/login");
  const [user, portal, brand] = await Promise.all([getCurrentUser(), getPortal(), getBrand()]);
  if (!user || !portal) redirect("/login");
  return (
    <AppShell user={user} nav={portal.nav} brand={brand} viewAs={portal.viewAs}>
      {children}
    </AppShell>
  );
}
