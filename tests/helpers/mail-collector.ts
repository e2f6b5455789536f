import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 (a free port) that hands every message it
 * receives to `onMail` (the only stand-in: a third-party boundary). No
 * test-runner import: the integration helper (tests/helpers/smtp-server.ts)
 * keeps messages in memory, the Playwright runner (e2e/mail-sink.ts) writes
 * them to files its worker processes read.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
}

export interface MailCollector {
  url: string;
  stop(): Promise<void>;
  /** Lets the process exit while the server still listens (the Playwright runner never stops it). */
  unref(): void;
}

/** The `Subject:` header, folded lines joined. */
export function mailSubject(raw: string): string {
  return /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, " ") ?? "";
}

/** The raw message with quoted-printable soft breaks and escapes undone, enough to find links in it. */
export function decodedMailText(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first URL in the decoded text that contains `path`, if any. */
export function findLink(text: string, path: string): string | undefined {
  return text.match(new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, "\\$&")}[^\\s"<>]*`))?.[0];
}

export async function startMailCollector(onMail: (mail: ReceivedMail) => void): Promise<MailCollector> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        onMail({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: mailSubject(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    unref: () => server.server.unref(),
  };
}
