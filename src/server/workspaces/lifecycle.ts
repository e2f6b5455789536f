import type { Chatbot, Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { lowCreditStep } from "@/server/workspaces/low-credit";
import { AppError } from "@/server/kernel/errors";
import { env } from "@/server/kernel/env";
import { sendMail } from "@/server/kernel/mail/mailer";
import { lowCreditMail } from "@/server/kernel/mail/templates";
import { brandForAgency } from "@/server/branding";
import { messagesRemaining } from "@/server/workspaces/credit-rules";
import { agencyPool } from "@/server/workspaces/credits";

/**
 * Lifecycle of client workspaces and chatbots (docs/decisions/034-client-lifecycle.md), and the low-credit
 * alert. Functions take the client or chatbot that the procedure's access
 * check resolved (`clientProcedure`, `chatbotEditProcedure`). What each step does to credits, sources and conversations is
 * written in docs/decisions/034-client-lifecycle.md and in the confirmation dialogs.
 */

/**
 * Archives a client workspace: it is suspended (its agents stop answering, as
 * the contract's `suspended` status means), hidden from the dashboard's client
 * list, its pending invitations are revoked and its members no longer see it.
 * Credits, sources, conversations and the ledger are kept; restoring brings
 * it back active.
 */
export async function archiveClient(db: Db, client: Team) {
  if (client.archivedAt) throw new AppError("RULE_VIOLATION", "This client is already archived.");
  const now = new Date();
  // The callback form: inside a caller's transaction (transactionAsDb) it nests as a savepoint, which the batch form does not.
  await db.$transaction(async (tx) => {
    await tx.team.update({ where: { id: client.id }, data: { archivedAt: now, status: "suspended", pauseMode: null, pausedAt: now } });
    await tx.invitation.updateMany({ where: { teamId: client.id, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
  });
}

/** Brings an archived client back, active. */
export async function restoreClient(db: Db, client: Team) {
  if (!client.archivedAt) throw new AppError("RULE_VIOLATION", "This client is not archived.");
  await db.team.update({ where: { id: client.id }, data: { archivedAt: null, status: "active", pauseMode: null, pausedAt: null } });
}

/**
 * Deletes an archived client workspace for good: its chatbots go, and with
 * them (database cascades) their sources and indexed chunks, conversations,
 * messages, visitors, contacts and escalations; its memberships and
 * invitations go too, so its people lose access (their accounts and API
 * tokens stay, they just no longer reach this workspace). The team row stays
 * as an invisible tombstone so the agency's credit ledger and this period's
 * use of the agency pool are kept: deleting never refunds credits. The
 * agency's webhook endpoints are its own and are not touched.
 */
export async function deleteClient(db: Db, client: Team) {
  if (!client.archivedAt) throw new AppError("RULE_VIOLATION", "Archive this client before deleting it.");
  await db.$transaction(async (tx) => {
    // Claim the row first, so two deletes (or a restore racing a delete) cannot interleave.
    const claimed = await tx.team.updateMany({ where: { id: client.id, deletedAt: null, archivedAt: { not: null } }, data: { deletedAt: new Date(), lowCreditThreshold: null, lowCreditAlertedAt: null } });
    if (claimed.count !== 1) throw new AppError("NOT_FOUND", "Client workspace not found.");
    await tx.chatbot.deleteMany({ where: { teamId: client.id } });
    await tx.contact.deleteMany({ where: { teamId: client.id } });
    await tx.membership.deleteMany({ where: { teamId: client.id } });
    await tx.invitation.deleteMany({ where: { teamId: client.id } });
    await tx.user.updateMany({ where: { currentTeamId: client.id }, data: { currentTeamId: null } });
  });
}

/** The per-client alert threshold (remaining message credits), or null for none; a new threshold starts a new episode. */
export async function setLowCreditThreshold(db: Db, client: Team, threshold: number | null) {
  await db.team.update({ where: { id: client.id }, data: { lowCreditThreshold: threshold, lowCreditAlertedAt: null } });
}

/**
 * Deletes a chatbot: it stops answering and leaves every list at once; its
 * sources, conversations and contacts are kept (soft delete) but no longer
 * shown, and it no longer counts against the workspace's chatbot_limit.
 * Credits belong to the workspace and are not touched.
 */
export async function deleteChatbot(db: Db, chatbot: Chatbot): Promise<boolean> {
  const { count } = await db.chatbot.updateMany({ where: { id: chatbot.id, deletedAt: null }, data: { deletedAt: new Date() } });
  return count === 1;
}

/**
 * The low-credit job: for every client with a threshold, starts or ends its
 * episode; an episode's start e-mails the agency's owner once. Returns the
 * number of e-mails sent.
 */
export async function runLowCreditAlerts(db: Db): Promise<number> {
  const clients = await db.team.findMany({
    where: { kind: "client", deletedAt: null, OR: [{ lowCreditThreshold: { not: null } }, { lowCreditAlertedAt: { not: null } }] },
    include: { agency: { include: { owner: true } } },
  });
  let sent = 0;
  const pools = new Map<string, Awaited<ReturnType<typeof agencyPool>>>();
  for (const client of clients) {
    if (!client.agency) continue;
    if (!pools.has(client.agency.id)) pools.set(client.agency.id, await agencyPool(db, client.agency.id));
    const remaining = messagesRemaining(client, pools.get(client.agency.id)!);
    const step = lowCreditStep(remaining, client.lowCreditThreshold, client.lowCreditAlertedAt !== null, client.archivedAt !== null);
    if (step === "clear") await db.team.updateMany({ where: { id: client.id }, data: { lowCreditAlertedAt: null } });
    if (step !== "alert") continue;
    // Claim the episode first, so two workers never send the same alert.
    const claimed = await db.team.updateMany({ where: { id: client.id, lowCreditAlertedAt: null }, data: { lowCreditAlertedAt: new Date() } });
    if (claimed.count !== 1) continue;
    const result = await sendMail(
      lowCreditMail(brandForAgency(client.agency), {
        to: client.agency.owner.email,
        clientName: client.name,
        remaining,
        threshold: client.lowCreditThreshold!,
        clientUrl: `${env().APP_URL}/clients/${client.id}`,
      }),
    );
    if (result.sent) sent += 1;
    // Not sent (SMTP down or unset): release the claim so the next run tries again; the badge shows it meanwhile.
    else await db.team.updateMany({ where: { id: client.id }, data: { lowCreditAlertedAt: null } });
  }
  return sent;
}
