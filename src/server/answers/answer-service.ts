/**
 * The one answer pipeline (DESIGN §10.2) for every channel — REST, the
 * dashboard playground and the widget:
 *
 *   gate → updated answer → retrieve → generate → shape → charge → record
 *
 * The gate reserves a credit (so concurrent answers can never outrun the
 * balance); a refused or failed answer releases it and costs nothing; a
 * served one is recorded and then charged from its reservation.
 */
import { randomUUID } from "node:crypto";
import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { REFUSAL_CODES, REFUSAL_MESSAGES, type Refusal } from "@/server/domain/answer/gate";
import type { UsedSource } from "@/server/domain/answer/passages";
import { AppError } from "@/server/errors";
import { isUuid } from "@/server/lib/ids";
import { composeReply } from "./compose";
import { providerForTeam } from "./llm-keys";
import { releaseCredit, reserveCredit, settleCredit } from "./metering";
import { recordTurn, type VisitorFields } from "./record";
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
}

export interface AnswerResult {
  conversation_id: string;
  message: { id: string; role: "assistant"; content: string; answered: boolean; sources: UsedSource[]; created_at: Date };
}

export async function answerQuestion(db: Db, req: AnswerRequest): Promise<AnswerResult> {
  const { chatbot } = req;
  const [team, conversation] = await Promise.all([
    db.team.findUniqueOrThrow({ where: { id: chatbot.teamId }, select: { id: true, kind: true, agencyId: true, responseTokenLimit: true } }),
    findConversation(db, chatbot.id, req.conversationId ?? null),
  ]);

  // Gate
  if (!chatbot.enabled) throw refused("chatbot_disabled");
  const reservation = await reserveCredit(db, team);
  if (!reservation.ok) throw refused(reservation.refusal);

  try {
    const askedAt = new Date();
    // Updated answer → retrieve → generate → shape
    const reply = await composeReply(db, {
      chatbot,
      question: req.message,
      history: conversation?.history ?? [],
      tokenLimit: team.responseTokenLimit,
      provider: await providerForTeam(db, team.id),
      onDelta: req.onDelta ?? (() => undefined),
    });
    // Record, then charge the reservation (reference: the answer's id)
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
    });
    await settleCredit(db, team, reservation.id, answerId);
    return {
      conversation_id: recorded.conversationId,
      message: { id: answerId, role: "assistant", content: reply.content, answered: reply.answered, sources: reply.sources, created_at: recorded.message.createdAt },
    };
  } catch (error) {
    await releaseCredit(db, reservation.id).catch(() => undefined);
    throw error;
  }
}

function refused(refusal: Refusal): AppError {
  return new AppError(REFUSAL_CODES[refusal], REFUSAL_MESSAGES[refusal]);
}

async function findConversation(db: Db, chatbotId: string, id: string | null) {
  if (id === null) return null;
  const found = isUuid(id) ? await db.conversation.findFirst({ where: { id, chatbotId }, select: { id: true, visitorId: true } }) : null;
  if (!found) throw new AppError("NOT_FOUND", "Conversation not found.");
  const recent = await db.message.findMany({
    where: { conversationId: found.id },
    orderBy: { createdAt: "desc" },
    take: 50,
    select: { role: true, content: true },
  });
  const history = recent.reverse().map((m) => ({ role: m.role === "assistant" ? ("assistant" as const) : ("user" as const), content: m.content }));
  return { ...found, history };
}
