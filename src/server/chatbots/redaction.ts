import { z } from "zod";
import type { Chatbot } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { auditedChange, recordAudit, workspaceAuditScope, type AuditActor } from "@/server/audit";

/**
 * A chatbot's redaction switch (docs/decisions/125-redaction-and-the-agencys-visits.md): a resource of its
 * own, `GET`/`PATCH /v1/{chatbot_id}/privacy`, since the contract pins the keys of `GET /v1/{chatbot_id}`.
 * The masking itself is the engine's (conversations/rules/redaction.ts).
 */
export const chatbotPrivacySchema = z
  .object({
    redact_pii: z.boolean().meta({
      description:
        "Mask visitors' e-mail addresses ([email]), phone numbers ([phone]), card numbers passing the Luhn check ([card]) and IBANs passing the mod-97 check ([iban]) before messages are stored, sent to the LLM or carried by webhooks; the lead form's fields are kept. Off by default",
    }),
  })
  .meta({ id: "ChatbotPrivacy" });

export const privacyOf = (chatbot: Pick<Chatbot, "redactPii">) => ({ redact_pii: chatbot.redactPii });

/** Turns redaction on or off; a change is in the workspace's audit log. */
export async function setRedaction(db: Db, chatbot: Chatbot, redactPii: boolean, actor: AuditActor) {
  if (chatbot.redactPii === redactPii) return privacyOf(chatbot);
  return auditedChange(db, async (tx) => {
    const updated = await tx.chatbot.update({ where: { id: chatbot.id }, data: { redactPii } });
    const scope = await workspaceAuditScope(tx, chatbot.teamId);
    await recordAudit(tx, {
      agencyId: scope.agencyId,
      teamId: scope.teamId,
      actor,
      action: "chatbot.redaction_changed",
      target: { type: "chatbot", id: chatbot.id, name: chatbot.name },
      before: { redact_pii: chatbot.redactPii },
      after: { redact_pii: redactPii },
    });
    return privacyOf(updated);
  });
}
