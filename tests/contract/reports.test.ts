import { beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { Logger, runMigrations } from "graphile-worker";
import type { Db } from "@/server/kernel/db/client";
import { formatIsoDate, parseIsoDate, utcDay } from "@/server/analytics";
import { periodOf, previousPeriod } from "@/server/reports/period";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, userWithToken } from "../helpers/fixtures";
import { contact, conversation, feedback, visitor, type MessageSpec } from "../helpers/analytics-fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";

/** The value report's routes over real HTTP against the production build: JSON, PDF, sending, settings, the agency's table. */
let db: Db;
let api: ReturnType<typeof apiClient>;
let base: string;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let clientId: string;
let emptyId: string;
let newId: string;
let foreignId: string;
let bots: string[];
const DAY = 86_400_000;
const today = utcDay(new Date());
const period = previousPeriod(periodOf("month", today));
const before = previousPeriod(period);
const dayOf = (p: { first: number }, n: number, time: string) => `${formatIsoDate(p.first + n)}T${time}Z`;

async function talk(chatbotId: string, at: string, messages: MessageSpec[], extra: { source?: string } = {}) {
  const v = await visitor(db, chatbotId);
  const c = await conversation(db, chatbotId, { at, visitorId: v.id, messages });
  if (extra.source) await db.conversation.update({ where: { id: c.id }, data: { source: extra.source } });
  return { ...c, visitorId: v.id };
}
const unanswered = (content: string): MessageSpec[] => [{ role: "user", content }, { role: "assistant", answered: false }];
const answered = (content: string): MessageSpec[] => [{ role: "user", content }, { role: "assistant", answered: true }];

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  // The queue's tables, where a send is queued (no worker runs here: sending is tests/integration/report-sending.test.ts).
  await runMigrations({ connectionString: created.url, logger: new Logger(() => () => undefined) });
  owner = await agencyOwner(db);
  await db.team.update({ where: { id: owner.agency.id }, data: { brandName: "Northwind Digital", brandAccentColor: "#0f766e" } });
  const old = new Date(Date.now() - 150 * DAY);
  const client = await clientWorkspace(db, owner.agency, "Bloom Florists");
  const empty = await clientWorkspace(db, owner.agency, "Quiet Client");
  await db.team.updateMany({ where: { id: { in: [client.id, empty.id] } }, data: { createdAt: old } });
  clientId = client.id;
  emptyId = empty.id;
  newId = (await clientWorkspace(db, owner.agency, "Brand New")).id;
  const other = await agencyOwner(db);
  foreignId = (await clientWorkspace(db, other.agency, "Not yours")).id;
  const [a, b] = [await chatbot(db, client.id, owner.user.id, "Bloom Assistant"), await chatbot(db, client.id, owner.user.id, "Wedding Concierge")];
  bots = [a.id, b.id];

  await talk(a.id, dayOf(period, 1, "09:10:00"), unanswered("How much does delivery cost?"));
  await talk(a.id, dayOf(period, 2, "14:05:00"), unanswered("What does delivery cost to Germany?"), { source: "widget" });
  await talk(a.id, dayOf(period, 3, "14:40:00"), unanswered("how much does delivery cost"), { source: "widget" });
  const good = await talk(a.id, dayOf(period, 4, "14:20:00"), [...answered("Do you open on Sundays?"), ...answered("Until when?")], { source: "widget" });
  await feedback(db, good.messages[1]!, "positive", dayOf(period, 4, "14:30:00"));
  const person = await talk(a.id, dayOf(period, 5, "20:00:00"), unanswered("Can I talk to a person about a refund?"));
  await db.escalation.create({ data: { chatbotId: a.id, conversationId: person.id, reason: "visitor_request", message: "refund" } });
  const lead = await talk(b.id, dayOf(period, 6, "10:00:00"), answered("Do you do wedding bouquets?"), { source: "widget" });
  await contact(db, b.id, lead.visitorId, dayOf(period, 6, "10:05:00"), { email: "bride@example.test" });
  await talk(b.id, dayOf(period, 9, "11:00:00"), unanswered("Can you deliver wedding flowers to a castle?"));
  // The month before: a little, all answered.
  await talk(a.id, dayOf(before, 3, "09:00:00"), answered("What are your opening hours?"));
  await talk(a.id, dayOf(before, 4, "09:00:00"), answered("Do you deliver?"));

  base = (await startAppServer(created.url)).baseUrl;
  api = apiClient(base);
});

const get = (path: string, token = owner.token) => api("GET", path, { token });

describe("GET /v1/agency/clients/{client_id}/reports", () => {
  it("answers the report whose every figure equals the analytics API's for the same days", async () => {
    const res = await get(`/v1/agency/clients/${clientId}/reports?period=${period.key}`);
    expect(res.status).toBe(200);
    const r = res.body.report;
    expect(r).toMatchObject({ period: period.key, from: period.from, to: period.to, complete: true, previous_period: before.key, client: { id: clientId, name: "Bloom Florists" } });
    expect(r.agency).toMatchObject({ name: "Northwind Digital", accent_color: "#0f766e" });

    for (const [figures, p] of [
      [r.figures, period],
      [r.previous, before],
    ] as const) {
      const perBot = await Promise.all(bots.map(async (id) => (await get(`/v1/${id}/analytics?from=${p.from}&to=${p.to}`)).body));
      const sum = (f: (a: (typeof perBot)[number]) => number) => perBot.reduce((s, a) => s + f(a), 0);
      expect(figures.conversations).toBe(sum((a) => a.totalConversations));
      expect(figures.leads).toBe(sum((a) => a.leads));
      expect(figures.positive_feedback).toBe(sum((a) => a.positiveFeedback));
      expect(figures.negative_feedback).toBe(sum((a) => a.negativeFeedback));
      if (figures === r.figures) {
        r.figures.chatbots.forEach((c: { conversations: number; answered_rate: number; leads: number }, i: number) => {
          expect(c.conversations).toBe(perBot[i].totalConversations);
          expect(c.answered_rate).toBe(perBot[i].answeredQuestionsPercentage);
          expect(c.leads).toBe(perBot[i].leads);
        });
        for (const d of Object.keys(perBot[0].conversationsPerDay)) expect(r.figures.conversations_per_day[d]).toBe(sum((a) => a.conversationsPerDay[d]));
      }
    }
    expect(r.figures).toMatchObject({ conversations: 7, questions: 8, answered_questions: 3, answered_rate: 37.5, handed_to_person: 1, leads: 1, csat: null, answered_conversations: 2 });
    expect(r.figures.hours_saved).toBe(0.1);
    expect(r.previous).toMatchObject({ conversations: 2, answered_rate: 100 });
    expect(r.change).toMatchObject({ conversations: 250, answered_rate: -62.5 });
    const add = (xs: { conversations: number }[]) => xs.reduce((s, x) => s + x.conversations, 0);
    expect(add(r.figures.busiest_hours)).toBe(7);
    expect(r.figures.busiest_hours.find((h: { hour: number }) => h.hour === 14).conversations).toBe(3);
    expect(add(r.figures.busiest_days)).toBe(7);
    expect(r.figures.channels).toEqual([
      { channel: "widget", conversations: 4 },
      { channel: "api", conversations: 3 },
    ]);
  });

  it("groups the unanswered questions with a signed 'Answer this' link; an updated answer marks the group resolved, in the next report too", async () => {
    const { report } = (await get(`/v1/agency/clients/${clientId}/reports?period=${period.key}`)).body;
    const delivery = report.unanswered.clusters.find((c: { question: string }) => /delivery cost/i.test(c.question));
    expect(report.unanswered.questions).toBe(5);
    expect(delivery).toMatchObject({ count: 3, status: "open", chatbot_id: bots[0], examples: ["What does delivery cost to Germany?"] });
    expect(delivery.answer_url).toMatch(new RegExp(`/chatbots/${bots[0]}/finetunes\\?answer=[\\w-]+\\.[\\w-]+$`));
    expect(report.unanswered.clusters.map((c: { chatbot_id: string }) => c.chatbot_id)).toContain(bots[1]);

    await db.updatedAnswer.create({ data: { chatbotId: bots[0]!, question: delivery.question, suggestedAnswer: "Delivery is €5, free over €50." } });
    const again = (await get(`/v1/agency/clients/${clientId}/reports?period=${period.key}`)).body.report;
    expect(again.unanswered.clusters.find((c: { id: string }) => c.id === delivery.id)).toMatchObject({ status: "resolved", answer_url: null });
    const next = (await get(`/v1/agency/clients/${clientId}/reports?period=${periodOf("month", today).key}`)).body.report;
    expect(next.complete).toBe(false);
    expect(next.unanswered.resolved_since_previous.map((c: { id: string }) => c.id)).toContain(delivery.id);
  });

  it("gives an honest empty report for a client without conversations", async () => {
    const res = await get(`/v1/agency/clients/${emptyId}/reports?period=${period.key}`);
    expect(res.status).toBe(200);
    expect(res.body.report.figures).toMatchObject({ conversations: 0, answered_rate: 0, hours_saved: 0, csat: null, chatbots: [], channels: [] });
    expect(res.body.report.unanswered).toEqual({ questions: 0, clusters: [], resolved_since_previous: [] });
    expect(Object.keys(res.body.report.figures.conversations_per_day)).toHaveLength(period.last - period.first + 1);
  });

  it("refuses a malformed period, one in the future and one over before the client existed with a 422 naming period; another agency's client is a 404", async () => {
    for (const bad of ["2026-13", "November", "2026-11-01"]) {
      const res = await get(`/v1/agency/clients/${clientId}/reports?period=${bad}`);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["period"]);
    }
    const future = periodOf("month", today + 40).key;
    expect((await get(`/v1/agency/clients/${clientId}/reports?period=${future}`)).body.errors.period[0]).toMatch(/future/);
    expect((await get(`/v1/agency/clients/${newId}/reports?period=${period.key}`)).body.errors.period[0]).toMatch(/before the client existed/);
    expect((await get(`/v1/agency/clients/${foreignId}/reports?period=${period.key}`)).status).toBe(404);
    const stranger = await userWithToken(db, "Stranger");
    expect((await get(`/v1/agency/clients/${clientId}/reports?period=${period.key}`, stranger.token)).status).toBe(403);
  });
});

describe("GET /v1/agency/clients/{client_id}/reports/{period}.pdf", () => {
  it("answers the PDF, whose text carries the same figures in the agency's name", async () => {
    const res = await fetch(`${base}/v1/agency/clients/${clientId}/reports/${period.key}.pdf`, { headers: { Authorization: `Bearer ${owner.token}`, Accept: "application/pdf" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="bloom-florists-report-${period.key}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain("Northwind Digital");
    expect(text).toContain("Bloom Florists");
    expect(text).toMatch(/CONVERSATIONS\s+7/);
    expect(text).toMatch(/QUESTIONS ANSWERED\s+37\.5% of 8/);
    expect(text).toMatch(/HANDED TO A PERSON\s+1/);
    expect(text).toMatch(/HOURS SAVED\s+0\.1 h/);
    expect(text).toContain("Not rated");
    expect(text).toContain("Can you deliver wedding flowers to a castle?");
    expect(text).not.toMatch(/Agency Chatbot Platform/);
  });

  it("refuses what it cannot produce, and a bad period", async () => {
    const html = await fetch(`${base}/v1/agency/clients/${clientId}/reports/${period.key}.pdf`, { headers: { Authorization: `Bearer ${owner.token}`, Accept: "text/html" } });
    expect(html.status).toBe(406);
    const bad = await fetch(`${base}/v1/agency/clients/${clientId}/reports/2026-13.pdf`, { headers: { Authorization: `Bearer ${owner.token}` } });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors)).toEqual(["period"]);
  });
});

describe("POST /v1/agency/clients/{client_id}/reports/{period}/send", () => {
  it("queues the e-mail once (202), and refuses a period that is not over", async () => {
    const first = await api("POST", `/v1/agency/clients/${clientId}/reports/${period.key}/send`, { token: owner.token });
    expect(first.status).toBe(202);
    expect(first.body.delivery).toMatchObject({ status: "pending", attempts: 0, recipients: [], sent_at: null });
    const second = await api("POST", `/v1/agency/clients/${clientId}/reports/${period.key}/send`, { token: owner.token });
    expect(second.status).toBe(202);
    expect(await db.clientReport.count({ where: { teamId: clientId } })).toBe(1);
    const jobs = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ${`client-report:${clientId}:${period.key}`}`;
    expect(jobs[0]!.n).toBe(1);
    const running = await api("POST", `/v1/agency/clients/${clientId}/reports/${periodOf("month", today).key}/send`, { token: owner.token });
    expect(running.status).toBe(422);
    expect(running.body.errors.period[0]).toMatch(/not over yet/);
  });
});

describe("/v1/agency/clients/{client_id}/reports/settings", () => {
  it("reads the defaults, changes only what is sent (Idempotency-Key required), and the report values the hours saved", async () => {
    const path = `/v1/agency/clients/${clientId}/reports/settings`;
    expect((await get(path)).body.report_settings).toMatchObject({ minutes_per_conversation: 4, hourly_rate: null, currency: null, schedule: { frequency: "monthly", day_of_month: 1 }, extra_recipients: [] });
    expect((await api("PATCH", path, { token: owner.token, body: { minutes_per_conversation: 30 } })).status).toBe(400);
    const noCurrency = await api("PATCH", path, { token: owner.token, key: "settings-1", body: { hourly_rate: 60 } });
    expect(noCurrency.status).toBe(422);
    expect(Object.keys(noCurrency.body.errors)).toEqual(["currency"]);
    const ok = await api("PATCH", path, { token: owner.token, key: "settings-2", body: { minutes_per_conversation: 30, hourly_rate: 60, currency: "eur", schedule: { frequency: "weekly", weekday: 5 } } });
    expect(ok.status).toBe(200);
    expect(ok.body.report_settings).toMatchObject({ minutes_per_conversation: 30, hourly_rate: 60, currency: "EUR", schedule: { frequency: "weekly", weekday: 5, day_of_month: 1 } });
    const { report } = (await get(`/v1/agency/clients/${clientId}/reports?period=${period.key}`)).body;
    expect(report.figures).toMatchObject({ minutes_per_conversation: 30, hours_saved: 1, value_saved: { amount: 60, currency: "EUR" } });
  });
});

describe("GET /v1/agency/reports", () => {
  it("lists every client of the agency with its runway and flags, and refuses a bad period", async () => {
    const res = await get(`/v1/agency/reports?period=${period.key}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ period: period.key, from: period.from, to: period.to });
    expect(res.body.clients.map((c: { name: string }) => c.name).sort()).toEqual(["Bloom Florists", "Brand New", "Quiet Client"]);
    const bloom = res.body.clients.find((c: { client_id: string }) => c.client_id === clientId);
    expect(bloom).toMatchObject({ conversations: 7, answered_rate: 37.5, previous_answered_rate: 100, csat: null, flags: { answered_rate_fell: true, credits_run_out: false } });
    expect(bloom).toHaveProperty("runway_days");
    expect(bloom.unanswered_clusters).toBeGreaterThan(0);
    expect(parseIsoDate(bloom.credit_period_ends_at)).not.toBeNull();
    expect((await get(`/v1/agency/reports?period=2026-W99`)).body.errors.period).toBeDefined();
  });
});
