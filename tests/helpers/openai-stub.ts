import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local OpenAI-compatible server (the only stand-in allowed: a third-party
 * boundary): `POST /v1/chat/completions`, with and without `stream`, on
 * 127.0.0.1. It records every request it gets; each reply is configurable
 * (text, words per chunk, delay before the first chunk and between chunks,
 * an HTTP error, or tool calls: the `tool_calls` of a non-streamed reply, as
 * the API answers when the model calls a function).
 */
export interface RecordedCompletion {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    temperature?: number;
    max_tokens?: number;
    stream?: boolean;
    // `content` is null in an assistant message that carries `tool_calls`.
    messages: Array<{ role: string; content: string; tool_call_id?: string; tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }> }>;
    tools?: Array<{ type: "function"; function: { name: string; description?: string; parameters?: unknown } }>;
    tool_choice?: unknown;
  };
}

export interface StubReply {
  text?: string;
  status?: number;
  /** Delay before the response starts (ms). */
  firstChunkDelayMs?: number;
  /** Delay between streamed chunks (ms). */
  chunkDelayMs?: number;
  /** Words per streamed chunk. */
  wordsPerChunk?: number;
  /** The model calls these functions (non-streamed replies): `arguments` is the JSON text the API sends. */
  toolCalls?: Array<{ name: string; arguments: string }>;
}

export interface OpenAiStub {
  baseURL: string;
  requests: RecordedCompletion[];
  reply(next: StubReply | ((req: RecordedCompletion) => StubReply)): void;
  stop(): Promise<void>;
  /** Lets the process exit while it listens (a runner-wide stub, e2e/llm-stub.ts). */
  unref(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Callers stop it (tests: `onCleanup(stub.stop)`); it imports nothing of vitest, so the benchmark uses it too. */
export async function startOpenAiStub(): Promise<OpenAiStub> {
  const requests: RecordedCompletion[] = [];
  let replyFor: (req: RecordedCompletion) => StubReply = () => ({ text: "Stub answer." });
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", async () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const recorded: RecordedCompletion = { headers: req.headers, body: JSON.parse(raw) as RecordedCompletion["body"] };
      requests.push(recorded);
      const reply = replyFor(recorded);
      await sleep(reply.firstChunkDelayMs ?? 0);
      if (res.destroyed) return;
      if (reply.status && reply.status >= 400) {
        res.writeHead(reply.status, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: `stub error ${reply.status}`, type: "server_error" } }));
        return;
      }
      const text = reply.text ?? "";
      const id = `chatcmpl-${requests.length}`;
      const created = Math.floor(Date.now() / 1000);
      if (!recorded.body.stream) {
        // One chat.completion: the tool calls when the reply has them, else the text.
        const choice = reply.toolCalls?.length
          ? {
              message: {
                role: "assistant",
                content: null,
                tool_calls: reply.toolCalls.map((c, i) => ({ id: `call_${requests.length}_${i}`, type: "function", function: { name: c.name, arguments: c.arguments } })),
              },
              finish_reason: "tool_calls",
            }
          : { message: { role: "assistant", content: text }, finish_reason: "stop" };
        res.writeHead(200, { "Content-Type": "application/json" }).end(
          JSON.stringify({
            id,
            object: "chat.completion",
            created,
            model: recorded.body.model,
            choices: [{ index: 0, ...choice }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
        return;
      }
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      const words = text.split(/(?<=\s)/);
      const per = reply.wordsPerChunk ?? 1;
      const frame = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: recorded.body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(frame({ role: "assistant", content: "" }, null));
      for (let i = 0; i < words.length; i += per) {
        if (res.destroyed) return;
        if (i > 0 && reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
        res.write(frame({ content: words.slice(i, i + per).join("") }, null));
      }
      res.write(frame({}, "stop"));
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(next) {
      replyFor = typeof next === "function" ? next : () => next;
    },
    stop,
    unref: () => void server.unref(),
  };
}
