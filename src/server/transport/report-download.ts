import { createContext } from "@/server/access";
import { env } from "@/server/kernel/env";
import { AppError, toAppError } from "@/server/kernel/errors";
import { errorResponse } from "@/server/kernel/http/json-response";
import { crossOriginReason } from "@/server/transport/dashboard";
import { createCaller } from "@/server/transport/root";

/**
 * The dashboard's "Download PDF" (a signed-in agency owner's browser session): the same procedure as
 * `GET /v1/agency/clients/{client_id}/reports/{period}.pdf`, answered as a file download.
 */
export async function downloadReportPdf(req: Request, { params }: { params: Promise<{ clientId: string; file: string }> }): Promise<Response> {
  const reason = crossOriginReason(req.headers, env().APP_URL);
  if (reason) return errorResponse(new AppError("FORBIDDEN", `Cross-origin requests to the dashboard are not allowed (${reason}).`));
  const { clientId, file } = await params;
  const period = /^(.+)\.pdf$/.exec(file)?.[1];
  if (!period) return errorResponse(new AppError("NOT_FOUND", "No such report."));
  try {
    const ctx = await createContext({ headers: req.headers, allowSession: true });
    const pdf = await createCaller(ctx).reports.pdf({ client_id: clientId, period });
    return new Response(new Uint8Array(pdf.body), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${pdf.filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    return errorResponse(toAppError(error));
  }
}
