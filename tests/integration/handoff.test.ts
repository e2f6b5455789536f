import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { runTurn } from "@/server/conversations/engine";
import { admitAnswer } from "@/server/conversations/admission";
import { markAgentSeen, postAgentMessage, requestPerson, updateConversationState } from "@/server/conversations/handoff";
import { watch, type LiveEvent } from "@/server/conversations/live";
import { submitLeadForm } from "@/server/conversations/lead-form";
import { releaseCredit } from "@/server/workspaces";
import { AppError } from "@/server/kernel/errors";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, teamMember, userWithToken } from "../helpers/fixtures";
import { createCaller } from "@/server/transport/root";
import type { Context } from "@/server/access/procedures";
import { bakeryChatbot } from "../helpers/answers-fixtures";

/**
 * Human handoff (docs/decisions/055-conversation-states-and-handoff.md) on real PostgreSQL: while a conversation waits for
 * or is owned by a person, the engine records the visitor's message and
 * answers nothing, uncharged; an agent's reply makes it `human`; handing back
 * gives the bot the agent's messages as its own history; every change reaches
 * a listener on another connection through LISTEN/NOTIFY.
 */
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  // The listening connection (kernel/db/notifications) opens DATABASE_URL, read on first use.
  process.env.DATABASE_URL = created.url;
  owner = await agencyOwner(db);
});

let n = 0;
async function bakeryBot(messageLimit = 100) {
  n++;
  const team = await db.team.create({
    data: { kind: "client", name: `Client ${n}`, plan: "agency_client", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit },
  });
  const bot = await bakeryChatbot(db, team.id, owner.user.id);
  return db.chatbot.findUniqueOrThrow({ where: { id: bot.id } });
}

const used = async (teamId: string) => (await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed;

async function answered(bot: Awaited<ReturnType<typeof bakeryBot>>, message: string, conversationId?: string) {
  const out = await runTurn(db, { chatbot: bot }, { message, conversation_id: conversationId });
  if ("handoff" in out) throw new Error("expected the bot to answer");
  return out;
}

describe("conversation states", () => {
  it("a new conversation is the bot's, from the API", async () => {
    const bot = await bakeryBot();
    const first = await answered(bot, "How much does delivery cost?");
    const row = await db.conversation.findUniqueOrThrow({ where: { id: first.conversation_id } });
    expect(row).toMatchObject({ status: "bot", assigneeId: null, source: "api" });
  });

  it("while a person owns it, the bot answers nothing: the visitor's message is recorded and not charged", async () => {
    const bot = await bakeryBot();
    const first = await answered(bot, "How much does delivery cost?");
    const usedBefore = await used(bot.teamId);
    await updateConversationState(db, bot, first.conversation_id, { status: "human", assignee_id: owner.user.id });
    const out = await runTurn(db, { chatbot: bot }, { message: "Are you a person now?", conversation_id: first.conversation_id });
    expect(out).toMatchObject({ conversation_id: first.conversation_id, answered: false, handoff: true, status: "human", message: { role: "user", content: "Are you a person now?" } });
    const messages = await db.message.findMany({ where: { conversationId: first.conversation_id }, orderBy: { createdAt: "asc" } });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(await used(bot.teamId)).toBe(usedBefore);
    expect(await db.answerReservation.count({ where: { teamId: bot.teamId } })).toBe(0);
  });

  it("a waiting conversation is recorded even when the workspace has no credits left", async () => {
    const bot = await bakeryBot(1);
    const first = await answered(bot, "How much does delivery cost?");
    await updateConversationState(db, bot, first.conversation_id, { status: "waiting" });
    const out = await runTurn(db, { chatbot: bot }, { message: "Hello, anyone?", conversation_id: first.conversation_id });
    expect(out).toMatchObject({ handoff: true, status: "waiting" });
    expect(await used(bot.teamId)).toBe(1);
  });

  it("an agent's reply makes the conversation human, owned by its author; handing back gives the bot the agent's messages", async () => {
    const bot = await bakeryBot();
    const first = await answered(bot, "How much does delivery cost?");
    const reply = await postAgentMessage(db, bot.id, first.conversation_id, owner.user.id, "Hi, Anna here: delivery is free today.");
    expect(reply.message).toMatchObject({ role: "agent", content: "Hi, Anna here: delivery is free today.", user_id: owner.user.id });
    expect(await db.conversation.findUniqueOrThrow({ where: { id: first.conversation_id } })).toMatchObject({ status: "human", assigneeId: owner.user.id });

    const back = await updateConversationState(db, bot, first.conversation_id, { status: "bot" });
    expect(back).toMatchObject({ status: "bot", assignee_id: owner.user.id });
    const admission = await admitAnswer(db, bot, first.conversation_id);
    if (!admission.ok || admission.handoff) throw new Error("expected the bot to be admitted");
    await releaseCredit(db, admission.reservationId);
    expect(admission.conversation?.history).toContainEqual({ role: "assistant", content: "Hi, Anna here: delivery is free today." });
    const next = await answered(bot, "How much does delivery cost?", first.conversation_id);
    expect(next.message.role).toBe("assistant");
  });

  it("refuses an assignee outside the workspace (422) and another chatbot's conversation (404)", async () => {
    const bot = await bakeryBot();
    const other = await bakeryBot();
    const first = await answered(bot, "How much does delivery cost?");
    const stranger = await userWithToken(db, "Stranger");
    await expect(updateConversationState(db, bot, first.conversation_id, { assignee_id: stranger.user.id })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(updateConversationState(db, other, first.conversation_id, { status: "human" })).rejects.toBeInstanceOf(AppError);
    await expect(postAgentMessage(db, other.id, first.conversation_id, owner.user.id, "hi")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("offers and accepts as assignee only people who can open the chatbot: never a team owner without a membership (tRPC)", async () => {
    // The workspace's owner row names someone who is not its member: the access rule does not let them see its chatbots.
    const outsider = await userWithToken(db, "Owner Without Membership");
    const team = await db.team.create({ data: { kind: "client", name: "Owned by an outsider", plan: "agency_client", ownerId: outsider.user.id, agencyId: owner.agency.id } });
    const editor = await teamMember(db, team.id, "editor");
    const bot = await db.chatbot.findUniqueOrThrow({ where: { id: (await bakeryChatbot(db, team.id, owner.user.id)).id } });
    const { conversation_id } = await answered(bot, "How much does delivery cost?");
    const as = (user: Context["user"]) => createCaller({ db, user, via: "session", tokenId: null }).conversations;

    await expect(as(outsider.user).team({ chatbot_id: bot.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const { assignees } = await as(owner.user).team({ chatbot_id: bot.id });
    expect(assignees.map((a) => a.id).sort()).toEqual([owner.user.id, editor.user.id].sort());
    await expect(as(owner.user).update({ chatbot_id: bot.id, conversation_id, assignee_id: outsider.user.id })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation_id } })).toMatchObject({ assigneeId: null });
    expect(await as(owner.user).update({ chatbot_id: bot.id, conversation_id, assignee_id: editor.user.id })).toMatchObject({ assignee_id: editor.user.id });
  });
});

describe("live events", () => {
  it("a listener on the conversation receives the agent's message and the status change, sent by another connection", async () => {
    const bot = await bakeryBot();
    const first = await answered(bot, "How much does delivery cost?");
    const events: LiveEvent[] = [];
    const stop = await watch({ conversation: first.conversation_id }, { onEvent: (e) => events.push(e), onResync: () => undefined });
    const reply = await postAgentMessage(db, bot.id, first.conversation_id, owner.user.id, "Hello from a person");
    await expect.poll(() => events.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(events).toContainEqual(expect.objectContaining({ kind: "message", message_id: reply.message.id, role: "agent" }));
    expect(events).toContainEqual(expect.objectContaining({ kind: "status", status: "human" }));
    stop();
  });
});

describe("asking for a person", () => {
  it("the escalation rules recognise a request: the bot answers that turn, then the conversation waits and the bot is silent", async () => {
    const bot = await bakeryBot();
    await db.chatbot.update({ where: { id: bot.id }, data: { enableEscalations: true } });
    const withRules = await db.chatbot.findUniqueOrThrow({ where: { id: bot.id } });
    const first = await answered(withRules, "How much does delivery cost?");
    await answered(withRules, "I want to talk to a real person please", first.conversation_id);
    expect(await db.conversation.findUniqueOrThrow({ where: { id: first.conversation_id } })).toMatchObject({ status: "waiting" });
    expect(await db.escalation.count({ where: { conversationId: first.conversation_id } })).toBe(1);
    const next = await runTurn(db, { chatbot: withRules }, { message: "Hello?", conversation_id: first.conversation_id });
    expect(next).toMatchObject({ handoff: true, status: "waiting" });
  });

  it("the widget's button: waiting, one escalation with escalation.created; agents are available only after a member had the inbox open lately", async () => {
    const bot = await bakeryBot();
    await db.chatbot.update({ where: { id: bot.id }, data: { enableEscalations: true } });
    const withRules = await db.chatbot.findUniqueOrThrow({ where: { id: bot.id } });
    const visitorKey = "visitor-key-0123456789";
    const first = await runTurn(db, { chatbot: withRules, visitorKey }, { message: "How much does delivery cost?" });
    await expect(requestPerson(db, withRules, first.conversation_id, "someone-else-0123456789")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await requestPerson(db, withRules, first.conversation_id, visitorKey)).toEqual({ status: "waiting", agents_available: false });
    expect(await db.escalation.findMany({ where: { conversationId: first.conversation_id } })).toMatchObject([{ reason: "requested_human" }]);
    expect(await db.outboxEvent.count({ where: { chatbotId: bot.id, type: "escalation.created" } })).toBe(1);
    await markAgentSeen(db, bot.teamId);
    expect(await requestPerson(db, withRules, first.conversation_id, visitorKey)).toEqual({ status: "waiting", agents_available: true });
    expect(await db.escalation.count({ where: { conversationId: first.conversation_id } })).toBe(1);
  });
});

describe("the lead form", () => {
  it("is submitted as data: a contact, lead.captured with the fields, no message and no credit; 422 per field", async () => {
    const bot = await bakeryBot();
    await db.chatbot.update({
      where: { id: bot.id },
      data: {
        leadForm: {
          fields: [
            { key: "name", label: "Name", type: "text", required: true },
            { key: "email", label: "E-mail", type: "email", required: true },
            { key: "company", label: "Company", type: "text", required: false },
          ],
          after_messages: 2,
          on_handoff: true,
          on_no_credits: true,
        },
      },
    });
    const withForm = await db.chatbot.findUniqueOrThrow({ where: { id: bot.id } });
    const visitorKey = "lead-visitor-0123456789";
    const first = await runTurn(db, { chatbot: withForm, visitorKey }, { message: "How much does delivery cost?" });
    const usedBefore = await used(bot.teamId);
    const messagesBefore = await db.message.count({ where: { conversationId: first.conversation_id } });

    await expect(submitLeadForm(db, withForm, visitorKey, first.conversation_id, { name: "Ada" })).rejects.toMatchObject({
      code: "VALIDATION",
      errors: { "fields.email": ["E-mail is required."] },
    });
    expect(await submitLeadForm(db, withForm, visitorKey, first.conversation_id, { name: "Ada Lovelace", email: "Ada@Example.org", company: "Engines" })).toEqual({
      message: "Thank you! We\u2019ll get back to you soon.",
    });
    const contact = await db.contact.findFirstOrThrow({ where: { chatbotId: bot.id } });
    expect(contact).toMatchObject({ email: "ada@example.org", firstName: "Ada", lastName: "Lovelace", conversationId: first.conversation_id, customData: { company: "Engines" } });
    const [event] = await db.outboxEvent.findMany({ where: { chatbotId: bot.id, type: "lead.captured" } });
    expect(event?.data).toMatchObject({ fields: { name: "Ada Lovelace", email: "ada@example.org", company: "Engines" }, visitor: { email: "ada@example.org", first_name: "Ada" } });
    expect(await db.message.count({ where: { conversationId: first.conversation_id } })).toBe(messagesBefore);
    expect(await used(bot.teamId)).toBe(usedBefore);
  });
});

describe("playground conversations", () => {
  it("are labelled as such and left out of analytics", async () => {
    const bot = await bakeryBot();
    const day = async () => (await db.analyticsDay.findMany({ where: { chatbotId: bot.id } })).reduce((n, d) => n + d.conversations, 0);
    await answered(bot, "How much does delivery cost?");
    const played = await runTurn(db, { chatbot: bot, visitorKey: `playground:${owner.user.id}`, source: "playground" }, { message: "How much does delivery cost?" });
    expect(await db.conversation.findUniqueOrThrow({ where: { id: played.conversation_id } })).toMatchObject({ source: "playground" });
    await runTurn(db, { chatbot: bot, visitorKey: `playground:${owner.user.id}`, source: "playground" }, { message: "And pickup?", conversation_id: played.conversation_id });
    const visitor = await answered(bot, "How much does delivery cost?");
    expect(visitor.conversation_id).not.toBe(played.conversation_id);
    expect(await day()).toBe(2);
  });
});
