import { downloadReportPdf } from "@/server/transport/report-download";

export const dynamic = "force-dynamic";

/** A client's report as a PDF, for the signed-in agency owner (transport/report-download.ts). */
export const GET = downloadReportPdf;
