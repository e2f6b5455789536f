import type { Metadata } from "next";
import { AgencyLlmKey } from "@/components/answers/agency-llm-key";
import { BillingSettingsCard } from "@/components/billing/billing-settings-card";
import { redirect } from "next/navigation";
import { PasswordForm } from "@/components/account/password-form";
import { ProfileForm } from "@/components/account/profile-form";
import { SessionsCard } from "@/components/account/sessions-card";
import { BrandSettingsCard } from "@/components/account/brand-settings-card";
import { AgencyRetentionCard } from "@/components/privacy/agency-retention-card";
import { getCurrentUser } from "@/components/auth/current-user";
import { getPortal } from "@/components/portal/portal";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const [user, portal] = await Promise.all([getCurrentUser(), getPortal()]);
  if (!user) redirect("/login");
  return (
    <>
      <PageHeader title="Settings" description="Your profile, password and sessions, and your agency's brand, billing and data retention." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfileForm user={user} />
        <PasswordForm />
        <SessionsCard />
        {portal?.agency && !portal.viewAs ? <BrandSettingsCard /> : null}
        {portal?.agency && !portal.viewAs ? <AgencyLlmKey /> : null}
        {portal?.agency && !portal.viewAs ? <BillingSettingsCard /> : null}
        {portal?.agency && !portal.viewAs ? <AgencyRetentionCard /> : null}
      </div>
    </>
  );
}
