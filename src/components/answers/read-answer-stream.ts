/** Reads the answer stream (`event: delta` / `done` / `error` frames) of the chat endpoints. */
export interface StreamedAnswer {
  conversation_id: string;
  message: { id: string; content: string; answered: boolean; sources: Array<{ id: string; url: string | null; title: string }>; created_at: string };
}

export async function readAnswerStream(response: Response, onDelta: (content: string) => void): Promise<StreamedAnswer> {
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The request failed (${response.status}).`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(frame)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? "null") as unknown;
      if (event === "delta") onDelta((data as { content: string }).content);
      else if (event === "done") return data as StreamedAnswer;
      else if (event === "error") throw new Error((data as { message: string }).message);
    }
  }
  throw new Error("The answer stream ended early.");
}
