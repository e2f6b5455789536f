import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 (a free port) for the e2e app's SMTP_URL.
 * playwright.config.ts starts it in the runner process before the webServer;
 * it writes every message to MAIL_DIR, where specs (in worker processes) read
 * them.
 */
export const MAIL_DIR = ".data/e2e-mail";

export async function startMailSink(): Promise<string> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        const file = path.join(MAIL_DIR, `${Date.now()}-${String(++count).padStart(4, "0")}.eml`);
        writeFileSync(file, `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString("utf8")}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.server.unref();
  return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

export interface SunkMail {
  to: string[];
  subject: string;
  /** The message with quoted-printable soft breaks and escapes undone. */
  text: string;
}

function readMail(file: string): SunkMail {
  const raw = readFileSync(path.join(MAIL_DIR, file), "utf8");
  const text = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return {
    to: (/^X-Envelope-To: (.*)$/m.exec(raw)?.[1] ?? "").split(",").filter(Boolean),
    subject: /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, " ") ?? "",
    text,
  };
}

/** Waits for an e-mail to `to` whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<SunkMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readdirSync(MAIL_DIR)
      .sort()
      .map(readMail)
      .reverse()
      .find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function linkIn(mail: SunkMail, pathPart: string): string {
  const url = mail.text.match(new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/[/?]/g, "\\$&")}[^\\s"<>]*`))?.[0];
  if (!url) throw new Error(`no ${pathPart} link in:\n${mail.text}`);
  return url;
}
