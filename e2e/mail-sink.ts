import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodedMailText, findLink, mailSubject, startMailCollector } from "../tests/helpers/mail-collector";

/**
 * The e2e app's SMTP_URL: the collecting SMTP server of the integration tests
 * (tests/helpers/mail-collector.ts). playwright.config.ts starts it in the
 * runner process before the webServer; it writes every message to MAIL_DIR,
 * where specs (in worker processes) read them.
 */
export const MAIL_DIR = ".data/e2e-mail";

export async function startMailSink(): Promise<string> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const collector = await startMailCollector((mail) => {
    const file = path.join(MAIL_DIR, `${Date.now()}-${String(++count).padStart(4, "0")}.eml`);
    writeFileSync(file, `X-Envelope-To: ${mail.to.join(",")}\r\n${mail.raw}`);
  });
  collector.unref();
  return collector.url;
}

export interface SunkMail {
  to: string[];
  subject: string;
  /** The message with quoted-printable soft breaks and escapes undone. */
  text: string;
}

function readMail(file: string): SunkMail {
  const raw = readFileSync(path.join(MAIL_DIR, file), "utf8");
  return {
    to: (/^X-Envelope-To: (.*)$/m.exec(raw)?.[1] ?? "").split(",").filter(Boolean),
    subject: mailSubject(raw),
    text: decodedMailText(raw),
  };
}

/**
 * Waits for an e-mail to `to` whose subject matches, and returns the newest. `since` (a `Date.now()` taken
 * before the action that sends it) skips older mail: a retried test then reads its own, not its first try's.
 */
export async function waitForMail(to: string, subject: RegExp, opts: { since?: number; timeoutMs?: number } = {}): Promise<SunkMail> {
  const { since = 0, timeoutMs = 15_000 } = opts;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readdirSync(MAIL_DIR)
      .filter((file) => Number(file.split("-")[0]) >= since)
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
  const url = findLink(mail.text, pathPart);
  if (!url) throw new Error(`no ${pathPart} link in:\n${mail.text}`);
  return url;
}
