/**
 * Generation through an OpenAI-compatible chat completion (the `openai`
 * package, `baseURL` configurable), streamed: every content delta goes to
 * `onDelta` as it arrives. A slow or failing provider is reported, not
 * thrown: the pipeline then serves the extractive answer.
 */
import OpenAI from "openai";
import { env } from "@/server/kernel/env";
import type { LlmProvider } from "./llm-provider";
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";

/** One client per provider and key (its connection pool is reused); a hundred at most. */
const clients = new BoundedMemo<string, OpenAI>(100);
export function clientFor(provider: LlmProvider): OpenAI {
  const id = `${provider.baseURL ?? ""}\n${provider.apiKey}`;
  let client = clients.get(id);
  if (!client) {
    client = new OpenAI({ apiKey: provider.apiKey, baseURL: provider.baseURL, maxRetries: 0, timeout: env().OPENAI_TIMEOUT_MS });
    clients.set(id, client);
  }
  return client;
}

export interface GenerationRequest {
  model: string;
  temperature: number;
  maxTokens: number | null;
  /** The prompt's messages; after tool calls (tools.ts), also the calls and their results. */
  messages: OpenAI.ChatCompletionMessageParam[];
}

/**
 * Streams a completion. `onDelta` returns false to stop early (the shaper has
 * enough). Never throws: `error` says why the provider failed (its message,
 * or the overall OPENAI_TIMEOUT_MS); `text` is what arrived before.
 */
export async function generate(provider: LlmProvider, request: GenerationRequest, onDelta: (text: string) => boolean): Promise<{ text: string; error: string | null }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, env().OPENAI_TIMEOUT_MS);
  let text = "";
  let stopped = false;
  try {
    const stream = await clientFor(provider).chat.completions.create(
      {
        model: request.model,
        temperature: request.temperature,
        messages: request.messages,
        stream: true,
        ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
      },
      { signal: controller.signal },
    );
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content ?? "";
      if (!delta) continue;
      text += delta;
      if (!onDelta(delta)) {
        stopped = true;
        controller.abort();
        break;
      }
    }
    return { text, error: null };
  } catch (error) {
    if (stopped) return { text, error: null };
    const reason = timedOut ? `timed out after ${env().OPENAI_TIMEOUT_MS} ms` : (error as Error).message;
    return { text, error: `LLM provider failed: ${reason}`.slice(0, 500) };
  } finally {
    clearTimeout(timer);
  }
}
