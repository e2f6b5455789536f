import { onCleanup } from "./cleanup";
import { startMailCollector, type ReceivedMail } from "./mail-collector";

export type { ReceivedMail } from "./mail-collector";

/** A real SMTP server on 127.0.0.1 that keeps every message it receives in memory; stopped after the file. */
export interface LocalSmtpServer {
  url: string;
  messages: ReceivedMail[];
  /** Resolves when `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

export async function startSmtpServer(): Promise<LocalSmtpServer> {
  const messages: ReceivedMail[] = [];
  const collector = await startMailCollector((mail) => messages.push(mail));
  onCleanup(collector.stop);
  return {
    url: collector.url,
    messages,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return messages;
    },
    stop: collector.stop,
  };
}
