/**
 * HTTP actions in a turn (docs/decisions/076-http-actions.md): with an LLM and the chatbot's actions,
 * the first completion is asked with the actions as tools. A plain answer is served as it came; tool calls
 * are run through the actions capability (SSRF guard, timeout, size bound), their results fed back, and the
 * final answer streamed. A failed call never breaks the answer: the model is told the error, and when nothing
 * succeeded the visitor gets a plain sentence saying so.
 */
import type OpenAI from "openai";
import type { ChatbotAction } from "@/generated/prisma/client";
import { actionsForTurn, buttonAction, callAction, recordActionCalls, toolOf, type ActionOutcome } from "@/server/actions";
import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { AppError } from "@/server/kernel/errors";
import type { ChatMessage } from "@/server/conversations/rules/prompt";
import { fill } from "@/shared/i18n/fill";
import { messagesFor } from "@/shared/i18n/messages";
import { clientFor, generate } from "./generate";
import type { LlmProvider } from "./llm-provider";

/** At most this many calls in one turn: a model looping on tools cannot hold a visitor's answer hostage. */
const MAX_CALLS = 3;

export const ACTIONS_INSTRUCTION =
  "You can call the tools you are given to look things up or act for the visitor. When a tool fits the question, call it and answer from its result. If a tool reports an error, tell the visitor plainly that it could not be done right now.";

/** The plain sentence a visitor gets when no action worked, in the chatbot's language (record 117). */
export function actionFailureSentence(calls: readonly ActionOutcome[], language = "en"): string {
  const names = [...new Set(calls.map((c) => c.name.replace(/[_-]+/g, " ")))].join(", ");
  const words = messagesFor(language).actions;
  return names ? fill(words.failedNamed, { names }) : words.failed;
}

/** What a visitor reads of a button's response: a JSON body's `message` or `text`, else the body itself, bounded. */
const BUTTON_ANSWER_CHARS = 2_000;
export function buttonAnswerText(body: string): string {
  let text = body;
  try {
    const json = JSON.parse(body) as unknown;
    if (json && typeof json === "object" && !Array.isArray(json)) {
      const field = (json as Record<string, unknown>).message ?? (json as Record<string, unknown>).text;
      if (typeof field === "string") text = field;
    }
  } catch {
    // Not JSON: the body as it came.
  }
  return text.trim().slice(0, BUTTON_ANSWER_CHARS);
}

/**
 * A button's action (docs/decisions/075-suggested-message-actions.md), called without an LLM through the same
 * callAction as a tool call: the answer is the response's text, or the plain failure sentence.
 */
export async function runButtonAction(action: ChatbotAction, language = "en"): Promise<{ content: string; ok: boolean; call: ActionOutcome }> {
  const call = await callAction(action, {});
  const text = call.error === null ? buttonAnswerText(call.result) : "";
  return text ? { content: text, ok: true, call } : { content: actionFailureSentence([call], language), ok: false, call };
}

/**
 * The action of a pressed button: a 422 on `suggestion_id` when it names no HTTP action button of this chatbot
 * or the workspace does not have the `actions` integration (nothing is answered or charged).
 */
export async function buttonActionOf(db: Db, chatbot: { id: string; teamId: string }, suggestionId: string): Promise<ChatbotAction> {
  const action = await buttonAction(db, chatbot, suggestionId);
  if (action) return action;
  const message = "The suggestion_id field must name an HTTP action button of this chatbot, with actions enabled for its workspace.";
  throw new AppError("VALIDATION", message, { errors: { suggestion_id: [message] } });
}

/** The actions a turn offers (empty unless the workspace has the `actions` integration). */
export function turnActions(db: Db, chatbot: { id: string; teamId: string }): Promise<ChatbotAction[]> {
  return actionsForTurn(db, chatbot);
}

/**
 * The calls of a recorded turn, on its conversation and answer. After the turn's own transaction: the answer
 * is already the visitor's, so a failure to keep the log is reported, never turned into a failed turn.
 */
export async function recordTurnActionCalls(db: Db, conversationId: string, messageId: string, calls: readonly ActionOutcome[] | undefined) {
  if (!calls?.length) return;
  await recordActionCalls(db, conversationId, messageId, calls).catch((error: unknown) => console.error("[actions] could not record the calls of a turn:", error));
}

export type ToolTurn =
  /** The model answered without calling anything. */
  | { kind: "answer"; content: string }
  /** Calls were made; `content` is the answer written from their results (empty: generation failed). */
  | { kind: "acted"; content: string; error: string | null; calls: ActionOutcome[] }
  /** The first request failed: the turn goes on without tools. */
  | { kind: "failed"; error: string };

interface ToolRequest {
  model: string;
  temperature: number;
  maxTokens: number | null;
  messages: ChatMessage[];
}

export async function runWithActions(provider: LlmProvider, request: ToolRequest, actions: readonly ChatbotAction[], onDelta: (text: string) => boolean): Promise<ToolTurn> {
  const messages: OpenAI.ChatCompletionMessageParam[] = request.messages.map((m, i) => (i === 0 && m.role === "system" ? { ...m, content: `${m.content}\n\n${ACTIONS_INSTRUCTION}` } : m));
  let first: OpenAI.ChatCompletion;
  try {
    first = await clientFor(provider).chat.completions.create(
      {
        model: request.model,
        temperature: request.temperature,
        messages,
        tools: actions.map(toolOf),
        tool_choice: "auto",
        ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
      },
      { signal: AbortSignal.timeout(env().OPENAI_TIMEOUT_MS) },
    );
  } catch (error) {
    return { kind: "failed", error: `LLM provider failed: ${(error as Error).message}`.slice(0, 500) };
  }
  const reply = first.choices[0]?.message;
  const toolCalls = (reply?.tool_calls ?? []).filter((c) => c.type === "function").slice(0, MAX_CALLS);
  if (!reply || toolCalls.length === 0) return { kind: "answer", content: reply?.content ?? "" };

  const calls: ActionOutcome[] = [];
  const results: OpenAI.ChatCompletionToolMessageParam[] = [];
  for (const call of toolCalls) {
    const action = actions.find((a) => a.name === call.function.name);
    if (!action) {
      results.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify({ error: `No action is named ${call.function.name}.` }) });
      continue;
    }
    let args: unknown;
    try {
      args = call.function.arguments ? JSON.parse(call.function.arguments) : {};
    } catch {
      args = null;
    }
    const outcome = await callAction(action, args);
    calls.push(outcome);
    results.push({ role: "tool", tool_call_id: call.id, content: outcome.result });
  }
  if (calls.length === 0 || calls.every((c) => c.error !== null)) return { kind: "acted", content: "", error: null, calls };

  const followUp = [...messages, { role: "assistant" as const, content: reply.content ?? null, tool_calls: toolCalls }, ...results];
  const { text, error } = await generate(provider, { model: request.model, temperature: request.temperature, maxTokens: request.maxTokens, messages: followUp }, onDelta);
  return { kind: "acted", content: text, error, calls };
}
