"use client";

import { useState, type FormEvent } from "react";
import type { LeadForm as LeadFormConfig } from "@/server/conversations/client";

const INPUT_TYPES = { text: "text", email: "email", phone: "tel" } as const;
const AUTOCOMPLETE: Record<string, string> = { name: "name", email: "email", phone: "tel" };

/**
 * The chatbot's lead form (issue 23): its own fields, submitted as data — not
 * a chat message, no answer, no credit — then a thank-you. Field errors from
 * the server show beside their fields.
 */
export function LeadForm({
  form,
  onSubmit,
  onCancel,
}: {
  form: LeadFormConfig;
  onSubmit: (fields: Record<string, string>) => Promise<Record<string, string[]> | null>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const refused = await onSubmit(values);
    setBusy(false);
    setErrors(refused ?? {});
  };
  const general = errors.fields?.[0];
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Leave your details" className="space-y-2 border-t border-gray-200 bg-gray-50 px-3 py-2 text-sm" data-testid="widget-lead-form">
      {form.fields.map((field, i) => {
        const id = `acp-lead-${field.key}`;
        const error = errors[`fields.${field.key}`]?.[0];
        return (
          <div key={field.key}>
            <label htmlFor={id} className="block text-xs font-medium text-gray-700">
              {field.label}
              {field.required ? <span aria-hidden="true"> *</span> : null}
            </label>
            <input
              id={id}
              type={INPUT_TYPES[field.type]}
              required={field.required}
              autoComplete={AUTOCOMPLETE[field.key] ?? "off"}
              autoFocus={i === 0}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              value={values[field.key] ?? ""}
              onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
              onKeyDown={(e) => e.key === "Escape" && (e.stopPropagation(), onCancel())}
              className="mt-0.5 w-full rounded-lg border border-gray-300 bg-white px-2.5 py-1.5 text-gray-900"
            />
            {error ? (
              <p id={`${id}-error`} className="mt-0.5 text-xs text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {general ? (
        <p role="alert" className="text-xs text-red-700">
          {general}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className="rounded-lg bg-gray-900 px-3 py-1.5 font-medium text-white disabled:opacity-50">
          Send
        </button>
        <button type="button" onClick={onCancel} className="rounded-lg px-2 py-1.5 text-gray-700 hover:bg-gray-200">
          Cancel
        </button>
      </div>
    </form>
  );
}
