import { z } from "zod";

/**
 * HubSpot settings (docs/decisions/077-hubspot-crm.md), shared by the dashboard form and the procedures. Pure.
 * The mapping sends a lead form field (a custom field's key) to a HubSpot contact property; name, e-mail and
 * phone always go to `firstname`/`lastname`, `email` and `phone`.
 */
export const HUBSPOT_LIMITS = { token: 400, mappings: 20 } as const;

export const hubspotTokenInput = z.object({ token: z.string().trim().min(1).max(HUBSPOT_LIMITS.token) });

export const fieldMappingInput = z
  .record(
    z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "The {field} field must use lead form field keys (lowercase letters, digits, _)."),
    z.string().regex(/^[a-z][a-z0-9_]{0,99}$/, "The {field} field must map to HubSpot property names (lowercase letters, digits, _)."),
  )
  .refine((m) => Object.keys(m).length <= HUBSPOT_LIMITS.mappings, `The {field} field may map at most ${HUBSPOT_LIMITS.mappings} fields.`);

export type FieldMapping = z.infer<typeof fieldMappingInput>;

/** A lead's HubSpot contact properties: the standard ones, then the mapped custom fields (text only). */
export function contactProperties(
  lead: { firstName: string; lastName: string; phone: string | null; customData: unknown },
  mapping: FieldMapping,
): Record<string, string> {
  const properties: Record<string, string> = {};
  if (lead.firstName) properties.firstname = lead.firstName;
  if (lead.lastName) properties.lastname = lead.lastName;
  if (lead.phone) properties.phone = lead.phone;
  const custom = lead.customData && typeof lead.customData === "object" && !Array.isArray(lead.customData) ? (lead.customData as Record<string, unknown>) : {};
  for (const [key, property] of Object.entries(mapping)) {
    const value = custom[key];
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") properties[property] = String(value);
  }
  return properties;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** HubSpot's note body limit is 65,536 characters; the transcript keeps its end when longer. */
const NOTE_LIMIT = 60_000;

/** The conversation as a note body (HubSpot renders notes as HTML). */
export function transcriptNote(chatbotName: string, messages: ReadonlyArray<{ role: string; content: string }>): string {
  const who = (role: string) => (role === "user" ? "Visitor" : role === "agent" ? "Team" : chatbotName);
  const lines = messages.map((m) => `<p><strong>${escapeHtml(who(m.role))}:</strong> ${escapeHtml(m.content).replace(/\n/g, "<br>")}</p>`);
  const head = `<p><strong>Conversation with ${escapeHtml(chatbotName)}</strong></p>`;
  let body = lines.join("");
  if (head.length + body.length > NOTE_LIMIT) body = `<p>…</p>${body.slice(body.length - (NOTE_LIMIT - head.length - 10))}`;
  return head + body;
}
