import { readAnswerStream as readStream } from "@/shared/sse";

/** The playground's answer: the streamed frames of the chat endpoint (shared/sse), or its JSON error. */
export interface StreamedAnswer {
  conversation_id: string;
  message: { id: string; content: string; answered?: boolean; sources?: Array<{ id: string; url: string | null; title: string }>; created_at: string };
  /** A person has the conversation (docs/decisions/055-conversation-states-and-handoff.md): `message` is the recorded question, the bot said nothing. */
  handoff?: boolean;
}

export async function readAnswerStream(response: Response, onDelta: (content: string) => void): Promise<StreamedAnswer> {
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The request failed (${response.status}).`);
  }
  const end = await readStream<StreamedAnswer>(response.body, onDelta);
  if (end.kind === "done") return end.data;
  throw new Error(end.kind === "error" ? end.message : "The answer stream ended early.");
}
