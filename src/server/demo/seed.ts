/**
 * Demo data for a fresh installation: one agency owner, the agency, four client
 * workspaces in different states, six chatbots and ~90 days of traffic ending
 * at `now`, so every screen has something real to show.
 *
 * Deterministic: the same `seed` and `now` give the same rows (ids included;
 * only password salts are random). Everything is built in memory first and
 * written with batched `createMany` calls inside one transaction, so a failure
 * leaves the database untouched.
 */
import { indexSource } from "@/server/training";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { addMonths } from "@/server/workspaces";
import { hashPassword } from "@/server/access";
import { SeededRandom } from "@/shared/seeded-random";
import {
  ALL_INTEGRATIONS,
  CLOSER_REPLY,
  CLOSERS,
  COUNTRIES,
  DEMO_AGENCY,
  DEMO_WORKSPACES,
  EMAIL_DOMAINS,
  ESCALATION_REASONS,
  FIRST_NAMES,
  HUMAN_REQUEST_REPLY,
  HUMAN_REQUESTS,
  LAST_NAMES,
  type ChatbotContent,
  type TopicContent,
  type WorkspaceContent,
} from "./demo-content";

export const DEMO_OWNER = { email: "owner@demo.agency", password: "demo-password", name: "Dana Demo" } as const;

/** Password of every other demo user. */
const DEMO_USER_PASSWORD = "demo-password";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TRAFFIC_DAYS = 90;
const BATCH = 5000;

/** Relative traffic per UTC hour of day. */
const HOUR_WEIGHTS = [1, 0.6, 0.4, 0.3, 0.3, 0.5, 1, 2, 3.5, 4.5, 5, 5, 4.5, 4.5, 5, 5, 4.5, 4, 3.5, 3.5, 3, 2.5, 2, 1.5];
/** Relative traffic per weekday, Sunday first. */
const WEEKDAY_FACTORS = [0.6, 1.1, 1.15, 1.15, 1.1, 1.05, 0.75];
/** Conversation length in user/assistant pairs (2–8 messages). */
const PAIR_WEIGHTS: readonly { pairs: number; weight: number }[] = [
  { pairs: 1, weight: 45 },
  { pairs: 2, weight: 30 },
  { pairs: 3, weight: 17 },
  { pairs: 4, weight: 8 },
];

export async function isDatabaseEmpty(db: PrismaClient): Promise<boolean> {
  return (await db.user.findFirst({ select: { id: true } })) === null;
}

export async function seedDemoData(
  db: PrismaClient,
  opts: { now?: Date; seed?: number } = {},
): Promise<{ ownerId: string; agencyId: string }> {
  const now = opts.now ?? new Date();
  const seed = opts.seed ?? 42;
  const passwordHash = await hashPassword(DEMO_OWNER.password);
  const userHash = DEMO_USER_PASSWORD === DEMO_OWNER.password ? passwordHash : await hashPassword(DEMO_USER_PASSWORD);
  const data = buildDemoData(now, seed, passwordHash, userHash);

  await db.$transaction(
    async (tx) => {
      if (await tx.user.findUnique({ where: { email: DEMO_OWNER.email }, select: { id: true } })) {
        throw new Error(`Demo data already present (${DEMO_OWNER.email} exists).`);
      }
      await writeDemoData(tx, data);
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
  // The retrieval index of the demo's text sources, through the same indexer as every source.
  for (const s of data.indexed) {
    await indexSource(db, { sourceId: s.sourceId, chatbotId: s.chatbotId, url: null, document: { title: s.title, blocks: s.sections.map((b) => ({ headingPath: [b.heading], text: b.text })) } });
  }
  return { ownerId: data.ownerId, agencyId: data.agencyId };
}

// ---------------------------------------------------------------------------
// Dates

/** Start of the monthly period containing `at`, periods chained one month apart from `start`. */
function periodStartAt(start: Date, at: Date): Date {
  let period = start;
  for (let next = addMonths(period, 1); next <= at; next = addMonths(period, 1)) period = next;
  return period;
}

function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const minDate = (a: Date, b: Date) => (a <= b ? a : b);

// ---------------------------------------------------------------------------
// Building the rows

interface DemoData {
  ownerId: string;
  agencyId: string;
  users: Prisma.UserCreateManyInput[];
  currentTeams: { userId: string; teamId: string }[];
  teams: Prisma.TeamCreateManyInput[];
  memberships: Prisma.MembershipCreateManyInput[];
  chatbots: Prisma.ChatbotCreateManyInput[];
  suggestedMessages: Prisma.SuggestedMessageCreateManyInput[];
  sources: Prisma.SourceCreateManyInput[];
  /** Sources whose text is indexed once the rows are written. */
  indexed: Array<{ sourceId: string; chatbotId: string; title: string; sections: readonly { heading: string; text: string }[] }>;
  updatedAnswers: Prisma.UpdatedAnswerCreateManyInput[];
  links: Prisma.ChatbotLinkCreateManyInput[];
  visitors: Prisma.VisitorCreateManyInput[];
  conversations: Prisma.ConversationCreateManyInput[];
  messages: Prisma.MessageCreateManyInput[];
  feedback: Prisma.FeedbackCreateManyInput[];
  linkClicks: Prisma.LinkClickCreateManyInput[];
  widgetEvents: Prisma.WidgetEventCreateManyInput[];
  contacts: Prisma.ContactCreateManyInput[];
  escalations: Prisma.EscalationCreateManyInput[];
  ledger: Prisma.CreditLedgerEntryCreateManyInput[];
}

function buildDemoData(now: Date, seed: number, ownerHash: string, userHash: string): DemoData {
  const rng = new SeededRandom(seed);
  const ids = new SeededRandom(seed ^ 0x9e3779b9);
  const data: DemoData = {
    ownerId: ids.uuid(),
    agencyId: ids.uuid(),
    users: [],
    currentTeams: [],
    teams: [],
    memberships: [],
    chatbots: [],
    suggestedMessages: [],
    sources: [],
    indexed: [],
    updatedAnswers: [],
    links: [],
    visitors: [],
    conversations: [],
    messages: [],
    feedback: [],
    linkClicks: [],
    widgetEvents: [],
    contacts: [],
    escalations: [],
    ledger: [],
  };

  const agencyCreated = ago(now, DEMO_AGENCY.createdDaysAgo * DAY);
  data.users.push({
    id: data.ownerId,
    name: DEMO_OWNER.name,
    email: DEMO_OWNER.email,
    passwordHash: ownerHash,
    createdAt: ago(agencyCreated, HOUR),
    updatedAt: ago(agencyCreated, HOUR),
  });
  data.currentTeams.push({ userId: data.ownerId, teamId: data.agencyId });
  data.memberships.push({ id: ids.uuid(), teamId: data.agencyId, userId: data.ownerId, role: "admin", createdAt: agencyCreated });

  const agency: Prisma.TeamCreateManyInput = {
    id: data.agencyId,
    kind: "agency",
    name: DEMO_AGENCY.name,
    ownerId: data.ownerId,
    plan: DEMO_AGENCY.plan,
    workspaceLimit: DEMO_AGENCY.workspaceLimit,
    monthlyMessagePool: DEMO_AGENCY.monthlyMessagePool,
    // The pool's use is the sum of what each workspace recorded (see workspaces/credits.ts agencyPool).
    poolMessagesUsed: 0,
    poolPeriodStartedAt: periodStartAt(agencyCreated, now),
    includedIntegrations: [...ALL_INTEGRATIONS],
    customDomain: null,
    createdAt: agencyCreated,
    updatedAt: now,
  };
  data.teams.push(agency);

  for (const workspace of DEMO_WORKSPACES) buildWorkspace(data, workspace, now, rng, ids, userHash);
  return data;
}

function buildWorkspace(data: DemoData, w: WorkspaceContent, now: Date, rng: SeededRandom, ids: SeededRandom, userHash: string) {
  const teamId = ids.uuid();
  const created = ago(now, w.createdDaysAgo * DAY + rng.int(1, 8) * HOUR);
  const pausedAt = w.pausedDaysAgo === null ? null : ago(now, w.pausedDaysAgo * DAY + rng.int(1, 6) * HOUR);

  // Credits (docs/decisions/010-message-credits-and-the-ledger.md): a paused or suspended workspace keeps the period it
  // was in when it stopped; its renewal date has moved on past `now`.
  let resetAt: Date | null = null;
  let renewAt: Date | null = null;
  let exhaustedAt: Date | null = null;
  if (w.messageLimit !== null) {
    resetAt = periodStartAt(created, pausedAt ?? now);
    renewAt = addMonths(resetAt, 1);
    while (renewAt <= now) renewAt = addMonths(renewAt, 1);
    if (w.exhaustedDaysAgo !== null) {
      const wanted = ago(now, w.exhaustedDaysAgo * DAY + rng.int(1, 6) * HOUR);
      const end = pausedAt ?? now;
      const earliest = new Date(resetAt.getTime() + Math.min(DAY, (end.getTime() - resetAt.getTime()) / 2));
      exhaustedAt = wanted < earliest ? earliest : minDate(wanted, end);
    }
  }

  data.teams.push({
    id: teamId,
    kind: "client",
    name: w.name,
    ownerId: data.ownerId,
    plan: "agency_client",
    agencyId: data.agencyId,
    externalReference: w.externalReference,
    status: w.status,
    pauseMode: w.pauseMode,
    pausedAt,
    enabledIntegrations: [...w.enabledIntegrations],
    messageLimit: w.messageLimit,
    sourceLimit: w.sourceLimit,
    chatbotLimit: w.chatbotLimit,
    messagesUsed: w.messagesUsed,
    poolMessagesUsed: w.messagesUsed,
    topupCredits: w.topupCredits,
    overflowDebt: 0,
    creditsExhaustedAt: exhaustedAt,
    creditsResetAt: resetAt,
    creditsRenewAt: renewAt,
    createdAt: created,
    updatedAt: pausedAt ?? now,
  });
  data.memberships.push({ id: ids.uuid(), teamId, userId: data.ownerId, role: "admin", createdAt: created });

  const people = [{ ...w.admin, role: "admin" as const }, ...(w.extraUser ? [w.extraUser] : [])];
  for (const [i, person] of people.entries()) {
    const userId = ids.uuid();
    const joined = new Date(created.getTime() + (i + 1) * DAY + rng.int(0, 8) * HOUR);
    data.users.push({ id: userId, name: person.name, email: person.email, passwordHash: userHash, createdAt: joined, updatedAt: joined });
    data.currentTeams.push({ userId, teamId });
    data.memberships.push({ id: ids.uuid(), teamId, userId, role: person.role, createdAt: joined });
  }

  // A suspended workspace served nothing once its credits ran out.
  const trafficEnd = w.status === "suspended" ? (exhaustedAt ?? pausedAt ?? now) : now;
  const chatbotIds: string[] = [];
  for (const bot of w.chatbots) chatbotIds.push(buildChatbot(data, bot, teamId, now, trafficEnd, rng, ids));

  if (w.name === "Bloom Florists" && resetAt) buildBloomLedger(data, w, teamId, resetAt, now, chatbotIds);
}

function buildChatbot(data: DemoData, bot: ChatbotContent, teamId: string, now: Date, trafficEnd: Date, rng: SeededRandom, ids: SeededRandom): string {
  const chatbotId = ids.uuid();
  const created = ago(now, bot.createdDaysAgo * DAY + rng.int(1, 10) * HOUR);
  const site = `https://${bot.domain}`;
  data.chatbots.push({
    id: chatbotId,
    teamId,
    userId: data.ownerId,
    name: bot.name,
    type: bot.type,
    description: bot.description,
    welcomeMessage: bot.welcomeMessage,
    placeholder: bot.placeholder,
    accentColor: bot.accentColor,
    launcherText: bot.launcherText,
    domain: bot.type === "website" ? bot.domain : null,
    domainId: ids.uuid(),
    domainVerified: bot.type === "website" && bot.domainVerified,
    systemPrompt: bot.systemPrompt,
    defaultAnswer: bot.defaultAnswer,
    enableEscalations: bot.enableEscalations,
    enableEscalationsNotification: bot.enableEscalations,
    escalationsEmail: bot.escalationsEmail,
    createdAt: created,
    updatedAt: ago(now, rng.int(1, 20) * DAY),
  });

  for (const [position, s] of bot.suggested.entries()) {
    data.suggestedMessages.push({
      id: ids.uuid(),
      chatbotId,
      name: s.name,
      prompt: s.type === "message" ? s.prompt : "",
      type: s.type,
      action: s.type === "link" ? { type: "url", url: s.url } : undefined,
      position,
      createdAt: created,
      updatedAt: created,
    });
  }

  for (const s of bot.sources) {
    const fresh = s.createdDaysAgo === 0;
    const sourceCreated = fresh ? ago(now, rng.int(5, 40) * MINUTE) : ago(now, s.createdDaysAgo * DAY - rng.int(1, 6) * HOUR);
    let trainedAt: Date | null = null;
    if (s.status === "trained") {
      const syncEvery = { never: 0, daily: DAY, weekly: 7 * DAY, monthly: 30 * DAY }[s.syncFrequency];
      const firstTraining = new Date(sourceCreated.getTime() + rng.int(2, 12) * MINUTE);
      trainedAt = syncEvery === 0 ? firstTraining : new Date(Math.max(firstTraining.getTime(), now.getTime() - rng.next() * syncEvery));
    }
    const sourceId = ids.uuid();
    if (s.sections) data.indexed.push({ sourceId, chatbotId, title: s.title, sections: s.sections });
    data.sources.push({
      id: sourceId,
      chatbotId,
      type: s.type,
      indexer: s.indexer,
      url: s.url ?? null,
      title: s.title,
      status: s.status,
      statusReason: s.statusReason ?? null,
      syncFrequency: s.syncFrequency,
      trainedAt,
      createdAt: sourceCreated,
      updatedAt: trainedAt ?? (s.status === "failed" ? new Date(sourceCreated.getTime() + 3 * MINUTE) : sourceCreated),
    });
  }

  for (const a of bot.updatedAnswers) {
    const at = new Date(created.getTime() + rng.next() * (now.getTime() - created.getTime()));
    data.updatedAnswers.push({ id: ids.uuid(), chatbotId, question: a.question, suggestedAnswer: a.suggestedAnswer, vectorId: ids.uuid(), createdAt: at, updatedAt: at });
  }

  const linkIds = new Map<string, string>();
  for (const l of bot.links) {
    const id = ids.uuid();
    linkIds.set(l.path, id);
    data.links.push({ id, chatbotId, url: `${site}${l.path}`, title: l.title, createdAt: created });
  }

  const start = new Date(Math.max(created.getTime() + HOUR, now.getTime() - TRAFFIC_DAYS * DAY));
  generateTraffic(data, { bot, chatbotId, teamId, linkIds, start, end: trafficEnd, now, rng, ids });
  return chatbotId;
}

// ---------------------------------------------------------------------------
// Traffic

interface TrafficContext {
  bot: ChatbotContent;
  chatbotId: string;
  teamId: string;
  linkIds: Map<string, string>;
  start: Date;
  end: Date;
  now: Date;
  rng: SeededRandom;
  ids: SeededRandom;
}

interface VisitorState {
  row: Prisma.VisitorCreateManyInput & { id: string; createdAt: Date; lastSeenAt: Date };
  firstConversation: { id: string; createdAt: Date; lastMessageAt: Date };
}

interface Turn {
  role: "user" | "assistant";
  content: string;
  answered: boolean | null;
  at: number;
  /** For assistant turns: the site page cited, if any. */
  link?: string;
  /** Whether visitors may rate this turn. */
  rateable?: boolean;
}

function generateTraffic(data: DemoData, ctx: TrafficContext) {
  const { bot, rng, start, end } = ctx;
  const startMs = start.getTime();
  const endMs = end.getTime();
  const windowStart = ctx.now.getTime() - TRAFFIC_DAYS * DAY;

  const times: number[] = [];
  for (let day = startOfUtcDay(startMs); day <= endMs; day += DAY) {
    const progress = Math.min(1, Math.max(0, (day - windowStart) / (TRAFFIC_DAYS * DAY)));
    const weekday = WEEKDAY_FACTORS[new Date(day).getUTCDay()] ?? 1;
    const mean = bot.dailyConversations * (0.7 + 0.3 * progress) * weekday * rng.between(0.85, 1.15);
    const count = rng.poisson(mean);
    for (let i = 0; i < count; i++) {
      const hour = rng.weighted([...HOUR_WEIGHTS.keys()], (h) => HOUR_WEIGHTS[h] ?? 0);
      const t = day + hour * HOUR + rng.int(0, 3599) * SECOND + rng.int(0, 999);
      if (t >= startMs && t <= endMs) times.push(t);
    }
    // Visitors who open the widget and leave without asking anything.
    for (let i = rng.poisson(mean * 0.5); i > 0; i--) {
      const t = day + rng.weighted([...HOUR_WEIGHTS.keys()], (h) => HOUR_WEIGHTS[h] ?? 0) * HOUR + rng.int(0, 3599) * SECOND;
      if (t >= startMs && t <= endMs) data.widgetEvents.push({ id: ctx.ids.uuid(), chatbotId: ctx.chatbotId, value: "launcher_opened", createdAt: new Date(t) });
    }
  }
  times.sort((a, b) => a - b);

  const visitors: VisitorState[] = [];
  const usedKeys = new Set<string>();
  for (const t of times) generateConversation(data, ctx, t, visitors, usedKeys);

  for (const v of visitors) {
    data.visitors.push(v.row);
    if (!rng.chance(bot.leadRate)) continue;
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const at = new Date(Math.min(v.firstConversation.createdAt.getTime() + rng.int(30, 120) * SECOND, v.firstConversation.lastMessageAt.getTime()));
    data.contacts.push({
      id: ctx.ids.uuid(),
      teamId: ctx.teamId,
      chatbotId: ctx.chatbotId,
      visitorId: v.row.id,
      conversationId: v.firstConversation.id,
      email: `${first}.${last}${rng.chance(0.3) ? rng.int(1, 99) : ""}@${rng.pick(EMAIL_DOMAINS)}`.toLowerCase(),
      phone: rng.chance(0.4) ? `+1 555-01${String(rng.int(0, 99)).padStart(2, "0")}` : null,
      firstName: first,
      lastName: last,
      createdAt: at,
      updatedAt: at,
    });
  }
}

function topicOfPrompt(topics: readonly TopicContent[], prompt: string): TopicContent | undefined {
  return topics.find((t) => t.questions.includes(prompt));
}

function generateConversation(data: DemoData, ctx: TrafficContext, startMs: number, visitors: VisitorState[], usedKeys: Set<string>) {
  const { bot, rng, ids, chatbotId } = ctx;
  const nowMs = ctx.now.getTime();

  // What the visitor talks about.
  const suggestions = bot.suggested.filter((s) => s.type === "message");
  const suggestion = suggestions.length > 0 && rng.chance(0.25) ? rng.pick(suggestions) : undefined;
  const topic = (suggestion && topicOfPrompt(bot.topics, suggestion.prompt)) ?? rng.weighted(bot.topics, (t) => t.weight);
  const pairs = rng.weighted(PAIR_WEIGHTS, (p) => p.weight).pairs;
  const asksForHuman = bot.enableEscalations && rng.chance(0.004);

  const turns: Turn[] = [];
  let at = startMs;
  for (let i = 0; i < pairs; i++) {
    const last = i === pairs - 1;
    let question: string;
    let reply: Pick<Turn, "content" | "answered" | "link" | "rateable">;
    if (last && asksForHuman) {
      question = rng.pick(HUMAN_REQUESTS);
      reply = { content: HUMAN_REQUEST_REPLY, answered: true, rateable: false };
    } else if (last && i > 0 && rng.chance(0.5)) {
      question = rng.pick(CLOSERS);
      reply = { content: CLOSER_REPLY, answered: true, rateable: false };
    } else {
      const about = i === 0 || rng.chance(0.8) ? topic : rng.weighted(bot.topics, (t) => t.weight);
      question = i === 0 ? (suggestion?.prompt ?? rng.pick(about.questions)) : rng.chance(0.6) ? rng.pick(about.followUps) : rng.pick(about.questions);
      const answered = rng.chance(i === 0 ? about.answerRate : about.answerRate * 0.9);
      reply = answered
        ? { content: rng.pick(about.answers), answered: true, link: about.link, rateable: true }
        : { content: bot.defaultAnswer, answered: false, rateable: true };
    }
    turns.push({ role: "user", content: question, answered: null, at });
    at += rng.int(2, 9) * SECOND + rng.int(0, 999);
    turns.push({ role: "assistant", ...reply, at });
    at += rng.int(15, 150) * SECOND + rng.int(0, 999);
  }
  const lastAt = turns[turns.length - 1]?.at ?? startMs;
  if (lastAt > ctx.end.getTime()) return; // would run past the end of the traffic

  // Who the visitor is: mostly new, sometimes a recent visitor coming back.
  const conversationId = ids.uuid();
  const createdAt = new Date(startMs);
  const lastMessageAt = new Date(lastAt);
  let visitor: VisitorState;
  const recent = visitors.slice(-150);
  if (recent.length > 0 && rng.chance(0.18)) {
    visitor = rng.pick(recent);
    visitor.row.lastSeenAt = lastMessageAt;
  } else {
    const country = rng.weighted(COUNTRIES, (c) => c.weight);
    let key = "";
    do key = `v_${rng.uint32().toString(36)}${rng.uint32().toString(36)}`;
    while (usedKeys.has(key));
    usedKeys.add(key);
    const firstSeen = new Date(startMs - rng.int(3, 20) * SECOND);
    visitor = {
      row: { id: ids.uuid(), chatbotId, visitorKey: key, country: country.name, countryCode: country.code, createdAt: firstSeen, lastSeenAt: lastMessageAt },
      firstConversation: { id: conversationId, createdAt, lastMessageAt },
    };
    visitors.push(visitor);
  }
  const visitorId = visitor.row.id;

  const unanswered = turns.filter((t) => t.answered === false).length;
  const sentimentRoll = rng.next();
  const sentiment = asksForHuman
    ? "negative"
    : unanswered > 0
      ? sentimentRoll < 0.35 ? "negative" : sentimentRoll < 0.45 ? "positive" : "neutral"
      : sentimentRoll < 0.04 ? "negative" : sentimentRoll < 0.42 ? "positive" : "neutral";
  const age = nowMs - lastAt;
  const archived = rng.chance(age > 30 * DAY ? 0.45 : age > 7 * DAY ? 0.15 : 0.03);
  const unread = !archived && rng.chance(age < 3 * DAY ? 0.7 : age < 14 * DAY ? 0.25 : 0.03);
  data.conversations.push({ id: conversationId, chatbotId, visitorId, archived, unread, category: topic.name, sentiment, createdAt, updatedAt: lastMessageAt, lastMessageAt });

  if (rng.chance(0.9)) {
    data.widgetEvents.push({ id: ids.uuid(), chatbotId, conversationId, visitorId, value: "launcher_opened", createdAt: new Date(startMs - rng.int(2, 15) * SECOND) });
  }
  if (suggestion) {
    data.widgetEvents.push({ id: ids.uuid(), chatbotId, conversationId, visitorId, value: `suggested_message:${suggestion.name}`, createdAt });
  }
  const linkSuggestions = ctx.bot.suggested.filter((s) => s.type === "link");
  if (linkSuggestions.length > 0 && rng.chance(0.05)) {
    const s = rng.pick(linkSuggestions);
    data.widgetEvents.push({ id: ids.uuid(), chatbotId, conversationId, visitorId, value: `link:${s.name}`, createdAt: new Date(Math.min(lastAt + rng.int(5, 60) * SECOND, nowMs)) });
  }

  let lastUnansweredQuestion: string | undefined;
  for (const [i, turn] of turns.entries()) {
    const messageId = ids.uuid();
    data.messages.push({ id: messageId, conversationId, chatbotId, role: turn.role, content: turn.content, answered: turn.answered, createdAt: new Date(turn.at) });
    if (turn.role !== "assistant") continue;
    if (turn.answered === false) lastUnansweredQuestion = turns[i - 1]?.content;
    if (turn.rateable && rng.chance(0.15)) {
      const positive = turn.answered ? rng.chance(0.88) : rng.chance(0.2);
      data.feedback.push({ id: ids.uuid(), chatbotId, conversationId, messageId, rating: positive ? "positive" : "negative", createdAt: new Date(Math.min(turn.at + rng.int(3, 40) * SECOND, nowMs)) });
    }
    const linkId = turn.link ? ctx.linkIds.get(turn.link) : undefined;
    if (linkId && rng.chance(0.22)) {
      data.linkClicks.push({ id: ids.uuid(), chatbotId, linkId, conversationId, visitorId, createdAt: new Date(Math.min(turn.at + rng.int(5, 60) * SECOND, nowMs)) });
    }
  }

  const humanTurn = asksForHuman ? turns[turns.length - 2] : undefined;
  const escalation = humanTurn
    ? { reason: ESCALATION_REASONS.human, message: humanTurn.content, at: humanTurn.at + SECOND }
    : bot.enableEscalations && unanswered >= 2 && lastUnansweredQuestion && rng.chance(0.08)
      ? { reason: ESCALATION_REASONS.unanswered, message: lastUnansweredQuestion, at: lastAt }
      : undefined;
  if (escalation) {
    const resolved = nowMs - escalation.at > 2 * DAY && rng.chance(0.8);
    data.escalations.push({
      id: ids.uuid(),
      chatbotId,
      conversationId,
      reason: escalation.reason,
      message: escalation.message,
      resolvedAt: resolved ? new Date(escalation.at + rng.int(1, 30) * HOUR) : null,
      createdAt: new Date(escalation.at),
    });
  }
}

// ---------------------------------------------------------------------------
// Credit ledger for Bloom Florists: last period's renewal, this period's
// renewal, a top-up, and the latest charges, ending on the live counters.

function buildBloomLedger(data: DemoData, w: WorkspaceContent, teamId: string, resetAt: Date, now: Date, chatbotIds: string[]) {
  const base = { teamId, agencyId: data.agencyId, debtDelta: 0, debtAfter: 0 };
  const previousReset = addMonths(resetAt, -1);
  const workspaceCreated = data.teams.find((t) => t.id === teamId)?.createdAt;
  if (workspaceCreated && previousReset > new Date(workspaceCreated)) {
    data.ledger.push({ ...base, kind: "renewal", usedDelta: -1587, topupDelta: 0, usedAfter: 0, topupAfter: 0, createdAt: previousReset });
  }
  data.ledger.push({ ...base, kind: "renewal", usedDelta: -1873, topupDelta: 0, usedAfter: 0, topupAfter: 0, createdAt: resetAt });

  const topupAt = new Date(resetAt.getTime() + (now.getTime() - resetAt.getTime()) * 0.55);
  const bots = new Set(chatbotIds);
  const charges = data.messages
    .filter((m) => m.role === "assistant" && bots.has(m.chatbotId) && new Date(m.createdAt ?? 0) > topupAt)
    .sort((a, b) => new Date(a.createdAt ?? 0).getTime() - new Date(b.createdAt ?? 0).getTime())
    .slice(-3);
  const usedBeforeCharges = w.messagesUsed - charges.length;
  data.ledger.push({
    ...base,
    actorUserId: data.ownerId,
    kind: "topup",
    usedDelta: 0,
    topupDelta: w.topupCredits,
    usedAfter: usedBeforeCharges,
    topupAfter: w.topupCredits,
    reference: "demo-topup-1",
    createdAt: topupAt,
  });
  for (const [i, m] of charges.entries()) {
    data.ledger.push({
      ...base,
      kind: "charge",
      usedDelta: 1,
      topupDelta: 0,
      usedAfter: usedBeforeCharges + i + 1,
      topupAfter: w.topupCredits,
      reference: m.id ?? null,
      createdAt: m.createdAt,
    });
  }
}

// ---------------------------------------------------------------------------
// Writing. Small tables go through `createMany`; the traffic tables (tens of
// thousands of rows) are sent as one array per column and expanded with
// `unnest`, which is an order of magnitude faster than `createMany` here.

type Column<T> = readonly [name: string, pgType: "uuid" | "text" | "boolean" | "timestamptz", value: (row: T) => unknown];

async function insertUnnest<T>(tx: Prisma.TransactionClient, table: string, columns: readonly Column<T>[], rows: readonly T[]) {
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ");
  const sql = `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays})`;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const params = columns.map(([, , value]) =>
      batch.map((row) => {
        const v = value(row);
        return v instanceof Date ? v.toISOString() : (v ?? null);
      }),
    );
    await tx.$executeRawUnsafe(sql, ...params);
  }
}

type Columns<T> = Column<T>[];
const VISITOR_COLUMNS: Columns<Prisma.VisitorCreateManyInput> = [
  ["id", "uuid", (r) => r.id], ["chatbot_id", "uuid", (r) => r.chatbotId], ["visitor_key", "text", (r) => r.visitorKey],
  ["country", "text", (r) => r.country], ["country_code", "text", (r) => r.countryCode],
  ["created_at", "timestamptz", (r) => r.createdAt], ["last_seen_at", "timestamptz", (r) => r.lastSeenAt],
];
const CONVERSATION_COLUMNS: Columns<Prisma.ConversationCreateManyInput> = [
  ["id", "uuid", (r) => r.id], ["chatbot_id", "uuid", (r) => r.chatbotId], ["visitor_id", "uuid", (r) => r.visitorId],
  ["archived", "boolean", (r) => r.archived], ["unread", "boolean", (r) => r.unread],
  ["category", "text", (r) => r.category], ["sentiment", "text", (r) => r.sentiment],
  ["created_at", "timestamptz", (r) => r.createdAt], ["updated_at", "timestamptz", (r) => r.updatedAt],
  ["last_message_at", "timestamptz", (r) => r.lastMessageAt],
];
const MESSAGE_COLUMNS: Columns<Prisma.MessageCreateManyInput> = [
  ["id", "uuid", (r) => r.id], ["conversation_id", "uuid", (r) => r.conversationId], ["chatbot_id", "uuid", (r) => r.chatbotId],
  ["role", "text", (r) => r.role], ["content", "text", (r) => r.content], ["answered", "boolean", (r) => r.answered],
  ["created_at", "timestamptz", (r) => r.createdAt],
];
const FEEDBACK_COLUMNS: Columns<Prisma.FeedbackCreateManyInput> = [
  ["id", "uuid", (r) => r.id], ["chatbot_id", "uuid", (r) => r.chatbotId], ["conversation_id", "uuid", (r) => r.conversationId],
  ["message_id", "uuid", (r) => r.messageId], ["rating", "text", (r) => r.rating], ["created_at", "timestamptz", (r) => r.createdAt],
];
const LINK_CLICK_COLUMNS: Columns<Prisma.LinkClickCreateManyInput> = [
  ["id", "uuid", (r) => r.id], ["chatbot_id", "uuid", (r) => r.chatbotId], ["link_id", "uuid", (r) => r.linkId],
  ["conversation_id", "uuid", (r) => r.conversationId], ["visitor_id", "uuid", (r) => r.visitorId],
  ["created_at", "timestamptz", (r) => r.createdAt],
];
const WIDGET_EVENT_COLUMNS: Columns<Prisma.WidgetEventCreateManyInput> = [
  ["id", "uuid", (r) => r.id], ["chatbot_id", "uuid", (r) => r.chatbotId], ["conversation_id", "uuid", (r) => r.conversationId],
  ["visitor_id", "uuid", (r) => r.visitorId], ["value", "text", (r) => r.value], ["created_at", "timestamptz", (r) => r.createdAt],
];
const CONTACT_COLUMNS: Columns<Prisma.ContactCreateManyInput> = [
  ["id", "uuid", (r) => r.id], ["team_id", "uuid", (r) => r.teamId], ["chatbot_id", "uuid", (r) => r.chatbotId],
  ["visitor_id", "uuid", (r) => r.visitorId], ["conversation_id", "uuid", (r) => r.conversationId],
  ["email", "text", (r) => r.email], ["phone", "text", (r) => r.phone],
  ["first_name", "text", (r) => r.firstName], ["last_name", "text", (r) => r.lastName],
  ["created_at", "timestamptz", (r) => r.createdAt], ["updated_at", "timestamptz", (r) => r.updatedAt],
];
const ESCALATION_COLUMNS: Columns<Prisma.EscalationCreateManyInput> = [
  ["id", "uuid", (r) => r.id], ["chatbot_id", "uuid", (r) => r.chatbotId], ["conversation_id", "uuid", (r) => r.conversationId],
  ["reason", "text", (r) => r.reason], ["message", "text", (r) => r.message],
  ["resolved_at", "timestamptz", (r) => r.resolvedAt], ["created_at", "timestamptz", (r) => r.createdAt],
];

async function writeDemoData(tx: Prisma.TransactionClient, d: DemoData) {
  await tx.user.createMany({ data: d.users });
  await tx.team.createMany({ data: d.teams });
  for (const { userId, teamId } of d.currentTeams) {
    await tx.user.update({ where: { id: userId }, data: { currentTeamId: teamId }, select: { id: true } });
  }
  await tx.membership.createMany({ data: d.memberships });
  await tx.chatbot.createMany({ data: d.chatbots });
  await tx.suggestedMessage.createMany({ data: d.suggestedMessages });
  await tx.source.createMany({ data: d.sources });
  await tx.updatedAnswer.createMany({ data: d.updatedAnswers });
  await tx.chatbotLink.createMany({ data: d.links });
  await insertUnnest(tx, "visitors", VISITOR_COLUMNS, d.visitors);
  await insertUnnest(tx, "conversations", CONVERSATION_COLUMNS, d.conversations);
  await insertUnnest(tx, "messages", MESSAGE_COLUMNS, d.messages);
  await insertUnnest(tx, "feedback", FEEDBACK_COLUMNS, d.feedback);
  await insertUnnest(tx, "link_clicks", LINK_CLICK_COLUMNS, d.linkClicks);
  await insertUnnest(tx, "widget_events", WIDGET_EVENT_COLUMNS, d.widgetEvents);
  await insertUnnest(tx, "contacts", CONTACT_COLUMNS, d.contacts);
  await insertUnnest(tx, "escalations", ESCALATION_COLUMNS, d.escalations);
  await tx.creditLedgerEntry.createMany({ data: d.ledger });
}
