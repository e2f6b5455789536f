import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getPortal } from "@/components/portal/portal";

/** Agency back office: only in the agency owner's own view. */
export default async function AuditLogLayout({ children }: { children: ReactNode }) {
  const portal = await getPortal();
  if (!portal?.nav.includes("audit-log")) notFound();
  return children;
}
