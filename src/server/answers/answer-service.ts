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
import { poolOf, type Db } from "@/server/db/client";
import { REFUSAL_CODES, REFUSAL_MESSAGES, type Refusal } from "@/server/domain/answer/gate";
import type { UsedSource } from "@/server/domain/answer/passages";
import { AppError } from "@/server/errors";
import { isUuid } from "@/server/lib/ids";
import { composeReply } from "./compose";
import { pickProvider } from "./llm-keys";
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
  // Gate
  if (!chatbot.enabled) throw refused("chatbot_disabled");
  // The reservation and the reads run at once (time to first token); a failed read releases the credit.
  const [reservation, team, conversation] = await settleAll([reserveCredit(db, chatbot.teamId), loadTeam(db, chatbot.teamId), findConversation(db, chatbot.id, req.conversationId ?? null)], (r) =>
    r.ok ? releaseCredit(db, r.id) : undefined,
  );
  if (!reservation.ok) throw refused(reservation.refusal);

  try {
    const askedAt = new Date();
    // Updated answer → retrieve → generate → shape
    const reply = await composeReply(db, {
      chatbot,
      question: req.message,
      history: conversation?.history ?? [],
      tokenLimit: team.responseTokenLimit,
      provider: pickProvider(team.keys),
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

/** Promise.all that, when any part fails, hands the first part's value (if it succeeded) to `undo` before rethrowing. */
async function settleAll<A, B, C>(parts: [Promise<A>, Promise<B>, Promise<C>], undo: (first: A) => Promise<void> | undefined): Promise<[A, B, C]> {
  const results = await Promise.allSettled(parts);
  const failed = results.find((r) => r.status === "rejected");
  if (!failed) return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as [A, B, C];
  if (results[0].status === "fulfilled") await undo(results[0].value as A)?.catch(() => undefined);
  throw (failed as PromiseRejectedResult).reason;
}

function refused(refusal: Refusal): AppError {
  return new AppError(REFUSAL_CODES[refusal], REFUSAL_MESSAGES[refusal]);
}

// The hot path speaks SQL directly (named statements on the shared pool): one round trip each.
async function loadTeam(db: Db, teamId: string) {
  const { rows } = await poolOf(db).query<{ id: string; kind: string; agency_id: string | null; response_token_limit: number | null; byok_enabled: boolean; workspace_key: string | null; agency_key: string | null }>({
    name: "answer_team",
    text: `SELECT t.id::text, t.kind::text, t.agency_id::text, t.response_token_limit, t.byok_enabled,
                  t.llm_api_key_ciphertext AS workspace_key, a.llm_api_key_ciphertext AS agency_key
             FROM teams t LEFT JOIN teams a ON a.id = t.agency_id WHERE t.id = $1::uuid`,
    values: [teamId],
  });
  const t = rows[0]!;
  return {
    id: t.id,
    kind: t.kind,
    agencyId: t.agency_id,
    responseTokenLimit: t.response_token_limit,
    keys: { byokEnabled: t.byok_enabled, workspaceKey: t.workspace_key, agencyKey: t.agency_key },
  };
}

async function findConversation(db: Db, chatbotId: string, id: string | null) {
  if (id === null) return null;
  const { rows } = isUuid(id)
    ? await poolOf(db).query<{ id: string; visitor_id: string; role: string | null; content: string | null }>({
        name: "answer_conversation",
        text: `SELECT c.id::text, c.visitor_id::text, m.role, m.content
                 FROM conversations c
                 LEFT JOIN LATERAL (SELECT role, content, created_at FROM messages WHERE conversation_id = c.id ORDER BY created_at DESC LIMIT 50) m ON true
                WHERE c.id = $1::uuid AND c.chatbot_id = $2::uuid
                ORDER BY m.created_at ASC`,
        values: [id, chatbotId],
      })
    : { rows: [] };
  const first = rows[0];
  if (!first) throw new AppError("NOT_FOUND", "Conversation not found.");
  const history = rows
    .filter((m) => m.role !== null)
    .map((m) => ({ role: m.role === "assistant" ? ("assistant" as const) : ("user" as const), content: m.content! }));
  return { id: first.id, visitorId: first.visitor_id, history };
}
