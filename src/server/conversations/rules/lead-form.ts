/**
 * The widget's lead form (docs/decisions/059-a-real-lead-form.md): fields chosen per chatbot,
 * each required or not, and when the widget shows it. Submitted as data, never as a chat message.
 * Pure: shared by the server (validation) and the UI (the editor and the widget).
 *
 * Field keys `email`, `phone` and `name` fill the contact's columns; any other key is a custom field
 * (the contact's `custom_data`).
 */
import { leadFormSchema, leadFormShape, type LeadForm } from "@/shared/widget-wire";
import { fill } from "@/shared/i18n/fill";
import { messagesFor } from "@/shared/i18n/messages";

/** The form's shape is a wire shape of the widget (src/shared/widget-wire.ts); the rules about it are here. */
export { LEAD_FIELD_TYPES, leadFormSchema } from "@/shared/widget-wire";
export type { LeadField, LeadForm } from "@/shared/widget-wire";

/** A change of the form (REST `PATCH /v1/{chatbot_id}/lead-form`): the keys sent replace the stored ones; the result is checked whole. */
export const leadFormPatchSchema = leadFormShape.partial();

/** The form a chatbot has until someone changes it, its labels in the chatbot's language (record 117). */
export function defaultLeadForm(language = "en"): LeadForm {
  const words = messagesFor(language).leadForm;
  return {
    fields: [
      { key: "name", label: words.nameLabel, type: "text", required: false },
      { key: "email", label: words.emailLabel, type: "email", required: true },
    ],
    after_messages: null,
    on_handoff: true,
    on_no_credits: true,
  };
}

export const DEFAULT_LEAD_FORM: LeadForm = defaultLeadForm();

/** The chatbot's stored form, or the default one in its language. */
export function leadFormOf(stored: unknown, language = "en"): LeadForm {
  const parsed = leadFormSchema.safeParse(stored);
  return parsed.success ? parsed.data : defaultLeadForm(language);
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

/**
 * The submitted values checked against the form: the contact's values, or field errors keyed `fields.<key>`,
 * said to the visitor in the chatbot's `language`.
 */
export function readLead(form: LeadForm, raw: unknown, language = "en"): { ok: true; values: LeadValues } | { ok: false; errors: Record<string, string[]> } {
  const words = messagesFor(language).leadForm;
  const given = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const errors: Record<string, string[]> = {};
  const fields: Record<string, string> = {};
  for (const field of form.fields) {
    const value = typeof given[field.key] === "string" ? (given[field.key] as string).trim() : "";
    const error = (text: string) => (errors[`fields.${field.key}`] = [fill(text, { label: field.label })]);
    if (!value) {
      if (field.required) error(words.required);
      continue;
    }
    if (value.length > 255) error(words.tooLong);
    else if (field.type === "email" && !EMAIL.test(value)) error(words.notEmail);
    else if (field.type === "phone" && !PHONE.test(value)) error(words.notPhone);
    else fields[field.key] = field.type === "email" ? value.toLowerCase() : value;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  if (!form.fields.some((f) => (f.type === "email" || f.type === "phone") && fields[f.key])) {
    return { ok: false, errors: { fields: [words.contactNeeded] } };
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
