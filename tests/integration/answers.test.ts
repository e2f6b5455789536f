import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runner } from "graphile-worker";
import type { Db } from "@/server/kernel/db/client";
import { runTurn, type TurnCaller, type TurnInput, type TurnOutput } from "@/server/conversations/engine";
import { setTeamKey } from "@/server/workspaces/llm-keys";
import { sweepExpiredReservations } from "@/server/workspaces/answer-metering";
import { allowanceFor, countTokens } from "@/server/conversations/rules/shaping";
import { AppError } from "@/server/kernel/errors";
import { startWorkers } from "@/server/transport/workers";
import { createWebhook } from "@/server/webhooks/endpoints";
import { onCleanup } from "../helpers/cleanup";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot as createChatbot } from "../helpers/fixtures";
import { startReceiver, waitFor } from "../helpers/https-receiver";
import { startOpenAiStub, type OpenAiStub } from "../helpers/openai-stub";
import { startSmtpServer, type LocalSmtpServer } from "../helpers/smtp-server";
import { bakeryChatbot, trainedTextSource } from "../helpers/answers-fixtures";

/** The answer pipeline end to end: real PostgreSQL, real workers, a real HTTPS receiver, a real SMTP server, a local OpenAI-compatible stub. */
let db: Db;
let workers: Runner;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stub: OpenAiStub;
let smtp: LocalSmtpServer;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let secret: string;

beforeAll(async () => {
  receiver = await startReceiver();
  stub = await startOpenAiStub();
  onCleanup(stub.stop);
  smtp = await startSmtpServer();
  // Read once by src/server/kernel/env.ts on first use, which comes after this.
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  process.env.WEBHOOK_CA_CERTS = receiver.caFile;
  process.env.WEBHOOK_RETRY_SCHEDULE = "0,0.3,0.3";
  process.env.OPENAI_BASE_URL = stub.baseURL;
  process.env.OPENAI_TIMEOUT_MS = "1500";
  process.env.SMTP_URL = smtp.url;
  delete process.env.OPENAI_API_KEY;
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  const hook = await createWebhook(db, owner.agency, { url: receiver.url("/events"), events: null });
  secret = hook.secret;
  workers = await startWorkers(created.url);
});

afterAll(async () => {
  await workers?.stop();
  await receiver?.close();
});

let n = 0;
async function workspace(data: { messageLimit?: number | null; topupCredits?: number; messagesUsed?: number; responseTokenLimit?: number | null; agencyId?: string } = {}) {
  n++;
  return db.team.create({
    data: {
      kind: "client",
      name: `Client ${n}`,
      plan: "agency_client",
      ownerId: owner.agency.ownerId,
      agencyId: data.agencyId ?? owner.agency.id,
      externalReference: `crm-${n}`,
      messageLimit: data.messageLimit === undefined ? 100 : data.messageLimit,
      topupCredits: data.topupCredits ?? 0,
      messagesUsed: data.messagesUsed ?? 0,
      poolMessagesUsed: data.messagesUsed ?? 0,
      responseTokenLimit: data.responseTokenLimit ?? null,
    },
  });
}

async function bakeryBot(teamId: string, settings: Parameters<Db["chatbot"]["update"]>[0]["data"] = {}) {
  const bot = await bakeryChatbot(db, teamId, owner.user.id);
  return db.chatbot.update({ where: { id: bot.id }, data: settings });
}

/** One turn through the engine, as an API caller would ask it. */
const ask = (
  chatbot: Awaited<ReturnType<typeof bakeryBot>>,
  message: string,
  extra: Omit<TurnCaller, "chatbot"> & { conversationId?: string; visitor?: TurnInput["visitor"] } = {},
) => {
  const { conversationId, visitor, ...caller } = extra;
  return runTurn(db, { chatbot, ...caller }, { message, conversation_id: conversationId, visitor }).then(botAnswer);
};

/** The bot's answer (these conversations are never handed to a person). */
function botAnswer(output: TurnOutput) {
  if ("handoff" in output) throw new Error("the conversation was handed to a person");
  return output;
}

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof AppError ? e.status : e));

const eventsAt = (type: string) =>
  receiver.at("/events").filter((r) => (JSON.parse(r.body) as { event: string }).event === type).map((r) => ({ ...r, payload: JSON.parse(r.body) as Record<string, unknown> }));

describe("answers without an LLM key", () => {
  it("quotes the best passages with their sources, records the turn unread, and charges one credit", async () => {
    const team = await workspace();
    const bot = await bakeryBot(team.id);
    const deltas: string[] = [];
    const result = await ask(bot, "What are your opening hours on Saturday?", { onDelta: (d) => deltas.push(d), ip: "81.2.69.142" });
    expect(result.message.answered).toBe(true);
    expect(result.message.content).toContain("On Saturday the opening hours are 8 am to 2 pm.");
    // The text is the answer; its sources are structured, once each, never markdown in the text.
    expect(result.message.content).not.toMatch(/Sources:|https?:\/\//);
    expect(result.message.sources).toEqual([expect.objectContaining({ url: "https://bakery.example/hours", title: "Opening hours" })]);
    expect(deltas.join("")).toBe(result.message.content);

    const conversation = await db.conversation.findUniqueOrThrow({ where: { id: result.conversation_id }, include: { visitor: true, messages: { orderBy: { createdAt: "asc" } } } });
    expect(conversation).toMatchObject({ unread: true, archived: false, messageCount: 2, questionCount: 1, answeredCount: 1, sentiment: "neutral" });
    expect(conversation.category).toBeTruthy();
    expect(conversation.visitor.countryCode).toBe("GB");
    expect(conversation.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(conversation.messages[1]!.sources).toEqual(result.message.sources);

    const after = await db.team.findUniqueOrThrow({ where: { id: team.id } });
    expect(after.messagesUsed).toBe(1);
    const ledger = await db.creditLedgerEntry.findMany({ where: { teamId: team.id } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.reference).toBe(result.message.id);
    expect(await db.answerReservation.count({ where: { teamId: team.id } })).toBe(0);
  });

  it("nothing relevant: the default answer, answered false; the conversation continues with history", async () => {
    const team = await workspace();
    const bot = await bakeryBot(team.id, { defaultAnswer: "Sorry, I cannot help with that." });
    const first = await ask(bot, "Do you repair bicycles?");
    expect(first.message).toMatchObject({ content: "Sorry, I cannot help with that.", answered: false, sources: [] });
    const second = await ask(bot, "Is delivery free?", { conversationId: first.conversation_id });
    expect(second.conversation_id).toBe(first.conversation_id);
    expect(second.message.answered).toBe(true);
    const conversation = await db.conversation.findUniqueOrThrow({ where: { id: first.conversation_id } });
    expect(conversation).toMatchObject({ messageCount: 4, questionCount: 2, answeredCount: 1 });
    expect(await refusal(ask(bot, "hello", { conversationId: "00000000-0000-4000-8000-000000000000" }))).toBe(404);
  });

  it("a conversation keeps the tone of its latest non-neutral message, on the plain path and the lead path alike", async () => {
    const team = await workspace();
    const bot = await bakeryBot(team.id);
    const sentiment = async (id: string) => (await db.conversation.findUniqueOrThrow({ where: { id } })).sentiment;
    const first = await ask(bot, "This is terrible, I am very angry about my order");
    expect(await sentiment(first.conversation_id)).toBe("negative");
    await ask(bot, "What time do you open?", { conversationId: first.conversation_id });
    expect(await sentiment(first.conversation_id)).toBe("negative");
    // An e-mail address makes this turn take the lead path: the same statement records it.
    await ask(bot, "Great, thank you so much! I am ann@example.com", { conversationId: first.conversation_id });
    expect(await sentiment(first.conversation_id)).toBe("positive");
    await ask(bot, "Is delivery free?", { conversationId: first.conversation_id });
    const conversation = await db.conversation.findUniqueOrThrow({ where: { id: first.conversation_id } });
    expect(conversation).toMatchObject({ sentiment: "positive", messageCount: 8, questionCount: 4 });
    expect(await db.contact.count({ where: { chatbotId: bot.id } })).toBe(1);
    expect((await db.team.findUniqueOrThrow({ where: { id: team.id } })).messagesUsed).toBe(4);
  });

  it("an updated answer close to the question wins verbatim", async () => {
    const team = await workspace();
    const bot = await bakeryBot(team.id);
    await db.updatedAnswer.create({ data: { chatbotId: bot.id, question: "Do you bake gluten free bread?", suggestedAnswer: "Yes, every Friday." } });
    const result = await ask(bot, "do you bake gluten-free bread");
    expect(result.message).toMatchObject({ content: "Yes, every Friday.", answered: true });
  });

  it("grounded or honest: sentences that share a word but do not answer give the default answer, answered false", async () => {
    // Record 051's shop: "shop" is on every page, the address only on the contact page.
    const team = await workspace();
    const bot = await createChatbot(db, team.id, owner.user.id, "Velo Bot");
    const shopPages = [
      { title: "Loaner bikes", url: "https://velo.example/loaners", sections: [{ text: "While your bike is in the shop for repairs we lend you a loaner bike. The shop delivers loaners to your door." }] },
      { title: "Gift cards", url: "https://velo.example/gift-cards", sections: [{ text: "Shop gift cards pay for bikes, repairs and rentals. They never expire." }] },
    ];
    for (const page of shopPages) await trainedTextSource(db, bot.id, page);
    const unanswered = await ask(bot, "Where is the shop?");
    expect(unanswered.message).toMatchObject({ content: bot.defaultAnswer, answered: false, sources: [] });
    await trainedTextSource(db, bot.id, { title: "Contact", url: "https://velo.example/contact", sections: [{ text: "Our shop is at 12 Harbour Street, Bristol. Call us on 0117 496 0000." }] });
    const answered = await ask(bot, "Where is the shop?");
    expect(answered.message.answered).toBe(true);
    expect(answered.message.content).toContain("12 Harbour Street");
    expect(answered.message.sources.map((s) => s.url)).toEqual(["https://velo.example/contact"]);
    // Only the grounded answer counts as answered in the conversation (and so in analytics' answered rate).
    const counted = await db.conversation.findMany({ where: { chatbotId: bot.id }, select: { answeredCount: true, questionCount: true } });
    expect(counted.reduce((n, c) => n + c.answeredCount, 0)).toBe(1);
  });

  it("shapes the extractive answer to response_token_limit plus the allowance", async () => {
    const team = await workspace({ responseTokenLimit: 50 });
    const bot = await createChatbot(db, team.id, owner.user.id, "Long");
    const long = Array.from({ length: 30 }, (_, i) => `The oven number ${i} bakes sourdough bread at high heat every morning.`).join(" ");
    await trainedTextSource(db, bot.id, { title: "Ovens", sections: [{ text: long }] });
    const result = await ask(bot, "Which oven bakes sourdough bread at high heat every morning?");
    expect(countTokens(result.message.content)).toBeLessThanOrEqual(50 + allowanceFor(50));
  });
});

describe("generation through an OpenAI-compatible provider", () => {
  it("sends the settings, numbered passages, history and max_tokens; streams deltas; shapes the answer", async () => {
    const team = await workspace({ responseTokenLimit: 60 });
    await setTeamKey(db, owner.agency.id, "sk-agency-key-1234");
    try {
      const bot = await bakeryBot(team.id, { systemPrompt: "You are the bakery's assistant.", goalsPrompt: "Get cake orders.", userPrompt: "Answer kindly.", gptModel: "gpt-4.1-mini", temperature: 0.7, historyCount: 2, topK: 3 });
      const long = Array.from({ length: 20 }, (_, i) => `Sentence ${i} of a generated answer about our bread.`).join(" ");
      stub.reply({ text: "We open at 8 am on Saturday [1]." });
      const first = await ask(bot, "When do you open on Saturday?");
      stub.reply({ text: long, chunkDelayMs: 1 });
      const deltas: string[] = [];
      const before = stub.requests.length;
      const second = await ask(bot, "And is delivery free?", { conversationId: first.conversation_id, onDelta: (d) => deltas.push(d) });

      const req = stub.requests[before]!;
      expect(req.headers.authorization).toBe("Bearer sk-agency-key-1234");
      expect(req.body).toMatchObject({ model: "gpt-4.1-mini", temperature: 0.7, max_tokens: 60, stream: true });
      const [system, ...rest] = req.body.messages;
      expect(system!.content).toContain("You are the bakery's assistant.");
      expect(system!.content).toContain("Get cake orders.");
      expect(system!.content).toMatch(/\[1\] Delivery \(https:\/\/bakery\.example\/delivery\)/);
      expect(system!.content).toContain("Delivery is free for orders above 30 euros.");
      expect(rest).toEqual([
        { role: "user", content: "When do you open on Saturday?" },
        { role: "assistant", content: "We open at 8 am on Saturday [1]." },
        { role: "user", content: "Answer kindly.\n\nAnd is delivery free?" },
      ]);
      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.join("")).toBe(second.message.content);
      expect(countTokens(second.message.content)).toBeLessThanOrEqual(60 + allowanceFor(60));
      expect(second.message.content).toMatch(/\.$/);
      expect(second.message.answered).toBe(true);
      expect(second.message.sources.map((s) => s.url)).toContain("https://bakery.example/delivery");
    } finally {
      await setTeamKey(db, owner.agency.id, null);
    }
  });

  it("a model's 'I don't know' is answered false without sources; an answer's sources are the passages it cites", async () => {
    const team = await workspace();
    await setTeamKey(db, owner.agency.id, "sk-agency-key-1234");
    try {
      const bot = await bakeryBot(team.id);
      stub.reply({ text: bot.defaultAnswer });
      const unknown = await ask(bot, "Do you bake wedding cakes for delivery?");
      expect(unknown.message).toMatchObject({ content: bot.defaultAnswer, answered: false, sources: [] });
      stub.reply({ text: "Delivery is free above 30 euros [2]." });
      const cited = await ask(bot, "Is delivery free on Saturday?");
      const prompt = stub.requests.at(-1)!.body.messages[0]!.content;
      const second = /\[2\] ([^(\n]+) \(/.exec(prompt)![1]!.trim();
      expect(cited.message).toMatchObject({ answered: true });
      expect(cited.message.sources.map((s) => s.title)).toEqual([second]);
    } finally {
      await setTeamKey(db, owner.agency.id, null);
    }
  });

  it("asks for the answer in the visitor's language, the chatbot's language its fallback; the refusal is the chatbot's, word for word", async () => {
    const team = await workspace();
    await setTeamKey(db, owner.agency.id, "sk-agency-key-1234");
    try {
      // A German bakery whose row still holds the English default answer: it is served in German (record 117).
      const bot = await createChatbot(db, team.id, owner.user.id, "Bäckerei Bot");
      await db.chatbot.update({ where: { id: bot.id }, data: { defaultLanguage: "de" } });
      await trainedTextSource(db, bot.id, { title: "Kuchen", url: "https://baeckerei.example/kuchen", sections: [{ text: "Ein Stück Bienenstich kostet 3,50 Euro. Den Bienenstich backen wir jeden Morgen frisch." }] });
      const german = await db.chatbot.findUniqueOrThrow({ where: { id: bot.id } });
      const refusal = "Darauf habe ich leider noch keine Antwort.";
      stub.reply({ text: "Une part de Bienenstich coûte 3,50 euros [1]." });
      const before = stub.requests.length;
      const french = await ask(german, "Combien coûte le Bienenstich ?");
      const system = stub.requests[before]!.body.messages[0]!;
      expect(system.role).toBe("system");
      expect(system.content).toContain("Write your answer in the language of the visitor's question, even when the sources are in another language. If you cannot tell the question's language, write in German.");
      expect(system.content).toContain(`If they do not contain the answer, reply exactly, without translating it: ${refusal}`);
      expect(stub.requests[before]!.body.messages.at(-1)).toEqual({ role: "user", content: "Combien coûte le Bienenstich ?" });
      expect(french.message).toMatchObject({ content: "Une part de Bienenstich coûte 3,50 euros [1].", answered: true });

      stub.reply({ text: refusal });
      const unknown = await ask(german, "Ist der Bienenstich glutenfrei?");
      expect(unknown.message).toMatchObject({ content: refusal, answered: false, sources: [] });
    } finally {
      await setTeamKey(db, owner.agency.id, null);
    }
  });

  it("provider down or slow: the extractive answer, the failure recorded for the agency only", async () => {
    const team = await workspace();
    await setTeamKey(db, owner.agency.id, "sk-agency-key-1234");
    try {
      const bot = await bakeryBot(team.id);
      stub.reply({ status: 500 });
      const down = await ask(bot, "Is delivery free?");
      expect(down.message.content).toContain("Delivery is free for orders above 30 euros.");
      expect(down.message.content).not.toMatch(/provider|500/i);
      const stored = await db.message.findUniqueOrThrow({ where: { id: down.message.id } });
      expect(stored.providerError).toMatch(/LLM provider failed/);

      stub.reply({ text: "Too late.", firstChunkDelayMs: 4000 });
      const slow = await ask(bot, "Is delivery free?");
      expect(slow.message.content).toContain("Delivery is free");
      expect((await db.message.findUniqueOrThrow({ where: { id: slow.message.id } })).providerError).toMatch(/timed out after 1500 ms/);
    } finally {
      await setTeamKey(db, owner.agency.id, null);
    }
  });

  it("the workspace's own key wins only while byok_enabled; the assistant fallback never on excluded topics", async () => {
    const team = await workspace();
    await setTeamKey(db, owner.agency.id, "sk-agency-key-1234");
    await setTeamKey(db, team.id, "sk-workspace-key-9876");
    try {
      const bot = await bakeryBot(team.id, { enableAssistantFallback: true, fallbackExcludedTopics: "politics, legal advice" });
      stub.reply({ text: "Paris is the capital of France." });
      let before = stub.requests.length;
      const general = await ask(bot, "What is the capital of France?");
      expect(general.message).toMatchObject({ content: "Paris is the capital of France.", answered: false, sources: [] });
      expect(stub.requests[before]!.headers.authorization).toBe("Bearer sk-agency-key-1234");

      await db.team.update({ where: { id: team.id }, data: { byokEnabled: true } });
      before = stub.requests.length;
      await ask(bot, "What is the capital of Spain?");
      expect(stub.requests[before]!.headers.authorization).toBe("Bearer sk-workspace-key-9876");

      before = stub.requests.length;
      const excluded = await ask(bot, "I need legal advice about my landlord");
      expect(excluded.message.content).toBe(bot.defaultAnswer);
      expect(stub.requests.length).toBe(before);
      const stored = await db.team.findUniqueOrThrow({ where: { id: team.id } });
      expect(stored.llmApiKeyCiphertext).not.toContain("sk-workspace");
      expect(stored.llmApiKeyLast4).toBe("9876");
    } finally {
      await setTeamKey(db, owner.agency.id, null);
    }
  });
});

describe("the gate and metering", () => {
  it("200 answers racing on 50 credits: exactly 50 served from the balance, no debt, one exhaustion event delivered", async () => {
    const team = await workspace({ messageLimit: 50 });
    const bot = await bakeryBot(team.id);
    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => refusal(ask(bot, i % 2 ? "Is delivery free?" : "When do you open?"))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(50);
    expect(outcomes.filter((o) => o === 402)).toHaveLength(150);
    const after = await db.team.findUniqueOrThrow({ where: { id: team.id } });
    expect(after).toMatchObject({ messagesUsed: 50, overflowDebt: 0, topupCredits: 0 });
    expect(after.creditsExhaustedAt).toBeInstanceOf(Date);
    expect(await db.message.count({ where: { chatbotId: bot.id, role: "assistant" } })).toBe(50);
    expect(await db.answerReservation.count({ where: { teamId: team.id } })).toBe(0);

    const delivered = await waitFor(async () => {
      const found = eventsAt("client.credits_exhausted").filter((e) => e.payload.team_id === team.id);
      return found.length ? found : null;
    }, 20_000, "client.credits_exhausted");
    await new Promise((r) => setTimeout(r, 500));
    expect(eventsAt("client.credits_exhausted").filter((e) => e.payload.team_id === team.id)).toHaveLength(1);
    expect(new Webhook(secret).verify(delivered[0]!.body, delivered[0]!.headers)).toBeTruthy();
    expect((delivered[0]!.payload.data as Record<string, unknown>)).toMatchObject({ client_id: team.id, message_limit: 50, messages_used: 50, topup_credits_remaining: 0 });
  });

  it("workspaces without a message_limit cannot overdraw the agency pool together", async () => {
    const agencyOwner2 = await agencyOwner(db);
    await db.team.update({ where: { id: agencyOwner2.agency.id }, data: { monthlyMessagePool: 30 } });
    const teams = await Promise.all([1, 2, 3].map(() => workspace({ messageLimit: null, agencyId: agencyOwner2.agency.id })));
    const bots = await Promise.all(teams.map((t) => createChatbot(db, t.id, owner.user.id, "Pool bot")));
    const outcomes = await Promise.all(Array.from({ length: 90 }, (_, i) => refusal(ask(bots[i % 3]!, "hello there"))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(30);
    const used = await db.team.aggregate({ where: { agencyId: agencyOwner2.agency.id }, _sum: { poolMessagesUsed: true } });
    expect(used._sum.poolMessagesUsed).toBe(30);
  });

  it("hard pause and suspension refuse at once (423), a disabled chatbot too; resume answers again", async () => {
    const team = await workspace();
    const bot = await bakeryBot(team.id);
    await db.team.update({ where: { id: team.id }, data: { status: "paused", pauseMode: "hard", pausedAt: new Date() } });
    expect(await refusal(ask(bot, "When do you open?"))).toBe(423);
    await db.team.update({ where: { id: team.id }, data: { status: "suspended", pauseMode: null } });
    expect(await refusal(ask(bot, "When do you open?"))).toBe(423);
    await db.team.update({ where: { id: team.id }, data: { status: "active", pausedAt: null } });
    expect(await refusal(ask(bot, "When do you open?"))).toBeNull();
    const disabled = await db.chatbot.update({ where: { id: bot.id }, data: { enabled: false } });
    expect(await refusal(ask(disabled, "When do you open?"))).toBe(423);
    expect((await db.team.findUniqueOrThrow({ where: { id: team.id } })).messagesUsed).toBe(1);
  });

  it("a soft pause drains only the monthly allowance, never the top-up bucket", async () => {
    const team = await workspace({ messageLimit: 5, messagesUsed: 3, topupCredits: 10 });
    const bot = await bakeryBot(team.id);
    await db.team.update({ where: { id: team.id }, data: { status: "paused", pauseMode: "soft", pausedAt: new Date() } });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => refusal(ask(bot, "When do you open?"))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(2);
    expect(outcomes.filter((o) => o === 402)).toHaveLength(4);
    expect(await db.team.findUniqueOrThrow({ where: { id: team.id } })).toMatchObject({ messagesUsed: 5, topupCredits: 10, overflowDebt: 0 });
  });

  it("a reservation left by a crashed process stops counting when it expires and is swept", async () => {
    const team = await workspace({ messageLimit: 1 });
    const bot = await bakeryBot(team.id);
    await db.answerReservation.create({ data: { teamId: team.id, agencyId: owner.agency.id, expiresAt: new Date(Date.now() + 60_000) } });
    expect(await refusal(ask(bot, "When do you open?"))).toBe(402);
    await db.answerReservation.updateMany({ where: { teamId: team.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await refusal(ask(bot, "When do you open?"))).toBeNull();
    expect(await sweepExpiredReservations(db)).toBeGreaterThanOrEqual(1);
    expect(await db.answerReservation.count({ where: { teamId: team.id } })).toBe(0);
  });
});

describe("leads and escalations", () => {
  it("an e-mail address in a message makes a contact and one signed lead.captured; a phone later completes it", async () => {
    const team = await workspace();
    const bot = await bakeryBot(team.id);
    const first = await ask(bot, "Please send the cake menu to jane.doe@example.com", { visitor: { id: "visitor-42", first_name: "Jane" } });
    await ask(bot, "or call me on +44 20 7946 0958", { conversationId: first.conversation_id });
    const contacts = await db.contact.findMany({ where: { chatbotId: bot.id } });
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ email: "jane.doe@example.com", phone: "+442079460958", firstName: "Jane", conversationId: first.conversation_id });

    const [lead] = await waitFor(async () => {
      const found = eventsAt("lead.captured").filter((e) => e.payload.chatbot_id === bot.id);
      return found.length ? found : null;
    }, 20_000, "lead.captured");
    expect(new Webhook(secret).verify(lead!.body, lead!.headers)).toBeTruthy();
    expect(lead!.payload).toMatchObject({ event: "lead.captured", team_id: team.id, external_reference: team.externalReference, chatbot_id: bot.id });
    expect(lead!.payload.data).toEqual({
      visitor: { id: contacts[0]!.id, email: "jane.doe@example.com", first_name: "Jane", last_name: "", phone: null, visitor_id: contacts[0]!.visitorId, custom_data: null },
      chatbot_name: "Bakery Bot",
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(eventsAt("lead.captured").filter((e) => e.payload.chatbot_id === bot.id)).toHaveLength(1);
  });

  it("asking for a human escalates once: escalation.created delivered and an e-mail sent from the queue", async () => {
    const team = await workspace();
    const bot = await bakeryBot(team.id, { enableEscalations: true, enableEscalationsNotification: true, escalationsEmail: "support@bakery.example" });
    const result = await ask(bot, "I want to talk to a real person please");
    // The conversation now waits for a person (docs/decisions/055-conversation-states-and-handoff.md): the next message is recorded, not answered, not escalated again.
    expect(await runTurn(db, { chatbot: bot }, { message: "hello? can I speak to a human", conversation_id: result.conversation_id })).toMatchObject({ handoff: true, status: "waiting" });
    const escalations = await db.escalation.findMany({ where: { chatbotId: bot.id } });
    expect(escalations).toHaveLength(1);
    expect(escalations[0]).toMatchObject({ reason: "requested_human", message: "I want to talk to a real person please", conversationId: result.conversation_id });

    const [event] = await waitFor(async () => {
      const found = eventsAt("escalation.created").filter((e) => e.payload.chatbot_id === bot.id);
      return found.length ? found : null;
    }, 20_000, "escalation.created");
    expect(new Webhook(secret).verify(event!.body, event!.headers)).toBeTruthy();
    expect(event!.payload.data).toMatchObject({
      escalation: { id: escalations[0]!.id, conversation_id: result.conversation_id, reason: "requested_human", message: "I want to talk to a real person please" },
      visitor: { email: "", phone: null },
      chatbot_name: "Bakery Bot",
    });
    const mails = await smtp.waitFor(1);
    expect(mails.find((m) => m.to.includes("support@bakery.example"))?.subject).toContain("Bakery Bot");
    const notified = await waitFor(async () => {
      const e = await db.escalation.findUniqueOrThrow({ where: { id: escalations[0]!.id } });
      return e.notificationStatus === "sent" ? e : null;
    }, 10_000, "notification state");
    expect(notified.notifiedAt).toBeInstanceOf(Date);
  });

  it("escalate_message_threshold unanswered questions in a row escalate", async () => {
    const team = await workspace();
    const bot = await bakeryBot(team.id, { enableEscalations: true, escalateMessageThreshold: 2 });
    const first = await ask(bot, "Do you repair bicycles?");
    expect(await db.escalation.count({ where: { chatbotId: bot.id } })).toBe(0);
    await ask(bot, "Do you sell car tyres?", { conversationId: first.conversation_id });
    const [escalation] = await db.escalation.findMany({ where: { chatbotId: bot.id } });
    expect(escalation).toMatchObject({ reason: "unanswered_questions", notificationStatus: "disabled" });
  });

  it("an answered question ends the unanswered run (it is recorded without the escalation transaction)", async () => {
    const team = await workspace();
    const bot = await bakeryBot(team.id, { enableEscalations: true, escalateMessageThreshold: 2 });
    const first = await ask(bot, "Do you repair bicycles?");
    const answered = await ask(bot, "What are your opening hours on Saturday?", { conversationId: first.conversation_id });
    expect(answered.message.answered).toBe(true);
    await ask(bot, "Do you sell car tyres?", { conversationId: first.conversation_id });
    expect(await db.escalation.count({ where: { chatbotId: bot.id } })).toBe(0);
    await ask(bot, "Do you fix watches?", { conversationId: first.conversation_id });
    expect(await db.escalation.findMany({ where: { chatbotId: bot.id } })).toMatchObject([{ reason: "unanswered_questions", conversationId: first.conversation_id }]);
    const conversation = await db.conversation.findUniqueOrThrow({ where: { id: first.conversation_id } });
    expect(conversation).toMatchObject({ messageCount: 8, questionCount: 4, answeredCount: 1 });
    expect((await db.team.findUniqueOrThrow({ where: { id: team.id } })).messagesUsed).toBe(4);
  });
});
