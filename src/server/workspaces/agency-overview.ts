/**
 * The agency owner's dashboard reads: the health of every client (remaining
 * credits, runway, status, messages this month), a client's credit ledger and
 * its invitations.
 */
import { isLowOnCredits } from "@/server/workspaces/low-credit";
import { invitationState } from "@/server/access";
import type { Db } from "@/server/kernel/db/client";
import { RUNWAY_WINDOW_DAYS, runwayDays } from "@/server/workspaces/runway";
import { isoMicro, isoOffset } from "@/server/kernel/lib/timestamps";
import type { Team } from "@/generated/prisma/client";
import type { Agency } from "@/server/access";
import { AGENCY_PLAN_DEFAULTS, messagesRemaining } from "@/server/workspaces/credit-rules";
import { usageOf } from "@/server/workspaces/clients";
import { agencyPool } from "@/server/workspaces/credits";
import { acceptUrl } from "@/server/accounts";
import { serializeClient } from "@/server/workspaces/client-serializer";
import { answeredRate, attentionReasons } from "@/server/workspaces/attention";

/**
 * Every client of the agency with its remaining credits and its runway at the last days' pace (the clients
 * page's own figures), without the figures of its conversations: what the agency's value report lists
 * (docs/decisions/143-the-report-breakdown-rolled-up.md), which then reads nothing that grows with them.
 */
export async function agencyClientCredits(db: Db, agency: Agency) {
  const [fresh, pool] = await Promise.all([db.team.findUniqueOrThrow({ where: { id: agency.id } }), agencyPool(db, agency.id)]);
  const teams = await db.team.findMany({ where: { agencyId: agency.id, kind: "client", deletedAt: null }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const ids = teams.map((c) => c.id);
  const recent = ids.length
    ? await db.$queryRaw<{ team_id: string; used: number }[]>`
        SELECT team_id::text AS team_id, sum(used_delta)::int AS used FROM credit_ledger
         WHERE kind = 'charge' AND team_id = ANY(${ids}::uuid[]) AND created_at > now() - make_interval(days => ${RUNWAY_WINDOW_DAYS})
         GROUP BY team_id`
    : [];
  const usedRecently = new Map(recent.map((r) => [r.team_id, r.used]));
  return {
    fresh,
    pool,
    clients: teams.map((team) => {
      const last7 = usedRecently.get(team.id) ?? 0;
      const remaining = messagesRemaining(team, pool);
      return { team, last7, remaining, runway: runwayDays(remaining, last7) };
    }),
  };
}

export async function agencyOverview(db: Db, agency: Agency) {
  const { fresh, pool, clients } = await agencyClientCredits(db, agency);
  const ids = clients.map((c) => c.team.id);
  const [usage, talk] = await Promise.all([
    usageOf(db, ids),
    // Conversations of this credit period (or the last 30 days without one), with their questions and answers.
    ids.length
      ? db.$queryRaw<{ team_id: string; conversations: number; questions: number; answered: number }[]>`
          SELECT b.team_id::text AS team_id, count(*)::int AS conversations,
                 COALESCE(sum(v.question_count), 0)::int AS questions, COALESCE(sum(v.answered_count), 0)::int AS answered
            FROM chatbots b JOIN teams t ON t.id = b.team_id
            JOIN conversations v ON v.chatbot_id = b.id AND v.created_at >= COALESCE(t.credits_reset_at, now() - interval '30 days')
           WHERE b.team_id = ANY(${ids}::uuid[])
           GROUP BY b.team_id`
      : Promise.resolve([]),
  ]);
  const talkOf = new Map(talk.map((r) => [r.team_id, r]));
  return {
    agency: {
      id: fresh.id,
      name: fresh.name,
      workspace_limit: fresh.workspaceLimit ?? AGENCY_PLAN_DEFAULTS.workspaceLimit,
      workspaces: clients.length,
      monthly_message_pool: fresh.monthlyMessagePool ?? AGENCY_PLAN_DEFAULTS.monthlyMessages,
      pool_messages_used: pool.poolMessagesUsed,
      included_integrations: fresh.includedIntegrations,
    },
    clients: clients.map(({ team: c, last7, remaining, runway }) => {
      const client = serializeClient(c, pool, usage.get(c.id)!);
      const period = talkOf.get(c.id) ?? { conversations: 0, questions: 0, answered: 0 };
      const lowCredits = isLowOnCredits(remaining, c.lowCreditThreshold);
      return {
        ...client,
        messages_last_7_days: last7,
        runway_days: runway,
        archived: c.archivedAt !== null,
        low_credit_threshold: c.lowCreditThreshold,
        low_credits: lowCredits,
        conversations_this_period: period.conversations,
        questions_this_period: period.questions,
        unanswered_this_period: period.questions - period.answered,
        answered_rate: answeredRate(period.questions, period.answered),
        attention: attentionReasons({
          status: c.status,
          pauseMode: c.pauseMode,
          archived: c.archivedAt !== null,
          hasLimit: c.messageLimit !== null,
          remaining,
          lowCredits,
          runwayDays: runway,
          questions: period.questions,
          answered: period.answered,
        }),
      };
    }),
  };
}

export async function creditLedger(db: Db, team: Team, opts: { limit: number; before?: string }) {
  const rows = await db.creditLedgerEntry.findMany({
    where: { teamId: team.id, ...(opts.before ? { id: { lt: BigInt(opts.before) } } : {}) },
    orderBy: { id: "desc" },
    take: opts.limit + 1,
  });
  const page = rows.slice(0, opts.limit);
  return {
    entries: page.map((r) => ({
      id: r.id.toString(),
      kind: r.kind,
      used_delta: r.usedDelta,
      topup_delta: r.topupDelta,
      debt_delta: r.debtDelta,
      used_after: r.usedAfter,
      topup_after: r.topupAfter,
      debt_after: r.debtAfter,
      reference: r.reference,
      reason: r.reason,
      actor_user_id: r.actorUserId,
      created_at: isoMicro(r.createdAt),
    })),
    next_before: rows.length > opts.limit ? page[page.length - 1]!.id.toString() : null,
  };
}

export async function clientInvitations(db: Db, agency: Agency, team: Team) {
  const invitations = await db.invitation.findMany({ where: { teamId: team.id }, orderBy: { createdAt: "desc" } });
  const now = new Date();
  return invitations.map((i) => ({
    id: i.id,
    email: i.email,
    role: i.role,
    state: invitationState(i, now),
    accept_url: invitationState(i, now) === "pending" ? acceptUrl(i.id, i.expiresAt, agency) : null,
    expires_at: isoOffset(i.expiresAt),
    mail_sent_at: i.mailSentAt ? isoOffset(i.mailSentAt) : null,
    mail_error: i.mailError,
    accepted_at: i.acceptedAt ? isoOffset(i.acceptedAt) : null,
    created_at: isoOffset(i.createdAt),
  }));
}
