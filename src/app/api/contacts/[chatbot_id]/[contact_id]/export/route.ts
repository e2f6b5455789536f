import { downloadContactExport } from "@/server/transport/contact-download";

export const dynamic = "force-dynamic";

/** One contact's data as a JSON download, for the signed-in dashboard user (transport/contact-download.ts). */
export const GET = downloadContactExport;
