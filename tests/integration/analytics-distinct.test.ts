import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { computeAnalytics, resolvePeriod } from "@/server/analytics";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { chatbot } from "../helpers/fixtures";
import { analyticsDatabase, contact, conversation, drawsOf, link, linkClick, spansNotMatchingDays, visitor, type Draws } from "../helpers/analytics-fixtures";

/**
 * The distinct counts of the analytics result (visitors per country, leads,
 * unique link clicks, conversations per link), which analytics reads from
 * analytics_distinct_days (docs/decisions/065-analytics-distinct-rollups.md), against a recount from the base rows
 * for many periods, after concurrent writes that add, move and remove keys'
 * days: country changes, conversations moved and deleted (their clicks lose
 * the conversation), visitors deleted, contacts edited. Days span 500 days
 * so that some keys come back after more than a year.
 */
const DAY = 86_400_000;
const BASE = Date.UTC(2025, 0, 1);
const at = (day: number, ms = 12 * 3_600_000) => new Date(BASE + day * DAY + ms).toISOString();
const iso = (day: number) => at(day).slice(0, 10);

let db: Db;
let owner: Awaited<ReturnType<typeof analyticsDatabase>>["owner"];
let teamId: string;

beforeAll(async () => ({ db, owner, teamId } = await analyticsDatabase({ queue: false })));

/** The figures as the definitions in docs/analytics.md count them, straight from the base rows. */
async function recount(chatbotId: string, from: string, to: string) {
  const inPeriod = (t = "") =>
    `${t}created_at >= ($2::date)::timestamp AT TIME ZONE 'UTC' AND ${t}created_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'`;
  const pool = poolOf(db);
  const [links, leads, countries] = await Promise.all([
    pool.query<{ id: string; url: string; conversations_count: number; unique_clicks: number }>(
      `SELECT l.id::text, l.url, count(DISTINCT k.conversation_id)::int AS conversations_count,
              count(DISTINCT coalesce(k.conversation_id, k.visitor_id, k.id))::int AS unique_clicks
         FROM link_clicks k JOIN chatbot_links l ON l.id = k.link_id
        WHERE k.chatbot_id = $1::uuid AND ${inPeriod("k.")}
        GROUP BY l.id, l.url`,
      [chatbotId, from, to],
    ),
    pool.query<{ n: number }>(
      `SELECT count(DISTINCT visitor_id)::int AS n FROM contacts WHERE chatbot_id = $1::uuid AND ${inPeriod()} AND (email <> '' OR coalesce(phone, '') <> '')`,
      [chatbotId, from, to],
    ),
    pool.query<{ country: string; country_code: string; visitors_count: number }>(
      `SELECT coalesce(max(v.country), upper(v.country_code)) AS country, upper(v.country_code) AS country_code, count(*)::int AS visitors_count
         FROM visitors v
        WHERE v.id IN (SELECT visitor_id FROM conversations WHERE chatbot_id = $1::uuid AND ${inPeriod()})
          AND v.country_code IS NOT NULL AND v.country_code <> ''
        GROUP BY upper(v.country_code) ORDER BY visitors_count DESC, country_code ASC`,
      [chatbotId, from, to],
    ),
  ]);
  return {
    uniqueLinkClicks: links.rows.reduce((sum, l) => sum + l.unique_clicks, 0),
    popularLinks: links.rows
      .filter((l) => l.conversations_count > 0)
      .sort((a, b) => b.conversations_count - a.conversations_count || a.url.localeCompare(b.url) || a.id.localeCompare(b.id))
      .map((l) => ({ url: l.url, conversations_count: l.conversations_count })),
    leads: leads.rows[0]!.n,
    topCountries: countries.rows,
  };
}

async function figures(chatbotId: string, from: string, to: string) {
  const resolved = resolvePeriod({ from, to }, new Date(at(600)));
  if (!resolved.ok) throw new Error("bad period");
  const { result } = await computeAnalytics(db, chatbotId, resolved.period, { includeLeads: true });
  return {
    uniqueLinkClicks: result.uniqueLinkClicks,
    popularLinks: result.popular.popularLinks.map((l) => ({ url: l.url, conversations_count: l.conversations_count })),
    leads: result.leads,
    topCountries: result.popular.topCountries,
  };
}

/** Many periods, up to the 366-day cap, some starting or ending on the edges of the data. */
async function expectEqualToRecount(chatbotId: string, draw: Draws) {
  const periods: [number, number][] = [[0, 365], [134, 499], [1, 1], [200, 200], [366, 366], [0, 0], [499, 499]];
  for (let i = 0; i < 25; i++) {
    const from = draw.int(499);
    periods.push([from, Math.min(499, from + draw.int(draw.chance(0.5) ? 29 : 365))]);
  }
  expect(await spansNotMatchingDays(db, chatbotId)).toEqual([]);
  for (const [from, to] of periods) {
    expect(await figures(chatbotId, iso(from), iso(to)), `${iso(from)}..${iso(to)}`).toEqual(await recount(chatbotId, iso(from), iso(to)));
  }
}

const COUNTRIES = [
  { code: "fr", name: "France" },
  { code: "FR", name: "France" },
  { code: "de", name: "Germany" },
  { code: "US", name: "United States" },
  { code: "NL", name: "" },
];

/** One run: random data, changes made concurrently, and the figures against a recount after each step. */
async function expectRecountsAfterChanges(run: number, draw: Draws) {
  const { int, pick, chance } = draw;
  const bot = (await chatbot(db, teamId, owner.user.id, `Distinct ${run}`)).id;
  const links = await Promise.all(["https://a.example", "https://b.example", "https://c.example"].map((url, i) => link(db, bot, url, `L${i}`)));
  const visitors = await Promise.all(
    Array.from({ length: 12 }, (_, i) => visitor(db, bot, i % 6 === 5 ? undefined : (COUNTRIES[i % COUNTRIES.length] as { code: string; name: string }))),
  );
  // A few days per visitor, some far apart (over a year), some the same day twice.
  const convs = await Promise.all(
    Array.from({ length: 60 }, () => {
      const v = pick(visitors);
      return conversation(db, bot, { at: at(int(499), int(DAY - 1)), visitorId: v.id });
    }),
  );
  await Promise.all([
    ...Array.from({ length: 80 }, () => {
      const c = pick(convs);
      const day = int(499);
      const r = int(9);
      return linkClick(db, bot, pick(links).id, at(day), r < 5 ? { conversationId: c.id } : r < 8 ? { visitorId: c.visitorId } : {});
    }),
    ...Array.from({ length: 30 }, () =>
      contact(db, bot, pick(visitors).id, at(int(499)), chance(0.7) ? { email: "a@b.example" } : chance(0.5) ? { phone: "+33612345678" } : {}),
    ),
  ]);
  await expectEqualToRecount(bot, draw);

  await Promise.all([
    // Countries change (and appear, and go).
    db.visitor.update({ where: { id: visitors[0]!.id }, data: { countryCode: "DE", country: "Germany" } }),
    db.visitor.update({ where: { id: visitors[5]!.id }, data: { countryCode: "US", country: null } }),
    db.visitor.update({ where: { id: visitors[2]!.id }, data: { countryCode: null } }),
    // Conversations move days and visitors.
    db.conversation.update({ where: { id: convs[1]!.id }, data: { createdAt: new Date(at(10)) } }),
    db.conversation.update({ where: { id: convs[2]!.id }, data: { visitorId: visitors[3]!.id } }),
    // Leads gained and lost.
    db.contact.updateMany({ where: { chatbotId: bot, email: "" }, data: { email: "late@b.example" } }),
    db.contact.deleteMany({ where: { chatbotId: bot, phone: { not: null } } }),
    // Clicks move days.
    db.linkClick.updateMany({ where: { chatbotId: bot, linkId: links[0]!.id }, data: { createdAt: new Date(at(250)) } }),
  ]);
  // A conversation deleted (its clicks keep their visitor or become their own clicker) and a visitor deleted.
  await db.conversation.delete({ where: { id: convs[3]!.id } });
  await db.visitor.delete({ where: { id: visitors[7]!.id } });
  await expectEqualToRecount(bot, draw);

  // The set-wise rebuild of a bulk import gives the same rows' figures.
  const before = await db.$queryRaw<{ k: string }[]>`
    SELECT concat_ws('|', kind, dim, day, prev_day, sum(count)) AS k FROM analytics_distinct_days WHERE chatbot_id = ${bot}::uuid
     GROUP BY kind, dim, day, prev_day HAVING sum(count) <> 0 ORDER BY 1`;
  await db.$executeRaw`SELECT analytics_rebuild(${bot}::uuid)`;
  const after = await db.$queryRaw<{ k: string }[]>`
    SELECT concat_ws('|', kind, dim, day, prev_day, sum(count)) AS k FROM analytics_distinct_days WHERE chatbot_id = ${bot}::uuid
     GROUP BY kind, dim, day, prev_day HAVING sum(count) <> 0 ORDER BY 1`;
  expect(after.map((r) => r.k)).toEqual(before.map((r) => r.k));
  await expectEqualToRecount(bot, draw);
}

describe("distinct analytics counts", () => {
  it("equal a recount for any period after concurrent adds, moves and removals", async () => {
    let run = 0;
    // A run takes seconds on the database: the first counterexample is reported as found, not shrunk.
    await fc.assert(fc.asyncProperty(fc.gen(), async (g) => expectRecountsAfterChanges(++run, drawsOf(g))), { seed: 20250101, numRuns: 3, endOnFailure: true });
  });
});
