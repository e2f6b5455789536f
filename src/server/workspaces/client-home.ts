import type { Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isoOffsetOrNull } from "@/server/kernel/lib/timestamps";
import { agencyBrand, agencyOfTeam } from "@/server/branding";
import { messagesRemaining } from "@/server/workspaces/credit-rules";
import { agencyPool } from "@/server/workspaces/credits";
import { RUNWAY_WINDOW_DAYS, runwayDays } from "@/server/workspaces/runway";
import { creditWarning, standingInWords } from "@/server/workspaces/standing-words";
import { autoTopupOf } from "@/server/workspaces/clients";

/** Days of usage the home page charts. */
export const HOME_USAGE_DAYS = 30;

const dayLabel = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * A client workspace's home: its credits (monthly, top-up,
 * remaining, renewal), answers per day, its standing in words and what its
 * people can do, for every member of the workspace and its agency's owner.
 */
export async function clientHome(db: Db, team: Team) {
  if (team.kind !== "client" || !team.agencyId) throw new AppError("NOT_FOUND", "Only client workspaces have message credits.");
  const [agency, pool, daily] = await Promise.all([
    agencyOfTeam(db, team),
    agencyPool(db, team.agencyId),
    // Questions answered, by the day their conversation began (the conversations' own counters: one index range per chatbot).
    db.$queryRaw<{ day: Date; answers: number }[]>`
      SELECT (v.created_at AT TIME ZONE 'UTC')::date AS day, sum(v.answered_count)::int AS answers
        FROM chatbots b JOIN conversations v ON v.chatbot_id = b.id
       WHERE b.team_id = ${team.id}::uuid AND v.created_at >= ((now() AT TIME ZONE 'UTC')::date - ${HOME_USAGE_DAYS - 1}::int)::timestamp AT TIME ZONE 'UTC'
       GROUP BY 1 ORDER BY 1`,
  ]);
  const remaining = messagesRemaining(team, pool);
  const byDay = new Map(daily.map((d) => [d.day.toISOString().slice(0, 10), d.answers]));
  const today = new Date();
  const usage = Array.from({ length: HOME_USAGE_DAYS }, (_, i) => {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (HOME_USAGE_DAYS - 1 - i)));
    const key = day.toISOString().slice(0, 10);
    return { day: key, answers: byDay.get(key) ?? 0 };
  });
  const lastWeek = usage.slice(-RUNWAY_WINDOW_DAYS).reduce((sum, d) => sum + d.answers, 0);
  const brand = agency ? agencyBrand(agency) : null;
  const warning = creditWarning(remaining, team.messageLimit, team.lowCreditThreshold);
  const autoTopup = autoTopupOf(team);
  return {
    workspace: { id: team.id, name: team.name, status: team.status, pause_mode: team.pauseMode, paused_at: isoOffsetOrNull(team.pausedAt) },
    agency: { name: brand?.name ?? "your agency", support_email: brand?.supportEmail ?? null },
    credits: {
      monthly_limit: team.messageLimit,
      used_this_period: team.messagesUsed,
      monthly_remaining: team.messageLimit === null ? null : Math.max(team.messageLimit - team.messagesUsed, 0),
      topup_remaining: team.topupCredits,
      remaining,
      period_started_at: isoOffsetOrNull(team.creditsResetAt),
      renews_at: isoOffsetOrNull(team.creditsRenewAt),
      runway_days: runwayDays(remaining, lastWeek),
      auto_topup: autoTopup,
    },
    warning,
    standing: standingInWords({
      status: team.status,
      pauseMode: team.pauseMode,
      warning,
      agencyName: brand?.name ?? "your agency",
      contact: brand?.supportEmail ?? null,
      resetsOn: team.creditsRenewAt ? dayLabel(team.creditsRenewAt) : null,
      autoTopup: autoTopup !== null,
    }),
    usage,
  };
}
