import type { Metadata } from "next";
import { RolloutProgress } from "@/components/templates/rollout-progress";

export const metadata: Metadata = { title: "Rollout" };

export default async function RolloutPage({ params }: { params: Promise<{ templateId: string; rolloutId: string }> }) {
  const { templateId, rolloutId } = await params;
  return <RolloutProgress templateId={templateId} rolloutId={rolloutId} />;
}
