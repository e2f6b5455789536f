/**
 * The gate (docs/decisions/021-the-answer-pipeline.md): a disabled chatbot or a hard-paused / suspended
 * workspace is refused (423); no credit is refused (402). The admission
 * itself (reserving a credit) is the SQL function `reserve_answer`.
 */
export type Admission = { kind: "admitted"; reservationId: string | null } | { kind: "refused"; refusal: Refusal };
export type Refusal = "chatbot_disabled" | "workspace_stopped" | "no_credit";

export function refusalFromReservation(refusal: string | null): Refusal | null {
  if (refusal === null) return null;
  if (refusal === "stopped") return "workspace_stopped";
  if (refusal === "no_credit") return "no_credit";
  throw new Error(`unknown admission refusal ${refusal}`);
}

export const REFUSAL_MESSAGES: Record<Refusal, string> = {
  chatbot_disabled: "This chatbot is disabled.",
  workspace_stopped: "This workspace is paused or suspended; its agents do not answer.",
  no_credit: "No message credits left.",
};

export const REFUSAL_CODES = { chatbot_disabled: "LOCKED", workspace_stopped: "LOCKED", no_credit: "PAYMENT_REQUIRED" } as const satisfies Record<Refusal, string>;
