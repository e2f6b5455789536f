import type { Metadata } from "next";
import { PlansPage } from "@/components/billing/plans-page";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Plans" };

export default function BillingPlansPage() {
  return (
    <>
      <PageHeader title="Plans" description="What you sell: a price per month or year with a monthly message allowance, and what messages past it cost." />
      <PlansPage />
    </>
  );
}
