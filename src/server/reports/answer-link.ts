import { env } from "@/server/kernel/env";
import { signToken, verifyToken } from "@/server/kernel/security/signed-token";

/**
 * A report's "Answer this" link (docs/decisions/113-the-value-report.md): signed, so the question it
 * fills into the updated-answer form is the report's own; it grants nothing — the page still needs a
 * signed-in editor of the chatbot.
 */
const PURPOSE = "report-answer-links/v1";
export const ANSWER_LINK_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** What a link carries of a question: enough for the form (the field's limit is far above). */
const MAX_QUESTION = 500;

export interface AnswerLinkData {
  chatbotId: string;
  question: string;
  clusterKey: string;
  period: string;
}

export function answerLinkToken(data: AnswerLinkData, now = new Date()): string {
  return signToken(PURPOSE, { c: data.chatbotId, q: data.question.slice(0, MAX_QUESTION), k: data.clusterKey, p: data.period }, new Date(now.getTime() + ANSWER_LINK_TTL_MS), env().NEXTAUTH_SECRET);
}

/** Where the link opens: the chatbot's updated answers, the form open and filled in. */
export const answerLinkUrl = (base: string, data: AnswerLinkData, now = new Date()) =>
  `${base}/chatbots/${data.chatbotId}/finetunes?answer=${encodeURIComponent(answerLinkToken(data, now))}`;

export function readAnswerLink(token: string, now = new Date()) {
  return verifyToken<AnswerLinkData>(
    PURPOSE,
    token,
    env().NEXTAUTH_SECRET,
    (d) =>
      typeof d.c === "string" && typeof d.q === "string" && typeof d.k === "string" && typeof d.p === "string"
        ? { chatbotId: d.c, question: d.q, clusterKey: d.k, period: d.p }
        : null,
    now,
  );
}
