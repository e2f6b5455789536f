import { z } from "zod";
import { readDb } from "@/server/kernel/db/replicas";
import { agencyOwnerProcedure, createTRPCRouter } from "@/server/access";
import { auditCsv, auditEntrySchema, auditFilterSchema, auditListInput, listAudit } from "@/server/audit/log";

const tags = ["Agency audit log"];

/** The agency's audit log: the owner's page and `GET /v1/agency/audit-log`. */
export const auditRouter = createTRPCRouter({
  list: agencyOwnerProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/audit-log", summary: "Who did what and when in the agency, newest first", tags } })
    .input(auditListInput)
    .output(z.object({ current_page: z.number().int(), data: z.array(auditEntrySchema), per_page: z.number().int(), total: z.number().int() }))
    .query(({ ctx, input }) => readDb(ctx, (db) => listAudit(db, ctx.agency.id, input))),

  // Dashboard only: the filtered log as CSV.
  csv: agencyOwnerProcedure.input(auditFilterSchema).query(({ ctx, input }) => readDb(ctx, (db) => auditCsv(db, ctx.agency.id, input))),
});
