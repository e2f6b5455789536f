import type { LeadField } from "@/shared/widget-wire";
import type { LeadErrors } from "../chat-client";
import { h, patch } from "../dom";
import { STRINGS } from "../strings";

/**
 * The visitor's lead form (record 059) — one view for the chat and for a paused or suspended chatbot's dead
 * end (record 078): labelled fields, errors by field from the server's 422, Esc or Cancel to close. It only
 * draws and collects; `submit` posts (chat-client.ts `postLead`) and says what went wrong, if anything.
 */
export interface LeadFormView {
  form: HTMLFormElement;
  focusFirst(): void;
}

export interface LeadFormHandlers {
  submit(values: Record<string, string>): Promise<LeadErrors | null>;
  close?(): void;
}

export function leadFormView(fields: LeadField[], opts: LeadFormHandlers): LeadFormView {
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
  const sendLead = h("button", { type: "submit", class: "primary" }, STRINGS.send);
  const close = opts.close;
  const form = h(
    "form",
    { class: "lead", "aria-label": STRINGS.leaveDetails, "data-testid": "widget-lead-form" },
    ...inputs.map((f) => f.el),
    general,
    h("div", { class: "row" }, sendLead, close ? h("button", { type: "button", class: "text-btn", onclick: () => close() }, STRINGS.cancel) : null),
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

/**
 * The lead form in the chat: drawn when the state opens it, kept while open (its fields hold what the visitor
 * typed), gone when the state closes it.
 */
export function leadRegion(fields: LeadField[], opts: LeadFormHandlers): { el: HTMLElement; render(open: boolean): void; focusFirst(): void } {
  const el = h("div");
  let view: LeadFormView | null = null;
  return {
    el,
    render(open) {
      if (open === (view !== null)) return;
      view = open ? leadFormView(fields, opts) : null;
      patch(el, view?.form);
    },
    focusFirst: () => view?.focusFirst(),
  };
}
