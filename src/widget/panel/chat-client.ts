import { readAnswerStream } from "@/shared/sse";

/** The public widget API as the panel calls it (same origin: the panel is our page). */

export interface ChatSource {
  id: string;
  url: string | null;
  title: string;
}

export interface AnswerMessage {
  id: string;
  role: "assistant" | "user";
  content: string;
  answered: boolean | null;
  sources: ChatSource[];
  created_at: string;
}

export interface ChatDone {
  conversation_id: string;
  visitor_token?: string;
  message: AnswerMessage;
  /** A person is asked for or owns the conversation (issue 23): `message` is the visitor's, recorded; nobody answered yet. */
  handoff?: boolean;
  status?: "waiting" | "human";
}

export type ChatOutcome =
  | { kind: "done"; done: ChatDone }
  /** No credits (402), paused/suspended/disabled (423), too many requests (429): said politely, not an error. */
  | { kind: "refused"; status: number; message: string }
  | { kind: "failed"; message: string; offline: boolean };

const POLITE: Record<number, string> = {
  402: "Sorry, this assistant can't answer right now. Please try again later.",
  423: "This assistant is unavailable at the moment. Please try again later.",
};

async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === "string") return body.message;
  } catch {
    // not JSON
  }
  return "Something went wrong. Please try again.";
}

export async function sendChat(
  chatbotId: string,
  body: { message: string; conversation_id?: string; visitor_token?: string; source?: "widget" | "share"; suggestion_id?: string },
  onDelta: (text: string) => void,
): Promise<ChatOutcome> {
  let res: Response;
  try {
    res = await fetch(`/api/widget/${chatbotId}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: "failed", offline: true, message: "You seem to be offline. Check your connection and try again." };
  }
  // A conversation this browser kept that the server no longer knows (deleted, or another visitor's): start a new one.
  if (res.status === 404 && body.conversation_id) return sendChat(chatbotId, { ...body, conversation_id: undefined }, onDelta);
  if (POLITE[res.status]) return { kind: "refused", status: res.status, message: POLITE[res.status]! };
  if (res.status === 429) return { kind: "refused", status: 429, message: await messageOf(res) };
  if (!res.ok || !res.body) return { kind: "failed", offline: false, message: await messageOf(res) };

  try {
    const end = await readAnswerStream<ChatDone>(res.body, onDelta);
    if (end.kind === "done") return { kind: "done", done: end.data };
    return { kind: "failed", offline: false, message: end.kind === "error" ? end.message : "The answer was interrupted. Please try again." };
  } catch {
    return { kind: "failed", offline: !navigator.onLine, message: "The answer was interrupted. Please try again." };
  }
}

/** Fire-and-forget calls: a lost thumbs-up or click count must never disturb the visitor. */
export function postQuietly(chatbotId: string, path: "feedback" | "link-clicks", body: unknown): void {
  void fetch(`/api/widget/${chatbotId}/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), keepalive: true }).catch(
    () => undefined,
  );
}
