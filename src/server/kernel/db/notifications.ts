import { randomUUID } from "node:crypto";
import pg from "pg";
import { requireDatabaseUrl } from "@/server/kernel/env";

/**
 * PostgreSQL LISTEN/NOTIFY, ONE listening connection per process and database
 * (docs/decisions/056-live-updates-through-listen-notify.md,
 * docs/decisions/066-token-cache-invalidated-by-notify.md), serving every
 * channel the process follows: the live streams' (conversations/live.ts) and
 * the API-token cache's (access/token-cache.ts). A writer `NOTIFY`s in the
 * transaction that makes the change (delivered at COMMIT, never for a
 * rollback); the connection fans each notification out to the channel's
 * subscribers, in commit order, synchronously.
 *
 * Per channel, a subscription tells whether it is `ready` (the connection is
 * up and LISTENs on it: a cache must not answer from memory otherwise, since
 * notifications may be missed) and a `generation` that changes with every
 * notification on it and every loss or reconnection (a reader can tell
 * whether anything happened while it was reading the database).
 *
 * When the connection drops, every subscriber's `onLost` runs at once; it is
 * opened again with a growing pause, then every `onReconnect` runs:
 * notifications sent in between are lost, so a stream reads what it missed.
 *
 * The connection carries LISTENER_APPLICATION_NAME, so `syncListeners` can
 * count the listening instances (pg_stat_activity) and wait until each has
 * processed everything committed before it: every connection answers a sync
 * request after the notifications queued before it.
 */
export interface Subscriber {
  onNotification(payload: string): void;
  /** The connection dropped: notifications may be missed from now on until `onReconnect`. */
  onLost?(): void;
  onReconnect?(): void;
}

export interface Subscription {
  readonly ready: boolean;
  readonly generation: number;
  unsubscribe(): void;
}

export const LISTENER_APPLICATION_NAME = "acp-listener";
const SYNC_CHANNEL = "acp_listeners_sync";
const SYNCED_CHANNEL = "acp_listeners_synced";

interface Channel {
  subscribers: Set<Subscriber>;
  generation: number;
  /** LISTEN ran on the current connection. */
  listening: boolean;
}

interface Hub {
  connectionString: string;
  channels: Map<string, Channel>;
  client: pg.Client | null;
  connecting: Promise<void> | null;
  retryMs: number;
  retrying: boolean;
  /** Answers awaited by this process's syncs, by nonce. */
  syncs: Map<string, () => void>;
}

// On globalThis: Next loads this module once per bundle layer, and one process must listen once per database.
const holder = globalThis as unknown as { acpListenerHubs?: Map<string, Hub> };
const hubs = (holder.acpListenerHubs ??= new Map());

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function hubFor(connectionString: string = requireDatabaseUrl()): Hub {
  let hub = hubs.get(connectionString);
  if (!hub) {
    hub = { connectionString, channels: new Map(), client: null, connecting: null, retryMs: 200, retrying: false, syncs: new Map() };
    for (const internal of [SYNC_CHANNEL, SYNCED_CHANNEL]) hub.channels.set(internal, { subscribers: new Set(), generation: 0, listening: false });
    hubs.set(connectionString, hub);
  }
  return hub;
}

/**
 * Follows a channel on the process's listening connection to `connectionString` (default DATABASE_URL),
 * opening it if needed; returns at once (see `ready`).
 */
export function subscribe(channel: string, subscriber: Subscriber, connectionString?: string): Subscription {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`);
  const hub = hubFor(connectionString);
  let entry = hub.channels.get(channel);
  if (!entry) hub.channels.set(channel, (entry = { subscribers: new Set(), generation: 0, listening: false }));
  entry.subscribers.add(subscriber);
  if (hub.client && !entry.listening) void listenOn(hub, hub.client, channel).catch(() => undefined);
  else void connected(hub).catch(() => retry(hub));
  const current = entry;
  return {
    get ready() {
      return hub.client !== null && current.listening;
    },
    get generation() {
      return current.generation;
    },
    unsubscribe: () => void current.subscribers.delete(subscriber),
  };
}

/** `subscribe`, resolved once the channel is listened to; rejects when the connection cannot be opened. */
export async function listen(channel: string, subscriber: Subscriber, connectionString?: string): Promise<() => void> {
  const subscription = subscribe(channel, subscriber, connectionString);
  const hub = hubFor(connectionString);
  try {
    await connected(hub);
    if (!subscription.ready && hub.client) await listenOn(hub, hub.client, channel);
  } catch (error) {
    subscription.unsubscribe();
    throw error;
  }
  return subscription.unsubscribe;
}

async function listenOn(hub: Hub, client: pg.Client, channel: string): Promise<void> {
  await client.query(`LISTEN ${channel}`);
  const entry = hub.channels.get(channel);
  if (entry && hub.client === client && !entry.listening) {
    entry.listening = true;
    entry.generation++;
  }
}

function connected(hub: Hub): Promise<void> {
  if (hub.client) return Promise.resolve();
  hub.connecting ??= open(hub).finally(() => (hub.connecting = null));
  return hub.connecting;
}

function dispatch(hub: Hub, client: pg.Client, message: pg.Notification) {
  const payload = message.payload ?? "";
  // Answered after every notification queued before the request: this process has processed them.
  if (message.channel === SYNC_CHANNEL) return void client.query("SELECT pg_notify($1, $2)", [SYNCED_CHANNEL, payload]).catch(() => undefined);
  if (message.channel === SYNCED_CHANNEL) return hub.syncs.get(payload)?.();
  const entry = hub.channels.get(message.channel);
  if (!entry) return;
  entry.generation++;
  for (const subscriber of entry.subscribers) {
    try {
      subscriber.onNotification(payload);
    } catch (error) {
      console.error("[notifications] a subscriber failed:", error);
    }
  }
}

function everySubscriber(hub: Hub, run: (s: Subscriber) => void) {
  for (const entry of hub.channels.values()) for (const subscriber of entry.subscribers) run(subscriber);
}

async function open(hub: Hub): Promise<void> {
  const client = new pg.Client({ connectionString: hub.connectionString, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
  let lost = false;
  const lose = () => {
    if (lost) return;
    lost = true;
    client.end().catch(() => undefined);
    if (hub.client !== client) return;
    hub.client = null;
    for (const entry of hub.channels.values()) {
      entry.listening = false;
      entry.generation++;
    }
    everySubscriber(hub, (s) => s.onLost?.());
    retry(hub);
  };
  client.on("notification", (message) => dispatch(hub, client, message));
  client.on("error", lose);
  client.on("end", lose);
  try {
    await client.connect();
    const channels = [...hub.channels.keys()];
    await client.query(channels.map((c) => `LISTEN ${c}`).join("; "));
    if (lost) throw new Error("the listening connection closed while opening");
    hub.client = client;
    hub.retryMs = 200;
    for (const channel of channels) {
      const entry = hub.channels.get(channel)!;
      entry.listening = true;
      entry.generation++;
    }
    // Channels subscribed while the LISTENs above ran.
    for (const [channel, entry] of hub.channels) if (!entry.listening) await listenOn(hub, client, channel);
  } catch (error) {
    lost = true;
    client.end().catch(() => undefined);
    throw error;
  }
}

/** Opens the connection again after a pause that grows with each failure; then every stream reads what it missed. */
function retry(hub: Hub) {
  if (hub.retrying) return;
  hub.retrying = true;
  const again = () => {
    connected(hub).then(
      () => {
        hub.retrying = false;
        everySubscriber(hub, (s) => s.onReconnect?.());
      },
      () => {
        hub.retryMs = Math.min(hub.retryMs * 2, 5_000);
        setTimeout(again, hub.retryMs).unref();
      },
    );
  };
  setTimeout(again, hub.retryMs).unref();
}

/**
 * Resolves once every process listening on this database at the moment of the call has processed the
 * notifications committed before it, or after `timeoutMs` (an instance that stopped answering). Processes
 * that start listening later read the database first.
 */
export async function syncListeners(connectionString?: string, timeoutMs = 2_000): Promise<void> {
  const hub = hubFor(connectionString);
  const until = Date.now() + timeoutMs;
  // This process's own connection receives the answers: it may still be opening on a first call.
  while (!hub.client && Date.now() < until) {
    await connected(hub).catch(() => new Promise((r) => setTimeout(r, 50)));
  }
  const client = hub.client;
  if (!client) return;
  const nonce = randomUUID();
  let answers = 0;
  let expected = Infinity;
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  hub.syncs.set(nonce, () => {
    if (++answers >= expected) done();
  });
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
      [LISTENER_APPLICATION_NAME],
    );
    expected = rows[0]!.n;
    if (answers >= expected) return;
    await client.query("SELECT pg_notify($1, $2)", [SYNC_CHANNEL, nonce]);
    await Promise.race([all, new Promise((r) => setTimeout(r, Math.max(0, until - Date.now())).unref())]);
  } finally {
    hub.syncs.delete(nonce);
  }
}
