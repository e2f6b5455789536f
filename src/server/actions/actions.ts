import { Prisma, type ChatbotAction } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { AppError, validationError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { sealSecret } from "@/server/kernel/lib/secret-box";
import { storedUrlRefusal } from "@/server/kernel/net/guard";
import { actionNetPolicy } from "./http-call";
import { parametersRefusal } from "./parameters-schema";
import { ACTION_LIMITS, actionFields, type ActionCreateValues, type ActionPatchValues } from "./rules";
import { parseOrThrow } from "@/server/kernel/lib/validate";
import { serializeAction, storedHeaders, type StoredHeader } from "./serializer";

/** A chatbot's HTTP actions: definitions with sealed header values (docs/decisions/076-http-actions.md). */

export async function listActions(db: Db, chatbotId: string) {
  const rows = await db.chatbotAction.findMany({ where: { chatbotId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(serializeAction);
}

async function findAction(db: Db, chatbotId: string, id: string): Promise<ChatbotAction> {
  const action = isUuid(id) ? await db.chatbotAction.findFirst({ where: { id, chatbotId } }) : null;
  if (!action) throw new AppError("NOT_FOUND", "Action not found.");
  return action;
}

/**
 * The headers to store: a new value is sealed; a header given without a value keeps the value stored under
 * its name (the dashboard never sees values, so an edit that leaves them blank keeps them).
 */
function headersToStore(input: Array<{ name: string; value?: string }>, previous: StoredHeader[]): StoredHeader[] {
  const errors: Record<string, string[]> = {};
  const names = new Set<string>();
  const out = input.flatMap((h, i) => {
    const key = h.name.toLowerCase();
    if (names.has(key)) errors[`headers.${i}.name`] = ["The header is listed twice."];
    names.add(key);
    if (h.value !== undefined) return [{ name: h.name, value: sealSecret(h.value) }];
    const kept = previous.find((p) => p.name.toLowerCase() === key);
    if (!kept) errors[`headers.${i}.value`] = ["The value field is required for a new header."];
    return kept ? [{ name: h.name, value: kept.value }] : [];
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}

/** The URL and schema checks that need more than zod: no private literal host, a valid JSON Schema covering the URL's placeholders. */
function checkDefinition(url: string, parameters: Record<string, unknown>) {
  const refusal = storedUrlRefusal(url.replace(/\{([A-Za-z0-9_]+)\}/g, "x"), "url", actionNetPolicy());
  if (refusal) throw validationError({ url: [refusal] });
  const schemaRefusal = parametersRefusal(parameters, url);
  if (schemaRefusal) throw validationError(schemaRefusal);
}

const nameTaken = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
const nameTakenError = () => validationError({ name: ["The chatbot already has an action with this name."] });

export async function createAction(db: Db, chatbotId: string, input: ActionCreateValues) {
  checkDefinition(input.url, input.parameters);
  const count = await db.chatbotAction.count({ where: { chatbotId } });
  if (count >= ACTION_LIMITS.perChatbot) throw new AppError("RULE_VIOLATION", `A chatbot can have at most ${ACTION_LIMITS.perChatbot} actions.`);
  try {
    const created = await db.chatbotAction.create({
      data: {
        chatbotId,
        name: input.name,
        description: input.description,
        method: input.method,
        url: input.url,
        headers: headersToStore(input.headers, []),
        parameters: input.parameters as Prisma.InputJsonObject,
      },
    });
    return serializeAction(created);
  } catch (error) {
    if (nameTaken(error)) throw nameTakenError();
    throw error;
  }
}

/** Applies the patch; returns the action before and after (the audit entry's diff). */
export async function updateAction(db: Db, chatbotId: string, id: string, input: ActionPatchValues) {
  const current = await findAction(db, chatbotId, id);
  const url = input.url ?? current.url;
  const parameters = input.parameters ?? (current.parameters as Record<string, unknown>);
  checkDefinition(url, parameters);
  try {
    const updated = await db.chatbotAction.update({
      where: { id: current.id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.method !== undefined ? { method: input.method } : {}),
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.headers !== undefined ? { headers: headersToStore(input.headers, storedHeaders(current.headers)) } : {}),
        ...(input.parameters !== undefined ? { parameters: input.parameters as Prisma.InputJsonObject } : {}),
      },
    });
    return { before: serializeAction(current), after: serializeAction(updated) };
  } catch (error) {
    if (nameTaken(error)) throw nameTakenError();
    throw error;
  }
}

/** Deletes the action; returns it as it was. */
export async function deleteAction(db: Db, chatbotId: string, id: string) {
  const current = await findAction(db, chatbotId, id);
  await db.chatbotAction.delete({ where: { id: current.id } });
  return serializeAction(current);
}

/** An action as a template defines it: everything but its header values (each client's own secrets). */
export interface ActionDefinition {
  name: string;
  description: string;
  method: ActionCreateValues["method"];
  url: string;
  header_names: string[];
  parameters: Record<string, unknown>;
}

/**
 * Creates (`id` null) or rewrites an action from a template's definition (templates/write-state.ts). A header
 * keeps the value stored under its name; a new one is stored empty, for the client to fill in the Actions tab.
 */
export async function defineAction(db: Db, chatbotId: string, id: string | null, definition: ActionDefinition) {
  const fields = parseOrThrow(actionFields.omit({ headers: true }), { ...definition });
  checkDefinition(fields.url, fields.parameters);
  const previous = id ? storedHeaders((await findAction(db, chatbotId, id)).headers) : [];
  const headers = definition.header_names.map((name) => previous.find((p) => p.name.toLowerCase() === name.toLowerCase()) ?? { name, value: sealSecret("") });
  const data = { ...fields, headers, parameters: fields.parameters as Prisma.InputJsonObject };
  try {
    const row = id ? await db.chatbotAction.update({ where: { id }, data }) : await db.chatbotAction.create({ data: { ...data, chatbotId } });
    return serializeAction(row);
  } catch (error) {
    if (nameTaken(error)) throw nameTakenError();
    throw error;
  }
}
