/**
 * The widget's lead form submitted as data (docs/decisions/059-a-real-lead-form.md):
 * no chat message, no answer, no credit. The visitor's contact is created or
 * completed in one transaction (the visitor row is the lock, as for leads
 * found in messages) and a new contact fires `lead.captured`, which carries
 * the submitted fields.
 */
import type { Chatbot, Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { validationError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { emitEvent } from "@/server/webhooks";
import { visitorPayload } from "./record";
import { parseOrThrow } from "@/server/kernel/lib/validate";
import type { z } from "zod";
import { messagesFor } from "@/shared/i18n/messages";
import { leadFormOf, leadFormPatchSchema, leadFormSchema, readLead, type LeadForm } from "./rules/lead-form";

/** The lead, checked and thanked for in the chatbot's language (record 117). */
export async function submitLeadForm(db: Db, chatbot: Chatbot, visitorKey: string, conversationId: string | null, raw: unknown) {
  const read = readLead(leadFormOf(chatbot.leadForm, chatbot.defaultLanguage), raw, chatbot.defaultLanguage);
  if (!read.ok) throw validationError(read.errors);
  const { values } = read;
  await db.$transaction(async (tx) => {
    const visitor = await tx.visitor.upsert({
      where: { chatbotId_visitorKey: { chatbotId: chatbot.id, visitorKey } },
      create: { chatbotId: chatbot.id, visitorKey },
      update: { lastSeenAt: new Date() },
      select: { id: true },
    });
    await tx.$queryRaw`SELECT id FROM visitors WHERE id = ${visitor.id}::uuid FOR UPDATE`;
    // The visitor's own conversation only (a foreign id is ignored, never linked); none sent (the form went while
    // the first answer was on its way): the visitor's latest, which that answer's commit, ordered before this by
    // the visitor's row, may have just made (conversations/record.ts links it the other way round).
    const conversation =
      conversationId && !isUuid(conversationId)
        ? null
        : await tx.conversation.findFirst({
            where: { chatbotId: chatbot.id, visitorId: visitor.id, ...(conversationId ? { id: conversationId } : {}) },
            orderBy: { createdAt: "desc" },
            select: { id: true },
          });
    const custom = Object.keys(values.custom).length ? (values.custom as Prisma.InputJsonValue) : undefined;
    const existing = await tx.contact.findFirst({ where: { chatbotId: chatbot.id, visitorId: visitor.id }, orderBy: { createdAt: "asc" } });
    if (existing) {
      await tx.contact.update({
        where: { id: existing.id },
        data: {
          ...(conversation && !existing.conversationId ? { conversationId: conversation.id } : {}),
          ...(values.email ? { email: values.email } : {}),
          ...(values.phone ? { phone: values.phone } : {}),
          ...(values.first_name ? { firstName: values.first_name, lastName: values.last_name ?? "" } : {}),
          ...(custom ? { customData: { ...((existing.customData as Record<string, unknown> | null) ?? {}), ...values.custom } as Prisma.InputJsonValue } : {}),
        },
      });
      return;
    }
    const contact = await tx.contact.create({
      data: {
        teamId: chatbot.teamId,
        chatbotId: chatbot.id,
        visitorId: visitor.id,
        conversationId: conversation?.id ?? null,
        email: values.email ?? "",
        phone: values.phone,
        firstName: values.first_name ?? "",
        lastName: values.last_name ?? "",
        ...(custom ? { customData: custom } : {}),
      },
    });
    const team = await tx.team.findUniqueOrThrow({ where: { id: chatbot.teamId }, select: { agencyId: true } });
    await emitEvent(tx, {
      agencyId: team.agencyId,
      teamId: chatbot.teamId,
      chatbotId: chatbot.id,
      type: "lead.captured",
      data: { visitor: visitorPayload(contact, visitor.id), chatbot_name: chatbot.name, fields: values.fields, source: "lead_form" },
    });
  });
  return { message: messagesFor(chatbot.defaultLanguage).leadForm.thanks };
}

/**
 * Changes the chatbot's lead form (the dashboard's editor and `PATCH /v1/{chatbot_id}/lead-form`): the
 * keys given replace the stored ones (the default form when none is stored) and the result must be a
 * valid form, else 422 with the errors by field. Under the chatbot's row lock: two changes never lose one.
 */
export async function updateLeadForm(db: Db, chatbotId: string, patch: z.output<typeof leadFormPatchSchema>): Promise<LeadForm> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<Array<{ lead_form: unknown; default_language: string }>>`SELECT lead_form, default_language FROM chatbots WHERE id = ${chatbotId}::uuid FOR UPDATE`;
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const form = parseOrThrow(leadFormSchema, { ...leadFormOf(row?.lead_form, row?.default_language), ...given });
    await tx.chatbot.update({ where: { id: chatbotId }, data: { leadForm: form } });
    return form;
  });
}
