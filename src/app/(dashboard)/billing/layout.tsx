import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getPortal } from "@/components/portal/portal";
import { BillingTabs } from "@/components/billing/billing-tabs";

/** Billing is the agency owner's, in their own view: the margin and the plans. */
export default async function BillingLayout({ children }: { children: ReactNode }) {
  const portal = await getPortal();
  if (!portal?.nav.includes("billing")) notFound();
  return (
    <>
      <BillingTabs />
      {children}
    </>
  );
}
