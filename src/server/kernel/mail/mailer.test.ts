import { describe, expect, it } from "vitest";

describe("sendMail without SMTP_URL", () => {
  it("is recorded as not sent, never thrown", async () => {
    delete process.env.SMTP_URL;
    const { sendMail } = await import("@/server/kernel/mail/mailer");
    const result = await sendMail({ to: "a@b.test", subject: "s", text: "t" });
    expect(result).toEqual({ sent: false, reason: "E-mail is not set up on this installation" });
  });
});
