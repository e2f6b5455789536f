/**
 * Live conversation events across app processes (docs/decisions/056-live-updates-through-listen-notify.md):
 * writers NOTIFY `acp_conversations` in the transaction that changes a
 * conversation; each process listens once (kernel/db/notifications) and hands
 * each event to the streams open on that conversation (the visitor's) or on
 * its chatbot (the inbox). A payload names what changed, never its text
 * (NOTIFY payloads are bounded to 8000 bytes): a stream reads the message from
 * the table, once per process.
 */
import { listen } from "@/server/kernel/db/notifications";

export const LIVE_CHANNEL = "acp_conversations";

/** `note`: the team's own note; `unattended`: a waiting conversation nobody took in time, or outside business hours (unattended.ts). */
export type LiveKind = "message" | "status" | "note" | "unattended";

export interface LiveEvent {
  chatbot_id: string;
  conversation_id: string;
  kind: LiveKind;
  /** kind "message": the new message's id and role. */
  message_id?: string;
  role?: string;
  /** kind "status": the conversation's status after the change. */
  status?: string;
  /** kind "status": who changed it, as visitors may see them (a first name, null: "the team"). */
  by?: string | null;
}

/** The SQL that sends an event (`$1` its payload), to run inside the writing transaction. */
export const NOTIFY_SQL = `SELECT 1 AS notified FROM pg_notify('${LIVE_CHANNEL}', $1::text)`;

export const eventPayload = (event: LiveEvent) => JSON.stringify(event);

export interface LiveListener {
  onEvent(event: LiveEvent): void;
  /** The process's listening connection came back: events in between were lost; read what was missed. */
  onResync(): void;
}

interface Registry {
  byConversation: Map<string, Set<LiveListener>>;
  byChatbot: Map<string, Set<LiveListener>>;
  started: Promise<unknown> | null;
}

const globalRegistry = globalThis as unknown as { acpLiveRegistry?: Registry };
const registry = (globalRegistry.acpLiveRegistry ??= { byConversation: new Map(), byChatbot: new Map(), started: null });

function dispatch(payload: string) {
  let event: LiveEvent;
  try {
    event = JSON.parse(payload) as LiveEvent;
  } catch {
    return;
  }
  for (const l of registry.byConversation.get(event.conversation_id) ?? []) l.onEvent(event);
  for (const l of registry.byChatbot.get(event.chatbot_id) ?? []) l.onEvent(event);
}

function resyncAll() {
  for (const set of [...registry.byConversation.values(), ...registry.byChatbot.values()]) for (const l of set) l.onResync();
}

function add(map: Map<string, Set<LiveListener>>, key: string, listener: LiveListener): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  };
}

/** Listens to one conversation (`{conversation}`) or to every conversation of a chatbot (`{chatbot}`). */
export async function watch(scope: { conversation: string } | { chatbot: string }, listener: LiveListener): Promise<() => void> {
  registry.started ??= listen(LIVE_CHANNEL, { onNotification: dispatch, onReconnect: resyncAll }).catch((error: unknown) => {
    registry.started = null;
    throw error;
  });
  await registry.started;
  return "conversation" in scope ? add(registry.byConversation, scope.conversation, listener) : add(registry.byChatbot, scope.chatbot, listener);
}

/** Streams open in this process (the bench's figure). */
export function openWatchers(): number {
  let n = 0;
  for (const set of [...registry.byConversation.values(), ...registry.byChatbot.values()]) n += set.size;
  return n;
}
