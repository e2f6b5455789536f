import type { Metadata } from "next";
import { BillingSummary } from "@/components/billing/billing-summary";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Billing" };

export default function BillingPage() {
  return (
    <>
      <PageHeader title="Billing" description="What your clients pay you through Stripe, what their messages cost you, and your margin." />
      <BillingSummary />
    </>
  );
}
