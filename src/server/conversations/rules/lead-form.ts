/**
 * The widget's lead form (docs/decisions/059-a-real-lead-form.md): fields chosen per chatbot,
 * each required or not, and when the widget shows it. Submitted as data, never as a chat message.
 * Pure: shared by the server (validation) and the UI (the editor and the widget).
 *
 * Field keys `email`, `phone` and `name` fill the contact's columns; any other key is a custom field
 * (the contact's `custom_data`).
 */
import { leadFormSchema, leadFormShape, type LeadForm } from "@/shared/widget-wire";

/** The form's shape is a wire shape of the widget (src/shared/widget-wire.ts); the rules about it are here. */
export { LEAD_FIELD_TYPES, leadFormSchema } from "@/shared/widget-wire";
export type { LeadField, LeadForm } from "@/shared/widget-wire";

/** A change of the form (REST `PATCH /v1/{chatbot_id}/lead-form`): the keys sent replace the stored ones; the result is checked whole. */
export const leadFormPatchSchema = leadFormShape.partial();

export const DEFAULT_LEAD_FORM: LeadForm = {
  fields: [
    { key: "name", label: "Your name", type: "text", required: false },
    { key: "email", label: "Your e-mail", type: "email", required: true },
  ],
  after_messages: null,
  on_handoff: true,
  on_no_credits: true,
};

/** The chatbot's stored form, or the default one. */
export function leadFormOf(stored: unknown): LeadForm {
  const parsed = leadFormSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_LEAD_FORM;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().-]{5,32}$/;

export interface LeadValues {
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  custom: Record<string, string>;
  /** Every submitted field by key, as `lead.captured` carries them. */
  fields: Record<string, string>;
}

/** The submitted values checked against the form: the contact's values, or field errors keyed `fields.<key>`. */
export function readLead(form: LeadForm, raw: unknown): { ok: true; values: LeadValues } | { ok: false; errors: Record<string, string[]> } {
  const given = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const errors: Record<string, string[]> = {};
  const fields: Record<string, string> = {};
  for (const field of form.fields) {
    const value = typeof given[field.key] === "string" ? (given[field.key] as string).trim() : "";
    if (!value) {
      if (field.required) errors[`fields.${field.key}`] = [`${field.label} is required.`];
      continue;
    }
    if (value.length > 255) errors[`fields.${field.key}`] = [`${field.label} must be at most 255 characters.`];
    else if (field.type === "email" && !EMAIL.test(value)) errors[`fields.${field.key}`] = [`${field.label} must be an e-mail address.`];
    else if (field.type === "phone" && !PHONE.test(value)) errors[`fields.${field.key}`] = [`${field.label} must be a phone number.`];
    else fields[field.key] = field.type === "email" ? value.toLowerCase() : value;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  if (!form.fields.some((f) => (f.type === "email" || f.type === "phone") && fields[f.key])) {
    return { ok: false, errors: { fields: ["Leave an e-mail address or a phone number."] } };
  }
  const byType = (type: "email" | "phone") => form.fields.find((f) => f.type === type && fields[f.key]);
  const emailField = form.fields.find((f) => f.key === "email" && fields.email) ?? byType("email");
  const phoneField = form.fields.find((f) => f.key === "phone" && fields.phone) ?? byType("phone");
  const [first, ...rest] = (fields.name ?? "").split(/\s+/).filter(Boolean);
  const custom: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (key !== "name" && key !== emailField?.key && key !== phoneField?.key) custom[key] = value;
  return {
    ok: true,
    values: {
      email: emailField ? fields[emailField.key]! : null,
      phone: phoneField ? fields[phoneField.key]! : null,
      first_name: first ?? null,
      last_name: rest.length ? rest.join(" ") : null,
      custom,
      fields,
    },
  };
}
