import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runner } from "graphile-worker";
import type { Db } from "@/server/kernel/db/client";
import { runTurn } from "@/server/conversations/engine";
import { submitLeadForm } from "@/server/conversations/lead-form";
import { connectHubspot, disconnectHubspot, setFieldMapping } from "@/server/crm";
import { AppError } from "@/server/kernel/errors";
import { startWorkers } from "@/server/transport/workers";
import { onCleanup } from "../helpers/cleanup";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot as createChatbot, clientWorkspace } from "../helpers/fixtures";
import { startHubspotStub, type HubspotStub } from "../helpers/hubspot-server";
import { waitFor } from "../helpers/https-receiver";

/**
 * HubSpot (docs/decisions/077-hubspot-crm.md): leads captured by real chat turns reach a local server speaking HubSpot's documented
 * v3 contacts/notes endpoints, through the contacts trigger and the real job queue; a 429 is retried after
 * its Retry-After; a disabled or disconnected CRM stops the sync. Real PostgreSQL, real workers.
 */
let db: Db;
let workers: Runner;
let hubspot: HubspotStub;
let owner: Awaited<ReturnType<typeof agencyOwner>>;

beforeAll(async () => {
  hubspot = await startHubspotStub();
  onCleanup(hubspot.stop);
  // Read once by src/server/kernel/env.ts on first use, which comes after this.
  process.env.HUBSPOT_API_BASE_URL = hubspot.baseUrl;
  delete process.env.OPENAI_API_KEY;
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  workers = await startWorkers(created.url);
}, 120_000);

afterAll(async () => {
  await workers?.stop();
});

let n = 0;
async function shop(integrations: string[] = ["crm_1"]) {
  n++;
  const team = await clientWorkspace(db, owner.agency, `Shop ${n}`);
  await db.team.update({ where: { id: team.id }, data: { enabledIntegrations: integrations } });
  return { team, bot: await createChatbot(db, team.id, owner.user.id, `Shop Bot ${n}`) };
}

/** A lead, as an API chat turn captures it: the visitor's fields come with the message. */
async function lead(bot: Awaited<ReturnType<typeof shop>>["bot"], email: string, extra: Record<string, unknown> = {}) {
  const answer = await runTurn(db, { chatbot: bot }, { message: "Do you ship to Porto?", visitor: { id: email, email, first_name: "Ana", last_name: "Lima", phone: "+351 912 345 678", ...extra } });
  return db.contact.findFirstOrThrow({ where: { chatbotId: bot.id, conversationId: answer.conversation_id } });
}

/** The tests connect as the system (the audit log's actor for changes made by no one signed in). */
const system = { userId: null, tokenId: null, name: "Test" };

const syncOf = (contactId: string, status: string) => () => db.crmSync.findFirst({ where: { contactId, status } });

describe("HubSpot", () => {
  it("verifies the token with HubSpot before storing it sealed", async () => {
    const { team } = await shop();
    const refused = await connectHubspot(db, team.id, "pat-wrong", system).then(() => null, (e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 422, errors: { token: [expect.stringMatching(/HubSpot rejected this token \(401\): Authentication credentials not found/)] } });
    expect(await connectHubspot(db, team.id, hubspot.token, system)).toMatchObject({ connected: true, portal_id: "4242", enabled: true });
    const stored = await db.hubspotConnection.findUniqueOrThrow({ where: { teamId: team.id } });
    expect(stored.token).not.toContain(hubspot.token);
  });

  it("upserts every lead as a contact by e-mail with the mapped fields, and attaches the transcript as a note", async () => {
    const { team, bot } = await shop();
    await connectHubspot(db, team.id, hubspot.token, system);
    await setFieldMapping(db, team.id, { company: "company" }, system);
    const contact = await lead(bot, "ana@shop.example", { custom_data: { company: "Acme", ignored: "x" } });
    const sync = await waitFor(syncOf(contact.id, "synced"), 30_000, "the lead's sync");

    const inHubspot = hubspot.contacts.get("ana@shop.example")!;
    expect(inHubspot.properties).toEqual({ email: "ana@shop.example", firstname: "Ana", lastname: "Lima", phone: "+351 912 345 678", company: "Acme" });
    expect(sync).toMatchObject({ hubspotContactId: inHubspot.id, error: null, attempts: 1 });
    const note = hubspot.notes.find((x) => x.associations[0]!.to.id === inHubspot.id)!;
    expect(note.associations[0]!.types).toEqual([{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 202 }]);
    expect(note.properties.hs_note_body).toContain("<strong>Visitor:</strong> Do you ship to Porto?");
  }, 60_000);

  it("keeps one transcript note per lead: a later sync updates it, a note deleted in HubSpot is made again", async () => {
    const { team, bot } = await shop();
    await connectHubspot(db, team.id, hubspot.token, system);
    const contact = await lead(bot, "once@shop.example");
    const first = await waitFor(() => db.crmSync.findFirst({ where: { contactId: contact.id, status: "synced", attempts: 1 } }), 30_000, "the first sync");
    const hubspotId = hubspot.contacts.get("once@shop.example")!.id;
    const notesOf = () => hubspot.notes.filter((x) => x.associations[0]!.to.id === hubspotId);
    expect(notesOf()).toHaveLength(1);
    expect(first.hubspotNoteId).toBe(notesOf()[0]!.id);

    // The visitor goes on in the same conversation and leaves a phone number: the lead syncs again.
    await runTurn(db, { chatbot: bot }, { message: "And to Braga?", conversation_id: contact.conversationId, visitor: { id: "once@shop.example", email: "once@shop.example" } });
    await db.contact.update({ where: { id: contact.id }, data: { phone: "+351 900 000 000" } });
    await waitFor(() => db.crmSync.findFirst({ where: { contactId: contact.id, status: "synced", attempts: 2 } }), 30_000, "the second sync");
    expect(notesOf()).toHaveLength(1);
    expect(notesOf()[0]!.properties.hs_note_body).toContain("And to Braga?");
    expect(hubspot.requests.filter((r) => r.method === "PATCH" && r.path === `/crm/v3/objects/notes/${first.hubspotNoteId}`)).toHaveLength(1);

    // Deleted in HubSpot (PATCH answers 404): the next sync attaches a new note and keeps that one.
    hubspot.notes.splice(hubspot.notes.indexOf(notesOf()[0]!), 1);
    await db.contact.update({ where: { id: contact.id }, data: { phone: "+351 911 111 111" } });
    const third = await waitFor(() => db.crmSync.findFirst({ where: { contactId: contact.id, status: "synced", attempts: 3 } }), 30_000, "the third sync");
    expect(notesOf()).toHaveLength(1);
    expect(third.hubspotNoteId).toBe(notesOf()[0]!.id);
    expect(third.hubspotNoteId).not.toBe(first.hubspotNoteId);
  }, 90_000);

  it("a lead left before the visitor's first answer was recorded gets the transcript when that answer is", async () => {
    const { team, bot } = await shop();
    await connectHubspot(db, team.id, hubspot.token, system);
    // The widget's form, sent while the first turn still ran: no conversation to link yet.
    await submitLeadForm(db, bot, "early-visitor", null, { name: "Rita Reis", email: "early@shop.example" });
    const contact = await db.contact.findFirstOrThrow({ where: { chatbotId: bot.id, email: "early@shop.example" } });
    expect(contact.conversationId).toBeNull();
    await waitFor(syncOf(contact.id, "synced"), 30_000, "the lead's first sync");
    const hubspotId = hubspot.contacts.get("early@shop.example")!.id;
    const notesOf = () => hubspot.notes.filter((x) => x.associations[0]!.to.id === hubspotId);
    expect(notesOf()).toHaveLength(0);

    // The first turn is recorded: the lead gets its conversation, and the sync attaches the transcript.
    const answer = await runTurn(db, { chatbot: bot, visitorKey: "early-visitor" }, { message: "Do you deliver on Sundays?" });
    expect(await db.contact.findUniqueOrThrow({ where: { id: contact.id } })).toMatchObject({ conversationId: answer.conversation_id });
    await waitFor(async () => (notesOf().length ? notesOf() : null), 30_000, "the transcript note");
    expect(notesOf()).toHaveLength(1);
    expect(notesOf()[0]!.properties.hs_note_body).toContain("Do you deliver on Sundays?");

    // A later turn in the same conversation links nothing new: no sync, the note stays one.
    const syncs = hubspot.requests.length;
    await runTurn(db, { chatbot: bot, visitorKey: "early-visitor" }, { message: "And on Mondays?", conversation_id: answer.conversation_id });
    await new Promise((r) => setTimeout(r, 1500));
    expect(hubspot.requests.length).toBe(syncs);

    // The other order: the answer was recorded first, the form still sent no conversation: it takes the visitor's latest.
    const first = await runTurn(db, { chatbot: bot, visitorKey: "late-visitor" }, { message: "Do you deliver on Saturdays?" });
    await submitLeadForm(db, bot, "late-visitor", null, { name: "Rui Reis", email: "late@shop.example" });
    const late = await db.contact.findFirstOrThrow({ where: { chatbotId: bot.id, email: "late@shop.example" } });
    expect(late.conversationId).toBe(first.conversation_id);
    await waitFor(syncOf(late.id, "synced"), 30_000, "the late lead's sync");
    const lateId = hubspot.contacts.get("late@shop.example")!.id;
    expect(hubspot.notes.filter((x) => x.associations[0]!.to.id === lateId).map((x) => x.properties.hs_note_body)).toEqual([expect.stringContaining("Do you deliver on Saturdays?")]);
  }, 90_000);

  it("comes back after a 429's Retry-After, retries a 5xx, and shows a refused token on the lead", async () => {
    const { team, bot } = await shop();
    await connectHubspot(db, team.id, hubspot.token, system);
    hubspot.failNext({ status: 429, retryAfter: 1 });
    const contact = await lead(bot, "rate@shop.example");
    const synced = await waitFor(syncOf(contact.id, "synced"), 30_000, "the sync after the 429");
    expect(synced.attempts).toBe(2);
    const upserts = hubspot.requests.filter((r) => r.path === "/crm/v3/objects/contacts/batch/upsert");
    const [limited, retried] = upserts.slice(-2);
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(950);
    expect(hubspot.contacts.get("rate@shop.example")).toBeDefined();

    // A refused token: shown on the lead, not retried.
    hubspot.failNext({ status: 401 });
    const refused = await lead(bot, "refused@shop.example");
    const failed = await waitFor(syncOf(refused.id, "failed"), 30_000, "the refused sync");
    expect(failed.error).toMatch(/^HubSpot answered 401 while upserting the contact: The OAuth token used to make this call expired\. Reconnect HubSpot/);

    // A server error: retried by the queue until it goes through.
    hubspot.failNext({ status: 503 });
    const flaky = await lead(bot, "flaky@shop.example");
    await waitFor(syncOf(flaky.id, "synced"), 60_000, "the sync after a 503");
    expect(hubspot.contacts.has("refused@shop.example")).toBe(false);
  }, 120_000);

  it("stops when the workspace's CRM is disabled or disconnected", async () => {
    const disabled = await shop([]);
    await connectHubspot(db, disabled.team.id, hubspot.token, system);
    const notSent = await lead(disabled.bot, "off@shop.example");

    const { team, bot } = await shop();
    await connectHubspot(db, team.id, hubspot.token, system);
    await disconnectHubspot(db, team.id, system);
    const afterDisconnect = await lead(bot, "gone@shop.example", system);

    // A lead of a connected workspace, made after both, is synced: by then the two others would have been too.
    const control = await shop();
    await connectHubspot(db, control.team.id, hubspot.token, system);
    const sent = await lead(control.bot, "control@shop.example");
    await waitFor(syncOf(sent.id, "synced"), 30_000, "the control lead");
    expect(await db.crmSync.findMany({ where: { contactId: { in: [notSent.id, afterDisconnect.id] } } })).toEqual([]);
    expect(hubspot.contacts.has("off@shop.example")).toBe(false);
    expect(hubspot.contacts.has("gone@shop.example")).toBe(false);
  }, 60_000);
});
