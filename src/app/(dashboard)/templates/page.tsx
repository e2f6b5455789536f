import type { Metadata } from "next";
import { TemplatesHome } from "@/components/templates/templates-home";

export const metadata: Metadata = { title: "Templates" };

export default function TemplatesPage() {
  return <TemplatesHome />;
}
