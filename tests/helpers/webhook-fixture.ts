import type { Db } from "@/server/kernel/db/client";
import { onCleanup } from "./cleanup";
import { createTestDatabase } from "./db";
import { agencyOwner } from "./fixtures";
import { startReceiver } from "./https-receiver";

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export interface WebhookFixture {
  db: Db;
  /** The test database's URL (for workers). */
  url: string;
  receiver: Receiver;
  owner: Awaited<ReturnType<typeof agencyOwner>>;
}

/**
 * What every webhook test file starts from: a local HTTPS receiver, the
 * webhook settings of this process pointing at it (`WEBHOOK_CA_CERTS` = its
 * certificate, plus `env`: a value sets the variable, undefined removes it;
 * src/server/kernel/env.ts reads them once, on first use, which comes after this),
 * a fresh database and an agency owner. The receiver is closed after the file.
 */
export async function webhookFixture(env: Record<string, string | undefined> = {}): Promise<WebhookFixture> {
  const receiver = await startReceiver();
  onCleanup(() => receiver.close());
  process.env.WEBHOOK_CA_CERTS = receiver.caFile;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const { db, url } = await createTestDatabase();
  return { db, url, receiver, owner: await agencyOwner(db) };
}
