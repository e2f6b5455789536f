/**
 * The e-mail about a new escalation to the chatbot's `escalations_email`,
 * sent from the queue (never inside the chat request). The outcome is kept
 * on the escalation: sent, or not sent with the reason (SMTP unset or
 * failing), which the dashboard shows.
 */
import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { job } from "@/server/kernel/jobs/registry";
import { sendMail } from "@/server/kernel/mail/mailer";

export async function sendEscalationEmail(db: Db, escalationId: string): Promise<void> {
  const escalation = await db.escalation.findUnique({ where: { id: escalationId }, include: { chatbot: { select: { name: true, escalationsEmail: true } } } });
  if (!escalation || escalation.notificationStatus !== "pending") return;
  const to = escalation.chatbot.escalationsEmail.trim();
  const link = `${env().APP_URL}/chatbots/${escalation.chatbotId}/inbox?conversation=${escalation.conversationId}`;
  const why = escalation.reason === "requested_human" ? "A visitor asked to talk to a person." : "Several questions in a row went unanswered.";
  const result = to
    ? await sendMail({
        to,
        subject: `Escalation on ${escalation.chatbot.name}`,
        text: `${why}\n\nTheir message:\n${escalation.message}\n\nOpen the conversation: ${link}\n`,
      })
    : ({ sent: false, reason: "No escalations e-mail address is set" } as const);
  await db.escalation.update({
    where: { id: escalation.id },
    data: result.sent
      ? { notificationStatus: "sent", notifiedAt: new Date(), notificationError: null }
      : { notificationStatus: "not_sent", notificationError: result.reason },
  });
}

export const sendEscalationEmailJob = job("send_escalation_email", async (db, { id }) => {
  await sendEscalationEmail(db, id);
});
