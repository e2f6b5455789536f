/**
 * The one answer pipeline (DESIGN §10.2) for every channel — REST, the
 * dashboard playground and the widget:
 *
 *   gate → updated answer → retrieve → generate → shape → charge → record
 *
 * The gate reserves a credit (so concurrent answers can never outrun the
 * balance); a refused or failed answer releases it and costs nothing; a
 * served one is recorded and charged from its reservation in one statement.
 * Three statements for a plain extractive answer: admission, retrieval,
 * record + charge.
 */
import { randomUUID } from "node:crypto";
import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { REFUSAL_CODES, REFUSAL_MESSAGES, type Refusal } from "@/server/conversations/rules/gate";
import type { UsedSource } from "@/server/training";
import { AppError } from "@/server/kernel/errors";
import type { KeyClaim } from "@/server/kernel/http/idempotency";
import { admitAnswer } from "./admission";
import { composeReply } from "./compose";
import { pickProvider } from "./llm-provider";
import { releaseCredit } from "@/server/workspaces";
import { recordedAnswer, recordTurn, type VisitorFields } from "./record";
import { countryOf } from "./visitor";

export interface AnswerRequest {
  chatbot: Chatbot;
  message: string;
  conversationId?: string | null;
  /** The caller's visitor: `id` is its own key for the visitor (REST), plus optional contact fields. */
  visitor?: (VisitorFields & { id?: string | null }) | null;
  ip?: string | null;
  /** Receives the answer's text as it becomes final (streaming); the deltas add up to `content`. */
  onDelta?: (text: string) => void;
  /** REST with an Idempotency-Key: the key's claim, recorded with the turn; an answer already recorded on it is returned as is. */
  idempotency?: KeyClaim | null;
}

export interface AnswerResult {
  conversation_id: string;
  message: { id: string; role: "assistant"; content: string; answered: boolean; sources: UsedSource[]; created_at: Date };
}

export async function answerQuestion(db: Db, req: AnswerRequest): Promise<AnswerResult> {
  const { chatbot } = req;
  // A retry of a request whose answer was recorded (its process died before storing the response): that answer.
  if (req.idempotency?.recordedEffect) return recordedAnswer(db, chatbot.id, req.idempotency.recordedEffect);
  // Gate: one statement reserves the credit and reads the team, updated answers and history.
  if (!chatbot.enabled) throw refused("chatbot_disabled");
  const admission = await admitAnswer(db, chatbot, req.conversationId ?? null);
  if (!admission.ok) throw refused(admission.refusal);
  const { team, conversation } = admission;

  try {
    const askedAt = new Date();
    // Updated answer → retrieve → generate → shape
    const reply = await composeReply(db, {
      chatbot,
      question: req.message,
      history: conversation?.history ?? [],
      updatedAnswers: admission.updatedAnswers,
      tokenLimit: team.responseTokenLimit,
      provider: pickProvider(team.keys),
      onDelta: req.onDelta ?? (() => undefined),
    });
    // Record and charge the reservation (reference: the answer's id), in one transaction.
    const answerId = randomUUID();
    const recorded = await recordTurn(db, {
      chatbot,
      agencyId: team.agencyId,
      conversationId: conversation?.id ?? null,
      visitor: {
        id: conversation?.visitorId ?? null,
        key: req.visitor?.id?.trim() || randomUUID(),
        country: countryOf(req.ip ?? null),
        fields: req.visitor ?? null,
      },
      question: req.message,
      askedAt,
      answer: { id: answerId, content: reply.content, answered: reply.answered, sources: reply.sources, providerError: reply.providerError },
      charge: { metered: team.metered, reservationId: admission.reservationId },
      idempotency: req.idempotency,
    });
    return {
      conversation_id: recorded.conversationId,
      message: { id: answerId, role: "assistant", content: reply.content, answered: reply.answered, sources: reply.sources, created_at: recorded.message.createdAt },
    };
  } catch (error) {
    await releaseCredit(db, admission.reservationId).catch(() => undefined);
    throw error;
  }
}

function refused(refusal: Refusal): AppError {
  return new AppError(REFUSAL_CODES[refusal], REFUSAL_MESSAGES[refusal]);
}
