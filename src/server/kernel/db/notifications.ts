import pg from "pg";
import { requireDatabaseUrl } from "@/server/kernel/env";

/**
 * PostgreSQL LISTEN/NOTIFY for live updates across app processes
 * (docs/decisions/056-live-updates-through-listen-notify.md): a writer
 * `NOTIFY`s in the transaction that makes the change (delivered at COMMIT,
 * never for a rollback), and every app process holds ONE listening connection
 * that fans each notification out to its own subscribers (open event streams).
 * Nothing but the subscriber list is kept in the process: what a stream shows
 * is read from the database, so any process can serve any visitor.
 *
 * When the listening connection drops, it is opened again with a growing
 * pause, and every subscriber's `onReconnect` runs: notifications sent while
 * it was down are lost, so a stream reads what it missed from the tables.
 */
export interface Subscriber {
  onNotification(payload: string): void;
  onReconnect?(): void;
}

interface Hub {
  channels: Map<string, Set<Subscriber>>;
  client: pg.Client | null;
  connecting: Promise<void> | null;
  retryMs: number;
}

// On globalThis: Next loads this module once per bundle layer, and one process must listen once.
const globalHub = globalThis as unknown as { acpNotificationHub?: Hub };
const hub = (globalHub.acpNotificationHub ??= { channels: new Map(), client: null, connecting: null, retryMs: 200 });

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Subscribes to a channel; resolves once this process listens on it. The returned function unsubscribes. */
export async function listen(channel: string, subscriber: Subscriber): Promise<() => void> {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let set = hub.channels.get(channel);
  const fresh = !set;
  if (!set) hub.channels.set(channel, (set = new Set<Subscriber>()));
  set.add(subscriber);
  await connected();
  if (fresh && hub.client) await hub.client.query(`LISTEN ${channel}`);
  return () => {
    set.delete(subscriber);
  };
}

/** Subscribers currently registered on a channel in this process. */
export function subscriberCount(channel: string): number {
  return hub.channels.get(channel)?.size ?? 0;
}

async function connected(): Promise<void> {
  if (hub.client) return;
  hub.connecting ??= open().finally(() => (hub.connecting = null));
  return hub.connecting;
}

async function open(): Promise<void> {
  const client = new pg.Client({ connectionString: requireDatabaseUrl(), keepAlive: true });
  client.on("notification", (message) => {
    const set = hub.channels.get(message.channel);
    if (!set || message.payload === undefined) return;
    for (const subscriber of set) {
      try {
        subscriber.onNotification(message.payload);
      } catch (error) {
        console.error("[notifications] a subscriber failed:", error);
      }
    }
  });
  const lost = () => {
    if (hub.client !== client) return;
    hub.client = null;
    client.end().catch(() => undefined);
    setTimeout(() => void reopen(), hub.retryMs);
  };
  client.on("error", lost);
  client.on("end", lost);
  await client.connect();
  for (const channel of hub.channels.keys()) await client.query(`LISTEN ${channel}`);
  hub.client = client;
  hub.retryMs = 200;
}

async function reopen(): Promise<void> {
  try {
    await connected();
  } catch {
    hub.retryMs = Math.min(hub.retryMs * 2, 5_000);
    setTimeout(() => void reopen(), hub.retryMs);
    return;
  }
  for (const set of hub.channels.values()) for (const subscriber of set) subscriber.onReconnect?.();
}
