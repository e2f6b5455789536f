import { h, patch } from "./dom";
import type { PanelLeadField } from "./types";

/**
 * The visitor's lead form (issue 23) — one view for the chat and for a paused or suspended chatbot's dead end
 * (issue 27): labelled fields, errors by field from the server's 422, Esc or Cancel to close. It only
 * draws and collects; `submit` posts (`postLead`) and says what went wrong, if anything.
 */
export interface LeadFormView {
  form: HTMLFormElement;
  focusFirst(): void;
}

export type LeadErrors = Record<string, string[]>;

export function leadFormView(fields: PanelLeadField[], opts: { submit(values: Record<string, string>): Promise<LeadErrors | null>; close?(): void }): LeadFormView {
  const values: Record<string, string> = {};
  const inputs = fields.map((field) => {
    const id = `acp-lead-${field.key}`;
    const input = h("input", {
      id,
      type: field.type === "phone" ? "tel" : field.type,
      required: field.required,
      autocomplete: ({ name: "name", email: "email", phone: "tel" } as Record<string, string>)[field.key] ?? "off",
      "data-f": `lead-${field.key}`,
    });
    input.addEventListener("input", () => (values[field.key] = input.value));
    input.addEventListener("keydown", (e) => {
      if (e.key !== "Escape" || !opts.close) return;
      e.stopPropagation();
      e.preventDefault();
      opts.close();
    });
    const errorSlot = h("div");
    return { field, input, errorSlot, el: h("div", { class: "field" }, h("label", { for: id }, field.label, field.required ? h("span", { "aria-hidden": "true" }, " *") : null), input, errorSlot) };
  });
  const general = h("div");
  const sendLead = h("button", { type: "submit", class: "primary" }, "Send");
  const close = opts.close;
  const form = h(
    "form",
    { class: "lead", "aria-label": "Leave your details", "data-testid": "widget-lead-form" },
    ...inputs.map((f) => f.el),
    general,
    h("div", { class: "row" }, sendLead, close ? h("button", { type: "button", class: "text-btn", onclick: () => close() }, "Cancel") : null),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    sendLead.disabled = true;
    void opts.submit(values).then((errors) => {
      sendLead.disabled = false;
      if (!errors) return;
      for (const f of inputs) {
        const message = errors[`fields.${f.field.key}`]?.[0];
        const errorId = `acp-lead-${f.field.key}-error`;
        patch(f.errorSlot, message ? h("p", { id: errorId, class: "error" }, message) : null);
        if (message) {
          f.input.setAttribute("aria-invalid", "true");
          f.input.setAttribute("aria-describedby", errorId);
        } else {
          f.input.removeAttribute("aria-invalid");
          f.input.removeAttribute("aria-describedby");
        }
      }
      patch(general, errors.fields?.[0] ? h("p", { role: "alert", class: "error" }, errors.fields[0]) : null);
    });
  });
  return { form, focusFirst: () => inputs[0]?.input.focus() };
}

/** Posts a lead to the public widget API: the thank-you and the visitor's token, or the errors to show. */
export async function postLead(
  chatbotId: string,
  body: { fields: Record<string, string>; conversation_id?: string; visitor_token?: string },
): Promise<{ ok: true; thanks: string; visitor_token?: string } | { ok: false; errors: LeadErrors }> {
  try {
    const res = await fetch(`/api/widget/${chatbotId}/leads`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const json = (await res.json()) as { message?: string; errors?: LeadErrors; visitor_token?: string };
    if (res.status === 422) return { ok: false, errors: json.errors ?? { fields: [json.message ?? "Please check the form."] } };
    if (!res.ok) return { ok: false, errors: { fields: [json.message ?? "Something went wrong. Please try again."] } };
    return { ok: true, thanks: json.message ?? "Thank you!", visitor_token: json.visitor_token };
  } catch {
    return { ok: false, errors: { fields: ["You seem to be offline. Please try again."] } };
  }
}
