import type { Metadata } from "next";
import { TemplateDetail } from "@/components/templates/template-detail";

export const metadata: Metadata = { title: "Template" };

export default async function TemplatePage({ params }: { params: Promise<{ template_id: string }> }) {
  const { template_id: templateId } = await params;
  return <TemplateDetail templateId={templateId} />;
}
