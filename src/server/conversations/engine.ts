/**
 * The conversation engine: one turn, for every surface — REST chat, the
 * widget, the share page, the playground, the messaging channels — each of
 * which builds its caller in the transports (transport/turn-callers.ts;
 * docs/architecture.md walks it):
 *
 *   validate → gate → updated answer → retrieve → generate → shape → record + charge
 *
 * The gate reserves a credit (so concurrent answers can never outrun the
 * balance); a refused or failed answer releases it and costs nothing; a
 * served one is recorded and charged from its reservation in one statement.
 * Three statements for a plain extractive answer: admission, retrieval,
 * record + charge.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { REFUSAL_CODES, REFUSAL_MESSAGES, type Refusal } from "@/server/conversations/rules/gate";
import type { UsedSource } from "@/server/training";
import { AppError } from "@/server/kernel/errors";
import { parseOrThrow } from "@/server/kernel/lib/validate";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { textsInItsLanguage } from "@/shared/i18n/chatbot-texts";
import type { KeyClaim } from "@/server/kernel/http/idempotency";
import { admitAnswer } from "./admission";
import { composeReply } from "./compose";
import { pickProvider } from "./llm-provider";
import { releaseCredit } from "@/server/workspaces";
import { recordedAnswer, recordTurn } from "./record";
import { chatAnswerSchema } from "./serializer";
import { countryOf } from "./visitor";
import { redactPersonalData } from "./rules/redaction";
import { handoffAnswerSchema, recordVisitorMessageForPerson } from "./handoff";
import type { ConversationSource } from "./rules/handoff";
import { buttonActionOf, recordTurnActionCalls, turnActions } from "./tools";

const optionalText = (max: number) => z.string().max(max).nullish();

/**
 * The one input of a turn, whatever the surface: the same rules and the same
 * 422s on REST, the widget and the playground. `visitor` carries an API
 * caller's own key for its visitor and contact fields; the widget and the
 * playground identify their visitor themselves (TurnCaller.visitorKey).
 */
export const turnInput = z.object({
  message: z.string().trim().min(1).max(4000),
  conversation_id: z.string().nullish(),
  /** A pressed button (suggested message) whose `action` is `{type:"http"}`: the turn calls that action, no LLM. */
  suggestion_id: z.string().max(64).nullish(),
  visitor: z
    .object({
      id: z.string().trim().min(1).max(255).nullish(),
      email: z.email().max(255).nullish(),
      first_name: optionalText(255),
      last_name: optionalText(255),
      phone: optionalText(64),
      custom_data: z.unknown().optional(),
    })
    .nullish(),
});
export type TurnInput = z.input<typeof turnInput>;
/** The input as a surface received it, field by field, before the engine validates it (a widget's JSON body). */
export type RawTurnInput = { [K in keyof TurnInput]?: unknown };

/**
 * The one output: the JSON of `POST /v1/{chatbot_id}/chat`, of the stream's `done` event, on every surface —
 * the bot's answer, or (a person is asked for or owns the conversation) the recorded visitor message with
 * `answered: false`, `handoff: true`.
 */
export const turnOutput = z.union([chatAnswerSchema, handoffAnswerSchema]);
export type TurnOutput = z.output<typeof turnOutput>;

/** Who asks, as the surface established it (its authentication is the surface's job). */
export interface TurnCaller {
  chatbot: Chatbot;
  /**
   * The surface's own key for its visitor (a widget visitor's signed token, the playground's member). With
   * it, only that visitor's conversations may be continued; without it (an API caller), the input's
   * `visitor.id`, else a new visitor per turn.
   */
  visitorKey?: string | null;
  ip?: string | null;
  /** Receives the answer's text as it becomes final (streaming); the deltas add up to `content`. */
  onDelta?: (text: string) => void;
  /** Where a new conversation starts (the inbox's filter; playground ones stay out of analytics). Default `api`. */
  source?: ConversationSource;
  /** REST with an Idempotency-Key: the key's claim, recorded with the turn; an answer already recorded on it is returned as is. */
  idempotency?: KeyClaim | null;
  /**
   * The surface's own key of this turn (a channel: the provider's event, docs/decisions/083-channel-answers-once-across-a-crash.md):
   * written on the turn's messages in the turn's transaction, unique per chatbot, so a turn is recorded and
   * charged at most once per key; the surface looks it up first (`recordedTurn`).
   */
  turnKey?: string | null;
}

/**
 * What a surface's transport knows about a turn: all of the caller but the chatbot, which the surface's
 * access rule finds (transport/turn-callers.ts builds one per surface).
 */
export type TurnSurface = Omit<TurnCaller, "chatbot">;

/**
 * One conversation turn, for every surface: validate → admit (gate and
 * credit) → compose (updated answer, retrieval, generation, shaping) →
 * record and charge. Nothing is answered before the input is valid; an answer
 * a visitor received is recorded and charged, or the turn fails and costs
 * nothing.
 */
export async function runTurn(db: Db, caller: TurnCaller, rawInput: RawTurnInput): Promise<TurnOutput> {
  const input = parseOrThrow(turnInput, rawInput);
  const { chatbot } = caller;
  const country = countryOf(caller.ip ?? null);
  // Redaction (record 125) happens here, once for every surface: what follows — the record, the LLM, the
  // webhooks — only ever sees the masked text. The visitor's contact fields (`input.visitor`) are the lead's.
  const message = chatbot.redactPii ? redactPersonalData(input.message, country?.code ?? null) : input.message;
  // A retry of a request whose answer was recorded (its process died before storing the response): that answer.
  if (caller.idempotency?.recordedEffect) return serialize(await recordedAnswer(db, chatbot.id, caller.idempotency.recordedEffect));
  // Gate: one statement reserves the credit and reads the team, updated answers and history.
  if (!chatbot.enabled) throw refused("chatbot_disabled");
  const button = input.suggestion_id ? await buttonActionOf(db, chatbot, input.suggestion_id) : null;
  const ownerKey = caller.visitorKey ?? null;
  const admission = await admitAnswer(db, chatbot, input.conversation_id ?? null, ownerKey);
  if (!admission.ok) throw refused(admission.refusal);
  // A person is asked for or owns the conversation: the bot says nothing; the message is recorded, free.
  if (admission.handoff) return recordVisitorMessageForPerson(db, chatbot.id, admission.conversation, message, caller.turnKey ?? null);
  const { team, conversation } = admission;

  try {
    const askedAt = new Date();
    const provider = pickProvider(team.keys);
    const reply = await composeReply(db, {
      // Its untouched default texts (the refusal) in its own language (record 117).
      chatbot: textsInItsLanguage(chatbot),
      question: message,
      history: conversation?.history ?? [],
      updatedAnswers: admission.updatedAnswers,
      tokenLimit: team.responseTokenLimit,
      provider,
      actions: provider && !button ? await turnActions(db, chatbot) : [],
      button,
      onDelta: caller.onDelta ?? (() => undefined),
    });
    // Asked for a person: the conversation waits for one (recordTurn), and saying so is free.
    const personAsked = reply.via === "person";
    if (personAsked) await releaseCredit(db, admission.reservationId);
    // Record and charge the reservation (reference: the answer's id), in one transaction.
    const answerId = randomUUID();
    const recorded = await recordTurn(db, {
      chatbot,
      agencyId: team.agencyId,
      conversationId: conversation?.id ?? null,
      source: caller.source ?? "api",
      visitor: {
        id: conversation?.visitorId ?? null,
        key: ownerKey ?? (input.visitor?.id?.trim() || randomUUID()),
        country,
        fields: input.visitor ?? null,
      },
      question: message,
      askedAt,
      answer: { id: answerId, content: reply.content, answered: reply.answered, sources: reply.sources, providerError: reply.providerError },
      charge: personAsked ? { metered: false, reservationId: null } : { metered: team.metered, reservationId: admission.reservationId },
      personAsked,
      idempotency: caller.idempotency,
      turnKey: caller.turnKey ?? null,
    });
    await recordTurnActionCalls(db, recorded.conversationId, answerId, reply.actionCalls);
    return serialize({
      conversation_id: recorded.conversationId,
      message: { id: answerId, role: "assistant", content: reply.content, answered: reply.answered, sources: reply.sources, created_at: recorded.message.createdAt },
    });
  } catch (error) {
    await releaseCredit(db, admission.reservationId).catch(() => undefined);
    throw error;
  }
}

interface Answer {
  conversation_id: string;
  message: { id: string; role: "assistant"; content: string; answered: boolean; sources: UsedSource[]; created_at: Date };
}

const serialize = (a: Answer): TurnOutput => ({ ...a, message: { ...a.message, created_at: isoMicro(a.message.created_at) } });

function refused(refusal: Refusal): AppError {
  return new AppError(REFUSAL_CODES[refusal], REFUSAL_MESSAGES[refusal]);
}
