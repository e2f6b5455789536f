import type { Db } from "@/server/kernel/db/client";
import { sendMail } from "@/server/kernel/mail/mailer";
import { clientCreditWarningMail } from "@/server/kernel/mail/templates";
import { agencyBrand, brandForAgency, siteBaseUrl } from "@/server/branding";
import { messagesRemaining } from "@/server/workspaces/credit-rules";
import { agencyPool } from "@/server/workspaces/credits";
import { autoTopupOf } from "@/server/workspaces/clients";
import { creditWarning, standingInWords } from "@/server/workspaces/standing-words";

/** Where a period without a start (no own budget yet) is keyed: such a workspace has no warning anyway. */
const NO_PERIOD = new Date(0);

const dayLabel = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * Low-credit warnings to a client workspace's admins
 * (docs/decisions/072-low-credit-mails-to-client-admins.md): the levels of its
 * home page (`creditWarning`: "low" at the agency's threshold or a tenth of the
 * monthly limit, "out" at none left), each e-mailed at most once per credit
 * period. The claim is a row keyed by (workspace, period, level), inserted
 * before sending: concurrent runs, however many answers crossed the line
 * meanwhile, send once. A run whose e-mails all fail gives the claim back for
 * the next run. Returns the number of e-mails sent.
 */
export async function runClientCreditWarnings(db: Db): Promise<number> {
  const clients = await db.team.findMany({
    where: { kind: "client", deletedAt: null, archivedAt: null, messageLimit: { not: null }, agencyId: { not: null } },
  });
  const pools = new Map<string, Awaited<ReturnType<typeof agencyPool>>>();
  const agencies = new Map<string, Awaited<ReturnType<typeof db.team.findUnique>>>();
  let sent = 0;
  for (const client of clients) {
    const agencyId = client.agencyId!;
    if (!pools.has(agencyId)) pools.set(agencyId, await agencyPool(db, agencyId));
    const remaining = messagesRemaining(client, pools.get(agencyId)!);
    const level = creditWarning(remaining, client.messageLimit, client.lowCreditThreshold);
    if (level === null) continue;
    const period = client.creditsResetAt ?? NO_PERIOD;
    const claimed = await db.$executeRaw`
      INSERT INTO credit_warning_mails (team_id, period_started_at, level, remaining)
      VALUES (${client.id}::uuid, ${period}, ${level}, ${remaining}) ON CONFLICT DO NOTHING`;
    if (claimed !== 1) continue;
    if (!agencies.has(agencyId)) agencies.set(agencyId, await db.team.findUnique({ where: { id: agencyId } }));
    const agency = agencies.get(agencyId)!;
    const admins = await db.membership.findMany({ where: { teamId: client.id, role: "admin" }, include: { user: true } });
    const standing = standingInWords({
      status: client.status,
      pauseMode: client.pauseMode,
      warning: level,
      agencyName: agency ? agencyBrand(agency).name : "your agency",
      contact: agency?.brandSupportEmail ?? null,
      resetsOn: client.creditsRenewAt ? dayLabel(client.creditsRenewAt) : null,
      autoTopup: autoTopupOf(client) !== null,
    });
    let delivered = 0;
    for (const admin of admins) {
      const result = await sendMail(
        clientCreditWarningMail(brandForAgency(agency), {
          to: admin.user.email,
          workspaceName: client.name,
          level,
          remaining: Math.max(remaining, 0),
          monthlyLimit: client.messageLimit!,
          title: standing.title,
          detail: standing.detail,
          todo: standing.todo,
          homeUrl: `${siteBaseUrl(agency)}/home`,
        }),
      );
      if (result.sent) delivered += 1;
    }
    if (admins.length > 0 && delivered === 0) {
      // Not sent (SMTP down or unset): the next run tries again.
      await db.creditWarningMail.delete({ where: { teamId_periodStartedAt_level: { teamId: client.id, periodStartedAt: period, level } } });
    } else {
      await db.creditWarningMail.update({ where: { teamId_periodStartedAt_level: { teamId: client.id, periodStartedAt: period, level } }, data: { recipients: delivered } });
    }
    sent += delivered;
  }
  return sent;
}
