/**
 * The chat completion request built from a chatbot's settings (docs/decisions/022-generation-keys-and-extractive-answers.md):
 * `system_prompt`, `goals_prompt`, the numbered passages with their titles
 * and URLs, the last `history_count` messages, `user_prompt`, the question — and the language to answer in
 * (record 117): the visitor's, else the chatbot's `default_language`.
 */
import type { AnswerPassage } from "@/server/training";
import { languageName } from "@/shared/i18n/languages";

export interface PromptSettings {
  systemPrompt: string;
  goalsPrompt: string;
  userPrompt: string | null;
  historyCount: number;
  defaultAnswer: string;
  /** The chatbot's `default_language`: the answer's language when the question's cannot be told. */
  language: string;
}

export interface HistoryMessage {
  role: "user" | "assistant";
  content: string;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/**
 * The answer speaks the visitor's language, whatever the sources' (a German site asked in French answers in
 * French); the chatbot's language when the question does not tell (a product name, a number). The default
 * answer stays word for word: it is the chatbot's refusal, in its own language, and recognised as one.
 */
export function languageInstruction(language: string): string {
  return `Write your answer in the language of the visitor's question, even when the sources are in another language. If you cannot tell the question's language, write in ${languageName(language)}.`;
}

export function numberedPassages(passages: AnswerPassage[]): string {
  return passages
    .map((p, i) => {
      const heading = p.headingPath ? `\n${p.headingPath}` : "";
      return `[${i + 1}] ${p.title}${p.url ? ` (${p.url})` : ""}${heading}\n${p.content}`;
    })
    .join("\n\n");
}

/** `mode: "sources"` answers from passages; `"fallback"` is the general assistant (nothing relevant was found). */
export function buildChatMessages(input: {
  settings: PromptSettings;
  passages: AnswerPassage[];
  history: HistoryMessage[];
  question: string;
  mode: "sources" | "fallback";
}): ChatMessage[] {
  const { settings } = input;
  const system = [settings.systemPrompt.trim(), settings.goalsPrompt.trim()].filter(Boolean);
  if (input.mode === "sources") {
    system.push(
      `Answer from the numbered sources below and cite them as [n]. If they do not contain the answer, reply exactly, without translating it: ${settings.defaultAnswer}`,
      languageInstruction(settings.language),
      `Sources:\n\n${numberedPassages(input.passages)}`,
    );
  } else {
    system.push("No source of this website covers the question: answer briefly from general knowledge, and say so.", languageInstruction(settings.language));
  }
  const history = settings.historyCount > 0 ? input.history.slice(-settings.historyCount) : [];
  const user = settings.userPrompt?.trim()
    ? settings.userPrompt.includes("{question}")
      ? settings.userPrompt.replaceAll("{question}", input.question)
      : `${settings.userPrompt.trim()}\n\n${input.question}`
    : input.question;
  return [{ role: "system", content: system.join("\n\n") }, ...history.map((m) => ({ role: m.role, content: m.content })), { role: "user", content: user }];
}

/**
 * The passages a generated answer cites as [n] (numberedPassages' numbers), in citation order, each once;
 * all of them when it cites none (nothing tells which it used).
 */
export function citedPassages(answer: string, passages: AnswerPassage[]): AnswerPassage[] {
  const cited = [...answer.matchAll(/\[(\d{1,3})\]/g)].map((m) => passages[Number(m[1]) - 1]).filter((p): p is AnswerPassage => !!p);
  return cited.length ? [...new Set(cited)] : passages;
}
