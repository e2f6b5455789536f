import type { Metadata } from "next";
import { RolloutProgress } from "@/components/templates/rollout-progress";

export const metadata: Metadata = { title: "Rollout" };

export default async function RolloutPage({ params }: { params: Promise<{ template_id: string; rollout_id: string }> }) {
  const { template_id: templateId, rollout_id: rolloutId } = await params;
  return <RolloutProgress templateId={templateId} rolloutId={rolloutId} />;
}
