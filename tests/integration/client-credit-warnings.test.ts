import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { runTurn } from "@/server/conversations/engine";
import { createCaller } from "@/server/transport/root";
import { runClientCreditWarnings } from "@/server/workspaces/credit-warnings";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, teamMember } from "../helpers/fixtures";
import { bakeryChatbot } from "../helpers/answers-fixtures";
import { mailText } from "../helpers/mail-text";
import { startSmtpServer, type LocalSmtpServer } from "../helpers/smtp-server";

/** docs/decisions/072-low-credit-mails-to-client-admins.md: a client's admins are e-mailed when its credits run low, then out — once per level and period, whatever races. */
let db: Db;
let smtp: LocalSmtpServer;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
const agency = () => createCaller({ db, user: owner.user, via: "session", tokenId: null });

beforeAll(async () => {
  delete process.env.OPENAI_API_KEY;
  smtp = await startSmtpServer();
  ({ db } = await createTestDatabase());
  const { env } = await import("@/server/kernel/env");
  Object.assign(env(), { SMTP_URL: smtp.url });
  owner = await agencyOwner(db);
});

const to = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const warnings = (times: number) => Promise.all(Array.from({ length: times }, () => runClientCreditWarnings(db)));

describe("low-credit warnings to a client's admins", () => {
  it("e-mails each admin once when 20 concurrent answers cross the threshold, once more when credits run out, and again in a new period", async () => {
    await db.team.update({ where: { id: owner.agency.id }, data: { monthlyMessagePool: 1_000_000 } });
    const { client } = await agency().agencyClients.create({ name: "Crumb Bakery", message_limit: 12_000 });
    await agency().lifecycle.setLowCreditThreshold({ client_id: client.id, threshold: 1_500 });
    await db.team.update({ where: { id: client.id }, data: { messagesUsed: 12_000 - 1_510, poolMessagesUsed: 12_000 - 1_510 } });
    const [ada, bea] = [await teamMember(db, client.id, "admin", "Ada Admin"), await teamMember(db, client.id, "admin", "Bea Admin")];
    const member = await teamMember(db, client.id, "member", "Mo Member");
    const bot = await bakeryChatbot(db, client.id, owner.user.id);

    // 20 answers race past the threshold while the warning runs race each other.
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => runTurn(db, { chatbot: bot }, { message: i % 2 ? "When do you open?" : "Is delivery free?" })),
      warnings(4),
    ]);
    await warnings(4);
    const team = await db.team.findUniqueOrThrow({ where: { id: client.id } });
    expect(12_000 - team.messagesUsed).toBeLessThanOrEqual(1_500);
    expect(to(ada.user.email)).toHaveLength(1);
    expect(to(bea.user.email)).toHaveLength(1);
    expect(to(member.user.email)).toHaveLength(0);
    const low = to(ada.user.email)[0]!;
    expect(low.subject).toBe("Crumb Bakery: You are running low on message credits");
    const text = mailText(low);
    expect(text).toContain(`Crumb Bakery has ${(12_000 - team.messagesUsed).toLocaleString("en-US")} message credits left of its monthly 12,000.`);
    expect(text).toMatch(/1,4\d\d message credits left/);
    expect(text).toContain("/home");

    // Back above the line and down again in the same period: no second "low" e-mail.
    await db.team.update({ where: { id: client.id }, data: { messagesUsed: 1_000 } });
    await warnings(2);
    await db.team.update({ where: { id: client.id }, data: { messagesUsed: 11_000 } });
    await warnings(2);
    expect(to(ada.user.email)).toHaveLength(1);

    // Out of credits: one more, saying so.
    await db.team.update({ where: { id: client.id }, data: { messagesUsed: 12_000 } });
    await warnings(3);
    expect(to(ada.user.email)).toHaveLength(2);
    expect(to(bea.user.email)).toHaveLength(2);
    expect(to(ada.user.email)[1]!.subject).toBe("Crumb Bakery: You have no message credits left");
    expect(mailText(to(ada.user.email)[1]!)).toContain("Crumb Bakery has no message credits left (monthly limit: 12,000).");

    // A new period: the levels may warn again.
    await db.team.update({ where: { id: client.id }, data: { messagesUsed: 11_000, creditsResetAt: new Date() } });
    await warnings(2);
    expect(to(ada.user.email)).toHaveLength(3);
    expect(await db.creditWarningMail.findMany({ where: { teamId: client.id }, select: { level: true, recipients: true } })).toHaveLength(3);
  });

  it("tries again on the next run when no e-mail could be sent", async () => {
    const { client } = await agency().agencyClients.create({ name: "Offline Co", message_limit: 100 });
    await db.team.update({ where: { id: client.id }, data: { messagesUsed: 95 } });
    const admin = await teamMember(db, client.id, "admin", "Off Admin");
    const { env } = await import("@/server/kernel/env");
    Object.assign(env(), { SMTP_URL: undefined });
    await warnings(1);
    expect(await db.creditWarningMail.count({ where: { teamId: client.id } })).toBe(0);
    Object.assign(env(), { SMTP_URL: smtp.url });
    await warnings(1);
    expect(to(admin.user.email)).toHaveLength(1);
  });
});
