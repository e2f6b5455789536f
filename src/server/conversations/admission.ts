/**
 * Admission (docs/decisions/011-credit-reservations-at-admission.md, §10.2) in ONE statement: `reserve_answer` reserves a
 * credit (or says why not), and the same round trip reads what the rest of
 * the pipeline needs — the team's token limit and LLM keys, the chatbot's
 * updated answers and, for a follow-up, the conversation's history. Nothing
 * here is cached: a pause or suspension is seen by the very next answer.
 *
 * The reads cost microseconds inside `reserve_answer`'s per-agency lock; a
 * separate statement each cost a round trip and a pool connection, which on a
 * busy machine was most of an answer's time (docs/decisions/011-credit-reservations-at-admission.md).
 */
import { poolOf, type Db } from "@/server/kernel/db/client";
import { refusalFromReservation, type Refusal } from "@/server/conversations/rules/gate";
import type { HistoryMessage } from "@/server/conversations/rules/prompt";
import { AGENCY_PLAN_DEFAULTS } from "@/server/workspaces";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { releaseCredit, RESERVATION_TTL_SECONDS } from "@/server/workspaces";
import { botIsSilent } from "@/server/conversations/rules/handoff";

export interface AdmittedTeam {
  id: string;
  /** "client" workspaces are metered; other teams have no credit budget. */
  metered: boolean;
  agencyId: string | null;
  responseTokenLimit: number | null;
  keys: { byokEnabled: boolean; workspaceKey: string | null; agencyKey: string | null };
}

export type Admission =
  | {
      ok: true;
      /** null when the team is not metered. */
      reservationId: string | null;
      team: AdmittedTeam;
      updatedAnswers: Array<{ question: string; suggestedAnswer: string }>;
      handoff: false;
      conversation: { id: string; visitorId: string; history: HistoryMessage[] } | null;
    }
  /** A person is asked for or owns the conversation: the bot stays silent, nothing is reserved or refused for credits. */
  | { ok: true; handoff: true; conversation: { id: string; status: "waiting" | "human" } }
  | { ok: false; refusal: Refusal };

interface AdmissionRow {
  reservation_id: string | null;
  refusal: string | null;
  kind: string;
  agency_id: string | null;
  response_token_limit: number | null;
  byok_enabled: boolean;
  workspace_key: string | null;
  agency_key: string | null;
  updated_answers: Array<{ question: string; suggestedAnswer: string }>;
  conversation_id: string | null;
  visitor_id: string | null;
  status: string | null;
  history: Array<{ role: string; content: string }> | null;
}

const ADMIT = `
SELECT r.reservation_id::text, r.refusal, t.kind::text, t.agency_id::text, t.response_token_limit, t.byok_enabled,
       t.llm_api_key_ciphertext AS workspace_key, a.llm_api_key_ciphertext AS agency_key,
       (SELECT coalesce(json_agg(json_build_object('question', u.question, 'suggestedAnswer', u.suggested_answer)), '[]'::json)
          FROM updated_answers u WHERE u.chatbot_id = $4::uuid) AS updated_answers,
       cv.id::text AS conversation_id, cv.visitor_id::text, cv.status, cv.history
  FROM reserve_answer($1::uuid, $2::int, $3::int) r
 CROSS JOIN teams t
  LEFT JOIN teams a ON a.id = t.agency_id
  LEFT JOIN LATERAL (
        SELECT c.id, c.visitor_id, c.status,
               (SELECT coalesce(json_agg(json_build_object('role', m.role, 'content', m.content) ORDER BY m.created_at), '[]'::json)
                  FROM (SELECT role, content, created_at FROM messages WHERE conversation_id = c.id ORDER BY created_at DESC LIMIT 50) m) AS history
          FROM conversations c
         WHERE c.id = $5::uuid AND c.chatbot_id = $4::uuid
           AND ($6::text IS NULL OR EXISTS (SELECT 1 FROM visitors v WHERE v.id = c.visitor_id AND v.visitor_key = $6::text))
       ) cv ON true
 WHERE t.id = $1::uuid`;

/**
 * Reserves a credit for one answer of `chatbot` and reads its context. A
 * conversation id that is not this chatbot's — or, with `ownerKey`, not that
 * visitor's — is NOT_FOUND (and reserves nothing in the end).
 */
export async function admitAnswer(db: Db, chatbot: { id: string; teamId: string }, conversationId: string | null, ownerKey: string | null = null): Promise<Admission> {
  if (conversationId !== null && !isUuid(conversationId)) throw conversationNotFound();
  const { rows } = await poolOf(db).query<AdmissionRow>({
    name: "answer_admit",
    text: ADMIT,
    values: [chatbot.teamId, AGENCY_PLAN_DEFAULTS.monthlyMessages, RESERVATION_TTL_SECONDS, chatbot.id, conversationId, ownerKey],
  });
  const row = rows[0];
  if (!row) throw new Error(`team ${chatbot.teamId} of chatbot ${chatbot.id} not found`);
  const reservationId = row.refusal === "unmetered" ? null : row.reservation_id;
  if (conversationId !== null && row.conversation_id === null) {
    await releaseCredit(db, reservationId).catch(() => undefined);
    throw conversationNotFound();
  }
  if (row.conversation_id !== null && row.status !== null && botIsSilent(row.status)) {
    await releaseCredit(db, reservationId).catch(() => undefined);
    return { ok: true, handoff: true, conversation: { id: row.conversation_id, status: row.status } };
  }
  const refusal = row.refusal === "unmetered" ? null : refusalFromReservation(row.refusal);
  if (refusal) return { ok: false, refusal };
  return {
    ok: true,
    reservationId,
    handoff: false,
    team: {
      id: chatbot.teamId,
      metered: row.kind === "client",
      agencyId: row.agency_id,
      responseTokenLimit: row.response_token_limit,
      keys: { byokEnabled: row.byok_enabled, workspaceKey: row.workspace_key, agencyKey: row.agency_key },
    },
    updatedAnswers: row.updated_answers,
    conversation:
      row.conversation_id === null
        ? null
        : {
            id: row.conversation_id,
            visitorId: row.visitor_id!,
            // An agent's replies are the other side of the conversation too: after a hand-back the bot sees them as its own.
            history: (row.history ?? []).map((m) => ({ role: m.role === "user" ? ("user" as const) : ("assistant" as const), content: m.content })),
          },
  };
}

const conversationNotFound = () => new AppError("NOT_FOUND", "Conversation not found.");
