import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getPortal } from "@/components/portal/portal";

/** Agency back office: only in the agency owner's own view (not for client roles, not while viewing as a client). */
export default async function AgencyOnlyLayout({ children }: { children: ReactNode }) {
  const portal = await getPortal();
  if (!portal?.nav.includes("templates")) notFound();
  return children;
}
