import type { Metadata } from "next";
import { AgencyLlmKey } from "@/components/answers/agency-llm-key";
import { SettingsIcon } from "@/components/icons";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Your profile and your agency's account settings." />
      <div className="mb-6">
        <AgencyLlmKey />
      </div>
      <EmptyState
        icon={<SettingsIcon className="size-5" />}
        title="Settings are coming soon"
        description="Profile, team and agency settings will appear here."
      />
    </>
  );
}
