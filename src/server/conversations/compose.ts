/**
 * The reply itself: updated answer → retrieval → generation (or the
 * extractive answer) → shaping. Deltas go to `onDelta` as they are final.
 */
import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { questionLanguageOf } from "@/server/kernel/language/detect";
import { askedKindOnly, asksForPerson, kindSearchWords } from "@/server/kernel/language";
import { messagesFor } from "@/shared/i18n/messages";
import { isExcludedTopic } from "@/server/conversations/rules/classify";
import { composeExtractiveAnswer, statesKindIn, type ExtractiveAnswer, type ExtractiveOptions } from "@/server/conversations/rules/extractive";
import { isGrounded, saysNotKnown } from "@/server/conversations/rules/grounding";
import { sourcesOf, type AnswerPassage, type UsedSource } from "@/server/training";
import { buildChatMessages, citedPassages, type HistoryMessage } from "@/server/conversations/rules/prompt";
import { shapeAnswer, StreamShaper } from "@/server/conversations/rules/shaping";
import { matchUpdatedAnswer } from "@/server/conversations/rules/updated-answer-match";
import { MAX_TOP_K, searchPassages } from "@/server/training";
import type { ChatbotAction } from "@/generated/prisma/client";
import type { ActionOutcome } from "@/server/actions";
import { generate } from "./generate";
import type { LlmProvider } from "./llm-provider";
import { actionFailureSentence, runButtonAction, runWithActions } from "./tools";

export interface Reply {
  content: string;
  answered: boolean;
  sources: UsedSource[];
  providerError: string | null;
  via: "updated_answer" | "generated" | "extractive" | "fallback" | "default" | "action" | "person";
  /** The HTTP actions called for this answer (tools.ts), recorded with the turn. */
  actionCalls?: ActionOutcome[];
}

export interface ComposeInput {
  chatbot: Chatbot;
  question: string;
  history: HistoryMessage[];
  /** The chatbot's updated answers (read at admission). */
  updatedAnswers: Array<{ question: string; suggestedAnswer: string }>;
  tokenLimit: number | null;
  provider: LlmProvider | null;
  /** The chatbot's HTTP actions, offered to the LLM as tools (read only when there is a provider). */
  actions?: readonly ChatbotAction[];
  /** A button's HTTP action (the input's `suggestion_id`): called without an LLM, its response is the answer. */
  button?: ChatbotAction | null;
  onDelta: (text: string) => void;
}

export async function composeReply(db: Db, input: ComposeInput): Promise<Reply> {
  const { chatbot, question } = input;
  if (input.button) {
    const pressed = await runButtonAction(input.button, chatbot.defaultLanguage);
    return whole(input, { content: pressed.content, answered: pressed.ok, sources: [], providerError: null, via: "action", actionCalls: [pressed.call] });
  }
  const language = questionLanguage(chatbot, question);
  // Asked for a person in words: no answer from the sources, the team is asked to join (the engine hands over).
  if (asksForPerson(question)) return whole(input, { content: messagesFor(language).panel.waitingNotice, answered: true, sources: [], providerError: null, via: "person" }, false);
  // An updated answer is served verbatim: no retrieval needed.
  // The stored questions are in the chatbot's language, the visitor's rewording in theirs: read in either.
  const updated = matchUpdatedAnswer(question, input.updatedAnswers, { languages: [language, chatbot.defaultLanguage] });
  if (updated) return whole(input, { content: updated.suggestedAnswer, answered: true, sources: [], providerError: null, via: "updated_answer" }, false);
  const passages = await retrieveFor(db, chatbot, question, chatbot.topK, language);

  const fallbackAllowed = chatbot.enableAssistantFallback && !isExcludedTopic(question, chatbot.fallbackExcludedTopics, language);
  const mode = passages.length ? "sources" : fallbackAllowed ? "fallback" : null;
  let providerError: string | null = null;
  if (input.provider && input.actions?.length) {
    // With nothing found and no fallback, the sources prompt (empty) still lets the model call a tool or say it does not know.
    const acted = await replyWithActions(input, passages, mode ?? "sources");
    if (acted) return acted;
  }
  if (mode && input.provider) {
    const generated = await streamGeneration(input, passages, mode);
    if (generated.content) {
      // From the sources: answered, citing what it used — unless the model says the sources do not tell.
      const grounded = mode === "sources" && !saysNotKnown(generated.content, chatbot.defaultAnswer);
      return { content: generated.content, answered: grounded, sources: grounded ? sourcesOf(citedPassages(generated.content, passages)) : [], providerError: generated.error, via: mode === "sources" ? "generated" : "fallback" };
    }
    providerError = generated.error ?? "LLM provider returned an empty answer";
  }
  // Quoted only when the quoted sentences address the question; otherwise the honest default answer.
  const extractive = groundedExtractive(question, passages, { language, tokenLimit: input.tokenLimit });
  if (extractive) return whole(input, { content: extractive.content, sources: extractive.sources, answered: true, providerError, via: "extractive" });
  return whole(input, { content: chatbot.defaultAnswer, answered: false, sources: [], providerError, via: "default" });
}

/** The reply with the chatbot's actions as tools (tools.ts); null when the provider failed (the turn goes on without them). */
async function replyWithActions(input: ComposeInput, passages: AnswerPassage[], mode: "sources" | "fallback"): Promise<Reply | null> {
  const { chatbot } = input;
  const shaper = new StreamShaper(input.tokenLimit);
  const turn = await runWithActions(input.provider!, generationRequest(input, passages, mode), input.actions!, (delta) => {
    const ready = shaper.push(delta);
    if (ready) input.onDelta(ready);
    return !shaper.overflowing;
  });
  if (turn.kind === "failed") return null;
  if (turn.kind === "answer") {
    if (!turn.content.trim()) return null;
    const grounded = mode === "sources" && passages.length > 0 && !saysNotKnown(turn.content, chatbot.defaultAnswer);
    return whole(input, { content: turn.content, answered: grounded, sources: grounded ? sourcesOf(citedPassages(turn.content, passages)) : [], providerError: null, via: mode === "sources" ? "generated" : "fallback" });
  }
  if (!turn.content.trim()) {
    return whole(input, { content: actionFailureSentence(turn.calls, chatbot.defaultLanguage), answered: false, sources: [], providerError: turn.error, via: "action", actionCalls: turn.calls }, false);
  }
  const { content, rest } = shaper.finish();
  if (rest) input.onDelta(rest);
  return { content, answered: true, sources: [], providerError: turn.error, via: "action", actionCalls: turn.calls };
}

/**
 * The passages a reply draws on: the chatbot's `top_k` best. A larger `topK` looks deeper (the evaluations
 * rank pages over 10); its first `top_k` passages are the same, best first.
 *
 * A question asking only for a kind of fact ("Where are you located?", "What is your phone number?":
 * askedKindOnly) names nothing a page must say: the passages stating such a fact come first — looked up by
 * the question and the kind's words and cues ("street", "lane", "call", "Monday"…), kept when a sentence of
 * theirs states the fact (rules/extractive.ts statesKindIn) — then what the question's own words find
 * (docs/decisions/133-questions-asking-only-for-a-kind.md).
 */
export async function retrieveFor(
  db: Db,
  chatbot: Pick<Chatbot, "id" | "topK" | "defaultLanguage">,
  question: string,
  topK = chatbot.topK,
  language = questionLanguage(chatbot, question),
): Promise<AnswerPassage[]> {
  const search = (query: string, k: number) => searchPassages(db, { chatbotId: chatbot.id, query, topK: k, language: chatbot.defaultLanguage, questionLanguage: language });
  const kind = askedKindOnly(question, language);
  if (!kind) return search(question, topK);
  const found = await search(question, topK);
  const stating = (await search(`${question} ${kindSearchWords(kind, language).join(" ")}`, MAX_TOP_K)).filter((p) => statesKindIn(kind, p, language));
  const first = new Set(stating.map((p) => p.chunkId));
  return [...stating, ...found.filter((p) => !first.has(p.chunkId))].slice(0, topK);
}

/**
 * The language a question is read in (docs/decisions/115-one-language-toolkit.md): the one the search stems
 * it in — detected from its text (kernel/language/detect.ts questionLanguageOf), the chatbot's `default_language`
 * the hint and the fallback, and the language its framing words are in
 * (docs/decisions/151-a-question-is-read-in-the-language-it-is-asked-in.md) — so the rules read the question as the
 * retrieval did.
 */
export function questionLanguage(chatbot: Pick<Chatbot, "defaultLanguage">, question: string): string {
  return questionLanguageOf(question, chatbot.defaultLanguage) ?? chatbot.defaultLanguage;
}

/** The extractive answer, only when the sentences it quotes address the question (rules/grounding.ts); else null. */
export function groundedExtractive(question: string, passages: AnswerPassage[], options: ExtractiveOptions = {}): ExtractiveAnswer | null {
  const extractive = composeExtractiveAnswer(question, passages, options);
  return extractive && isGrounded(extractive.grounding) ? extractive : null;
}

/** A reply known in full: shaped (unless verbatim), then sent as one delta. */
function whole(input: ComposeInput, reply: Reply, shape = true): Reply {
  const content = shape ? shapeAnswer(reply.content, input.tokenLimit) : reply.content;
  input.onDelta(content);
  return { ...reply, content };
}

function generationRequest(input: ComposeInput, passages: AnswerPassage[], mode: "sources" | "fallback") {
  const { chatbot } = input;
  return {
    model: chatbot.gptModel,
    temperature: chatbot.temperature,
    maxTokens: input.tokenLimit,
    messages: buildChatMessages({
      settings: { systemPrompt: chatbot.systemPrompt, goalsPrompt: chatbot.goalsPrompt, userPrompt: chatbot.userPrompt, historyCount: chatbot.historyCount, defaultAnswer: chatbot.defaultAnswer, language: chatbot.defaultLanguage },
      passages,
      history: input.history,
      question: input.question,
      mode,
    }),
  };
}

async function streamGeneration(input: ComposeInput, passages: AnswerPassage[], mode: "sources" | "fallback") {
  const shaper = new StreamShaper(input.tokenLimit);
  const { text, error } = await generate(
    input.provider!,
    generationRequest(input, passages, mode),
    (delta) => {
      const ready = shaper.push(delta);
      if (ready) input.onDelta(ready);
      return !shaper.overflowing;
    },
  );
  if (!text.trim()) return { content: "", error };
  const { content, rest } = shaper.finish();
  if (rest) input.onDelta(rest);
  return { content, error };
}
