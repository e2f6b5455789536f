import pg from "pg";

/**
 * One PostgreSQL `LISTEN` connection per process and cache, for caches that
 * must drop an entry the moment another instance changes its rows
 * (docs/decisions/066-token-cache-invalidated-by-notify.md). `generation`
 * changes with every notification and every reconnection, so a reader can
 * tell whether anything happened while it was reading the database; `ready`
 * is false while the connection is not listening (not yet, lost, reconnecting):
 * a cache must then not answer from memory, since notifications may be missed.
 * The connection carries `applicationName`, so a writer can count the
 * listening instances (pg_stat_activity) and wait for each one's answer.
 */
export interface Listener {
  readonly ready: boolean;
  readonly generation: number;
  /** Sends a notification on the listening connection (dropped when it is down). */
  notify(channel: string, payload: string): void;
}

const RECONNECT_MS = 1_000;

export function listen(
  connection: pg.ClientConfig,
  applicationName: string,
  channels: string[],
  handlers: { message(channel: string, payload: string): void; reset(): void },
): Listener {
  let current: pg.Client | null = null;
  const state: Listener & { ready: boolean; generation: number } = {
    ready: false,
    generation: 0,
    notify(channel, payload) {
      if (state.ready && current) current.query("SELECT pg_notify($1, $2)", [channel, payload]).catch(() => undefined);
    },
  };
  const connect = () => {
    const client = new pg.Client({ ...connection, application_name: applicationName });
    current = client;
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      state.ready = false;
      state.generation++;
      handlers.reset();
      client.end().catch(() => undefined);
      setTimeout(connect, RECONNECT_MS).unref();
    };
    client.on("error", lose);
    client.on("end", lose);
    client.on("notification", (n) => {
      if (!channels.includes(n.channel)) return;
      state.generation++;
      handlers.message(n.channel, n.payload ?? "");
    });
    client
      .connect()
      .then(() => client.query(channels.map((c) => `LISTEN "${c}"`).join("; ")))
      .then(() => {
        if (lost) return;
        state.generation++;
        state.ready = true;
      })
      .catch(lose);
  };
  connect();
  return state;
}
