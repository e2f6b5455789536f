import { poolOf, type Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { AGENCY_VIEWS, AGENCY_VISIT_QUIET_MINUTES, viewNeedsGrant, type AgencyView, type AgencyVisit } from "@/server/access/agency-visit-rules";

/**
 * An agency owner's visit to a client workspace, applied once where a procedure declares what it shows
 * (`meta.agencyView`, access/procedures.ts; docs/decisions/125-redaction-and-the-agencys-visits.md):
 * conversations of a workspace that asks first need a live grant, else ACCESS_REQUEST_REQUIRED (403);
 * a visit allowed is written to the audit log under the workspace, at most once per page, chatbot and
 * person in AGENCY_VISIT_QUIET_MINUTES. A visit is a read's trace, not a change: it is written on its
 * own (audit's `auditedChange` binds changes), as the row the audit capability reads and lists.
 */
export async function admitAgencyVisit(
  db: Db,
  visit: AgencyVisit,
  view: AgencyView,
  at: { teamId: string; chatbot: { id: string; name: string }; user: { id: string; name: string | null; email: string }; tokenId: string | null },
): Promise<void> {
  if (viewNeedsGrant(view, visit) && !(await hasAgencyGrant(db, at.teamId))) {
    throw new AppError(
      "ACCESS_REQUEST_REQUIRED",
      "This workspace asks its agency to request access before viewing its conversations: request access (POST /v1/agency/clients/{client_id}/access-requests, or Request access in the dashboard) and its admin can grant it for 24 hours.",
    );
  }
  await poolOf(db).query({
    name: "access_record_agency_visit",
    text: `INSERT INTO audit_log (agency_id, team_id, actor_type, actor_user_id, actor_token_id, actor_name, action, target_type, target_id, target_name)
           SELECT $1::uuid, $2::uuid, $3, $4::uuid, $5::uuid, $6, $7, 'chatbot', $8, $9
            WHERE NOT EXISTS (SELECT 1 FROM audit_log l
                               WHERE l.team_id = $2::uuid AND l.actor_user_id = $4::uuid AND l.action = $7 AND l.target_id = $8
                                 AND l.created_at > now() - make_interval(mins => $10))`,
    values: [
      visit.agencyId,
      at.teamId,
      at.tokenId ? "api_token" : "user",
      at.user.id,
      at.tokenId,
      at.user.name || at.user.email,
      AGENCY_VIEWS[view],
      at.chatbot.id,
      at.chatbot.name,
      AGENCY_VISIT_QUIET_MINUTES,
    ],
  });
}

/** Whether the workspace's admin granted its agency access that has not yet run out. */
async function hasAgencyGrant(db: Db, teamId: string): Promise<boolean> {
  const { rows } = await poolOf(db).query<{ granted: boolean }>({
    name: "access_agency_grant",
    text: `SELECT EXISTS (SELECT 1 FROM agency_access_requests WHERE team_id = $1::uuid AND status = 'approved' AND expires_at > now()) AS granted`,
    values: [teamId],
  });
  return rows[0]?.granted === true;
}
