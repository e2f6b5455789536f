import { beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type LocalSmtpServer } from "../helpers/smtp-server";

let smtp: LocalSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Acme Support <support@acme.test>";
});

describe("sendMail", () => {
  it("delivers through SMTP_URL to a real SMTP server", async () => {
    const { sendMail } = await import("@/server/kernel/mail/mailer");
    const result = await sendMail({ to: "owner@client.test", subject: "Escalation: a visitor asks for a human", text: "Hello" });
    expect(result.sent).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["owner@client.test"]);
    expect(mail!.from).toBe("support@acme.test");
    expect(mail!.subject).toBe("Escalation: a visitor asks for a human");
    expect(mail!.raw).toContain("Hello");
  });

  it("reports an unreachable server as not sent instead of throwing", async () => {
    const { env } = await import("@/server/kernel/env");
    const { sendMail } = await import("@/server/kernel/mail/mailer");
    const saved = env().SMTP_URL;
    // A port nothing listens on (the server is stopped, its port closed).
    const other = await startSmtpServer();
    await other.stop();
    Object.assign(env(), { SMTP_URL: other.url });
    try {
      const result = await sendMail({ to: "a@b.test", subject: "x", text: "y" });
      expect(result.sent).toBe(false);
      if (!result.sent) expect(result.reason).toMatch(/SMTP error/);
    } finally {
      Object.assign(env(), { SMTP_URL: saved });
    }
  });
});
