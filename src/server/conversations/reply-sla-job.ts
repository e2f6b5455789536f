/**
 * The reply SLA's reminders (docs/decisions/121-the-inbox-for-a-support-team.md), every minute: an
 * assigned conversation whose visitor has waited (conversations.awaiting_since, kept by
 * sql/reply-sla.sql) longer than the chatbot's `reply_sla_minutes` e-mails its assignee; one SLA later,
 * still unanswered, the workspace's admins. Each reminder is claimed by stamping the conversation in the
 * statement that finds it, so two workers or a re-run send it once; a failed send is not retried (a late
 * duplicate reminder helps nobody, the inbox shows the wait). A person's answer, or the conversation going
 * back to the bot or being resolved, clears the stamps for the next wait.
 */
import { agencyOfTeam, brandForAgency, siteBaseUrl } from "@/server/branding";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { job } from "@/server/kernel/jobs/registry";
import { sendMail } from "@/server/kernel/mail/mailer";
import { replySlaMail } from "@/server/kernel/mail/templates";

interface Claimed {
  id: string;
  chatbot_id: string;
  chatbot_name: string;
  team_id: string;
  assignee_id: string;
  awaiting_since: Date;
  sla_minutes: number;
}

/** Stamps `column` on every assigned, waiting conversation where `due` holds, and answers them: claimed once. */
async function claim(db: Db, name: string, column: "sla_assignee_mailed_at" | "sla_admins_mailed_at", due: string): Promise<Claimed[]> {
  const { rows } = await poolOf(db).query<Claimed>({
    name,
    text: `UPDATE conversations c SET ${column} = now() FROM chatbots b
            WHERE c.chatbot_id = b.id AND c.status IN ('waiting', 'human') AND c.assignee_id IS NOT NULL AND c.awaiting_since IS NOT NULL
              AND c.${column} IS NULL AND ${due} <= now() - make_interval(mins => b.reply_sla_minutes)
           RETURNING c.id::text, c.chatbot_id::text, b.name AS chatbot_name, b.team_id::text, c.assignee_id::text, c.awaiting_since, b.reply_sla_minutes AS sla_minutes`,
  });
  return rows;
}

/** Sends the reminders that are due (the assignee one SLA into the wait, the admins one SLA after that); answers how many e-mails went out. */
export async function sendReplySlaReminders(db: Db): Promise<number> {
  const toAssignees = await claim(db, "reply_sla_claim_assignee", "sla_assignee_mailed_at", "c.awaiting_since");
  const toAdmins = await claim(db, "reply_sla_claim_admins", "sla_admins_mailed_at", "c.sla_assignee_mailed_at");
  let sent = 0;
  for (const c of toAssignees) sent += await remind(db, c, false);
  for (const c of toAdmins) sent += await remind(db, c, true);
  return sent;
}

async function remind(db: Db, c: Claimed, toAdmins: boolean): Promise<number> {
  const team = await db.team.findUnique({ where: { id: c.team_id }, select: { id: true, kind: true, agencyId: true, ownerId: true } });
  if (!team) return 0;
  const assignee = await db.user.findUnique({ where: { id: c.assignee_id }, select: { email: true, name: true } });
  const recipients = toAdmins ? await adminEmails(db, team.id, team.ownerId) : assignee ? [assignee.email] : [];
  const agency = await agencyOfTeam(db, team);
  const inboxUrl = `${siteBaseUrl(agency)}/chatbots/${c.chatbot_id}/inbox?conversation=${c.id}`;
  const waitedMinutes = Math.max(1, Math.round((Date.now() - c.awaiting_since.getTime()) / 60_000));
  let sent = 0;
  for (const to of recipients) {
    const result = await sendMail(
      replySlaMail(brandForAgency(agency), { to, chatbotName: c.chatbot_name, waitedMinutes, slaMinutes: c.sla_minutes, assigneeName: assignee?.name ?? null, toAdmins, inboxUrl }),
    );
    if (result.sent) sent += 1;
  }
  return sent;
}

/** The workspace's admins, else its owner (a personal workspace has no admin memberships). */
async function adminEmails(db: Db, teamId: string, ownerId: string): Promise<string[]> {
  const admins = await db.membership.findMany({ where: { teamId, role: "admin" }, select: { user: { select: { email: true } } } });
  if (admins.length > 0) return admins.map((a) => a.user.email);
  const owner = await db.user.findUnique({ where: { id: ownerId }, select: { email: true } });
  return owner ? [owner.email] : [];
}

export const replySlaRemindersJob = job("reply_sla_reminders", async (db) => {
  await sendReplySlaReminders(db);
});
