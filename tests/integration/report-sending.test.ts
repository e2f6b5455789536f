import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createCaller } from "@/server/transport/root";
import { sendReport, worthRetrying } from "@/server/reports/send";
import { previousPeriod, periodOf } from "@/server/reports/period";
import { utcDay } from "@/server/analytics";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, teamMember } from "../helpers/fixtures";
import { conversation, visitor } from "../helpers/analytics-fixtures";
import { mailText } from "../helpers/mail-text";
import { startSmtpServer, type LocalSmtpServer } from "../helpers/smtp-server";
import { killWorkerProcesses, startWorkerProcess } from "../helpers/worker-process";

/** The value report is e-mailed once per client and period: two worker processes, the schedule and repeated sends race; failures are retried and shown. */
let db: Db;
let url: string;
let smtp: LocalSmtpServer;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
const period = previousPeriod(periodOf("month", utcDay(new Date())));
const asOwner = () => createCaller({ db, user: owner.user, via: "session", tokenId: null });
const DAY = 86_400_000;

/** A client that existed all last month, with two admins, an extra recipient and a little traffic. */
async function reportedClient(name: string) {
  const client = await clientWorkspace(db, owner.agency, name);
  await db.team.update({ where: { id: client.id }, data: { createdAt: new Date(Date.now() - 120 * DAY) } });
  const admins = [await teamMember(db, client.id, "admin", `${name} Admin One`), await teamMember(db, client.id, "admin", `${name} Admin Two`)];
  await teamMember(db, client.id, "member", `${name} Member`);
  const extra = `boss-${client.id.slice(0, 8)}@example.test`;
  await asOwner().reports.updateSettings({ client_id: client.id, extra_recipients: [extra] });
  const bot = await chatbot(db, client.id, owner.user.id, `${name} Bot`);
  const v = await visitor(db, bot.id);
  await conversation(db, bot.id, {
    at: `${period.from}T10:00:00Z`,
    visitorId: v.id,
    messages: [
      { role: "user", content: "Do you open on Sundays?" },
      { role: "assistant", answered: false },
    ],
  });
  return { client, recipients: [...admins.map((a) => a.user.email.toLowerCase()), extra].sort() };
}

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ db, url } = await createTestDatabase());
  const { env } = await import("@/server/kernel/env");
  Object.assign(env(), { SMTP_URL: smtp.url });
  owner = await agencyOwner(db);
  await db.team.update({ where: { id: owner.agency.id }, data: { brandName: "Northwind Digital", brandAccentColor: "#0f766e", brandSupportEmail: "help@northwind.test" } });
});
afterAll(killWorkerProcesses);

describe("sending a client's report", () => {
  it("two workers, the schedule and three requests at once: one e-mail per recipient, in the agency's brand, the PDF attached", async () => {
    const { client, recipients } = await reportedClient("Bloom");
    // Both workers run the schedule when they start; three sends are asked for meanwhile.
    const workers = [startWorkerProcess(url, { SMTP_URL: smtp.url }), startWorkerProcess(url, { SMTP_URL: smtp.url })];
    await Promise.all([...workers, ...[1, 2, 3].map(() => asOwner().reports.send({ client_id: client.id, period: period.key }))]);
    await smtp.waitFor(recipients.length, 30_000);
    const sent = await waitForStatus(client.id, "sent");
    // Whatever else runs late gets nothing more out.
    await new Promise((r) => setTimeout(r, 3000));
    for (const email of recipients) expect(mailsTo(email)).toHaveLength(1);
    expect(sent.attempts).toBe(1);
    expect((sent.deliveries as { status: string }[]).map((d) => d.status)).toEqual(["sent", "sent", "sent"]);

    const mail = mailsTo(recipients[0]!)[0]!;
    const text = mailText(mail);
    expect(mail.subject).toMatch(/^Bloom: your \w+ \d{4} report from Northwind Digital$/);
    expect(mail.subject).toContain("report from Northwind Digital");
    expect(text).toMatch(/^From: "?Northwind Digital"? </m);
    expect(text).toMatch(/^Reply-To: help@northwind\.test/m);
    expect(text).toContain("Content-Type: application/pdf");
    expect(text).toMatch(/Content-ID: <conversations>/);
    expect(text).toContain("cid:conversations");
    expect(text).toContain("Answer this");
    expect(text).not.toMatch(/Agency Chatbot Platform/);
    // The row keeps what was sent.
    expect((sent.snapshot as { period: string }).period).toBe(period.key);

    // More runs, from any job: nothing is sent again.
    const outcomes = await Promise.all(["a", "b", "c"].map((job) => sendReport(db, client.id, period.key, job)));
    expect(outcomes).toEqual(["skipped", "skipped", "skipped"]);
    const again = await asOwner().reports.send({ client_id: client.id, period: period.key });
    expect(again.delivery.status).toBe("sent");
    await killWorkerProcesses();
    for (const email of recipients) expect(mailsTo(email)).toHaveLength(1);
  }, 120_000);

  it("a failed send is shown on the report and retried, reaching only those it missed", async () => {
    const { client, recipients } = await reportedClient("Harbor");
    await db.clientReport.create({ data: { teamId: client.id, period: period.key } });
    const { env } = await import("@/server/kernel/env");
    Object.assign(env(), { SMTP_URL: "smtp://127.0.0.1:9" });
    expect(await sendReport(db, client.id, period.key, "job-1")).toBe("failed");
    const { report } = await asOwner().reports.get({ client_id: client.id, period: period.key });
    expect(report.delivery).toMatchObject({ status: "failed", attempts: 1 });
    expect(report.delivery!.last_error).toMatch(/SMTP/);
    expect(report.delivery!.recipients.map((r) => r.status)).toEqual(["failed", "failed", "failed"]);
    expect(await worthRetrying(db, client.id, period.key)).toBe(true);
    // An installation without e-mail: the report says so, and the queue does not try again and again.
    Object.assign(env(), { SMTP_URL: undefined });
    expect(await sendReport(db, client.id, period.key, "job-1")).toBe("failed");
    const { report: unsent } = await asOwner().reports.get({ client_id: client.id, period: period.key });
    expect(unsent.delivery!.last_error).toMatch(/E-mail is not set up/);
    expect(await worthRetrying(db, client.id, period.key)).toBe(false);

    Object.assign(env(), { SMTP_URL: smtp.url });
    expect(await sendReport(db, client.id, period.key, "job-1")).toBe("sent");
    for (const email of recipients) expect(mailsTo(email)).toHaveLength(1);
    const { report: after } = await asOwner().reports.get({ client_id: client.id, period: period.key });
    expect(after.delivery).toMatchObject({ status: "sent", attempts: 3, last_error: null });
  });

  it("a run killed mid-way keeps its claim until its lease ends; its retry sends only to those not reached", async () => {
    const { client, recipients } = await reportedClient("Cedar");
    const [first, ...rest] = recipients;
    await db.clientReport.create({
      data: {
        teamId: client.id,
        period: period.key,
        status: "sending",
        attempts: 1,
        claimedByJob: "job-killed",
        leaseUntil: new Date(Date.now() + 60_000),
        deliveries: [{ email: first, status: "sent", message_id: "<x@y>", error: null, at: new Date().toISOString() }],
      },
    });
    // Another job while the dead run's lease lasts: nothing.
    expect(await sendReport(db, client.id, period.key, "job-other")).toBe("skipped");
    // The killed run's own job, retried by the queue: the rest only.
    expect(await sendReport(db, client.id, period.key, "job-killed")).toBe("sent");
    expect(mailsTo(first!)).toHaveLength(0);
    for (const email of rest) expect(mailsTo(email)).toHaveLength(1);
  });
});

async function waitForStatus(teamId: string, status: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = await db.clientReport.findUnique({ where: { teamId_period: { teamId, period: period.key } } });
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`report still ${row?.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
