import type { Metadata } from "next";
import { AgencyReport } from "@/components/reports/agency-report";

export const metadata: Metadata = { title: "Agency report" };

export default function AgencyReportPage() {
  return <AgencyReport />;
}
