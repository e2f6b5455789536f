import type { JobHelpers } from "graphile-worker";
import type { Db } from "@/server/kernel/db/client";
import { enqueueFromTask, job } from "@/server/kernel/jobs/registry";
import { openSecret } from "@/server/kernel/lib/secret-box";
import { isRetryable, nextRetry, type CallFailure, type RetryPolicy } from "@/server/kernel/net/retry";
import { createNoteOnContact, updateNote, upsertContactByEmail, type HubspotAnswer } from "./hubspot-api";
import { contactProperties, transcriptNote, type FieldMapping } from "./rules";
import { HUBSPOT } from "@/shared/integrations";

/**
 * One lead to HubSpot (docs/decisions/077-hubspot-crm.md), queued by the contacts trigger
 * (sql/crm-sync.sql): the contact upserted by e-mail with the mapped fields, then the conversation's
 * transcript attached as a note — one per lead: a later sync updates the note it made (unless the lead now
 * is another HubSpot contact, or the note was deleted there). A 429, 408, 5xx or network failure comes back
 * later by the platform's one retry policy (kernel/net/retry.ts; a new run of the same job key): after the
 * 429's Retry-After, else after a backoff of 10, 20, 40 … s with jitter, every run counted, at most 8. Any
 * other 4xx is a failure shown on the lead. A disconnected or disabled CRM stops the sync.
 */
const MAX_ATTEMPTS = 8;
const HUBSPOT_RETRIES: RetryPolicy = { maxAttempts: MAX_ATTEMPTS, baseDelaySeconds: 10, maxDelaySeconds: 3600, freeWaits: 0 };

type SyncState = { status: "pending" | "retrying" | "synced" | "failed" | "stopped"; error: string | null; hubspotContactId?: string; attempts?: number };

async function mark(db: Db, contactId: string, teamId: string, state: SyncState) {
  const data = { status: state.status, error: state.error, ...(state.hubspotContactId ? { hubspotContactId: state.hubspotContactId } : {}), ...(state.attempts !== undefined ? { attempts: state.attempts } : {}), ...(state.status === "synced" ? { syncedAt: new Date() } : {}) };
  await db.crmSync.upsert({ where: { contactId }, create: { contactId, teamId, ...data }, update: data });
}

class RetryLater extends Error {}

type Lead = { id: string; teamId: string };

/** A failure worth another run: the run is queued when the policy allows one, else the lead shows the failure. */
async function retryLater(db: Db, helpers: JobHelpers, lead: Lead, attempts: number, error: string, failure: CallFailure): Promise<never> {
  const retry = nextRetry(HUBSPOT_RETRIES, { attempt: attempts, waits: 0 }, failure);
  if (!retry) throw await failed(db, lead, attempts, `${error}; gave up after ${attempts} attempts.`);
  await mark(db, lead.id, lead.teamId, { status: "retrying", error: `${error}: retrying in ${Math.ceil(retry.inSeconds)} s.`, attempts });
  await enqueueFromTask(helpers, "crm_sync_lead", { contact_id: lead.id }, { runAt: new Date(Date.now() + retry.inSeconds * 1000), jobKey: `crm_sync_lead:${lead.id}`, maxAttempts: MAX_ATTEMPTS });
  throw new RetryLater();
}

/** What an answer means for the sync: go on, come back later (kernel/net/retry.ts), or stop here. */
async function check<T>(db: Db, helpers: JobHelpers, lead: Lead, attempts: number, what: string, answer: HubspotAnswer<T>): Promise<T> {
  if (answer.body && answer.status < 300) return answer.body;
  const error = `HubSpot answered ${answer.status} while ${what}${answer.message ? `: ${answer.message.replace(/\.+$/, "")}` : ""}`.slice(0, 500);
  if (isRetryable(answer.status)) {
    const reason = answer.status === 429 ? `HubSpot rate limit (429) while ${what}` : error;
    return retryLater(db, helpers, lead, attempts, reason, { status: answer.status, retryAfterSeconds: answer.retryAfter });
  }
  const hint = answer.status === 401 || answer.status === 403 ? " Reconnect HubSpot with a valid private-app token." : "";
  throw await failed(db, lead, attempts, `${error}.${hint}`);
}

async function failed(db: Db, lead: Lead, attempts: number, error: string) {
  await mark(db, lead.id, lead.teamId, { status: "failed", error, attempts });
  return new RetryLater(); // recorded on the lead; nothing for the queue to retry
}

export const crmSyncLeadJob = job("crm_sync_lead", async (db, { contact_id }, helpers) => {
  const lead = await db.contact.findUnique({
    where: { id: contact_id },
    include: { team: { select: { kind: true, enabledIntegrations: true, hubspot: true } }, chatbot: { select: { name: true } }, crmSync: { select: { attempts: true, hubspotContactId: true, hubspotNoteId: true } } },
  });
  if (!lead) return;
  const connection = lead.team.hubspot;
  if (!connection) return mark(db, lead.id, lead.teamId, { status: "stopped", error: "HubSpot is not connected." });
  if (lead.team.kind === "client" && !lead.team.enabledIntegrations.includes(HUBSPOT)) {
    return mark(db, lead.id, lead.teamId, { status: "stopped", error: "The HubSpot integration is not enabled for this workspace." });
  }
  if (!lead.email) return mark(db, lead.id, lead.teamId, { status: "stopped", error: "No e-mail address: HubSpot contacts are matched by e-mail." });
  const attempts = (lead.crmSync?.attempts ?? 0) + 1;
  const token = openSecret(connection.token);
  try {
    const network = (what: string) => (error: unknown) =>
      retryLater(db, helpers, lead, attempts, `HubSpot could not be reached while ${what}: ${(error as Error).message}`.slice(0, 400), { status: null, retryAfterSeconds: null });
    const upserted = await check(
      db,
      helpers,
      lead,
      attempts,
      "upserting the contact",
      await upsertContactByEmail(token, lead.email, contactProperties(lead, connection.fieldMapping as FieldMapping)).catch(network("upserting the contact")),
    );
    const hubspotContactId = upserted.results[0]?.id;
    if (!hubspotContactId) throw await failed(db, lead, attempts, "HubSpot's upsert answered no contact.");
    const messages = lead.conversationId
      ? await db.message.findMany({ where: { conversationId: lead.conversationId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { role: true, content: true } })
      : [];
    if (messages.length) {
      const note = transcriptNote(lead.chatbot.name, messages);
      const previous = lead.crmSync?.hubspotContactId === hubspotContactId ? (lead.crmSync?.hubspotNoteId ?? null) : null;
      const updated = previous ? await updateNote(token, previous, note, new Date()).catch(network("updating the transcript")) : null;
      if (updated && updated.status !== 404) {
        await check(db, helpers, lead, attempts, "updating the transcript", updated);
      } else {
        const created = await check(db, helpers, lead, attempts, "attaching the transcript", await createNoteOnContact(token, hubspotContactId, note, new Date()).catch(network("attaching the transcript")));
        // Kept at once: a retry after a later failure updates this note instead of adding a second.
        await db.crmSync.updateMany({ where: { contactId: lead.id }, data: { hubspotContactId, hubspotNoteId: created.id } });
      }
    }
    await mark(db, lead.id, lead.teamId, { status: "synced", error: null, hubspotContactId, attempts });
  } catch (error) {
    if (error instanceof RetryLater) return;
    throw error;
  }
});
