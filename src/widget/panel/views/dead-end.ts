import type { PanelData } from "@/shared/widget-wire";
import { postLead } from "../chat-client";
import { deadEndText } from "../dead-ends";
import { h, patch } from "../dom";
import { isClosed, wantsLeads, type PanelState } from "../state";
import { footer, shell } from "./shell";
import { leadFormView } from "./lead-form";

/**
 * The dead end (record 078): the chatbot cannot chat, and says why in its own voice — with its lead form
 * when it still wants the visitor's details, and nothing else.
 */

/** In the chat, once an answer was refused for lack of credits or a soft pause (402, 423): the composer gives way to it. */
export function closedView(s: PanelState): HTMLElement | null {
  if (!isClosed(s)) return null;
  // Once the visitor has left their details, the chatbot no longer asks for them.
  const text = deadEndText("no-credits", s.config.name, wantsLeads(s));
  return h("div", { class: "dead-end inline", "data-testid": "panel-dead-end" }, h("h2", {}, text.title), h("p", {}, text.body));
}

/** A whole page that cannot chat (unknown, switched off, paused, suspended, interrupted): focus goes to its words. */
export function deadEndPage(data: Extract<PanelData, { open: false }>): HTMLElement {
  const root = shell(data.face, data.mode === "embed", h("span"));
  const name = data.face?.name ?? null;
  const leads = data.leads;
  const text = deadEndText(data.reason, name, leads !== null);
  const said = h("p", {}, text.body);
  const body = h("div", { class: "dead-end", "data-testid": "panel-dead-end", tabindex: "-1" }, h("h2", {}, text.title), said);
  const leadSlot = h("div");
  const announcer = h("div", { class: "sr-only", "aria-live": "polite" });
  if (leads) {
    const view = leadFormView(leads.lead_form.fields, {
      submit: async (fields) => {
        const sent = await postLead(leads.chatbot_id, { fields });
        if (!sent.ok) return sent.errors;
        // Once the visitor has left their details, the chatbot no longer asks for them.
        said.textContent = deadEndText(data.reason, name, false).body;
        const thanks = h("p", { class: "notice", "data-testid": "panel-lead-thanks", tabindex: "-1" }, sent.thanks);
        thanks.style.margin = "8px 12px";
        patch(leadSlot, thanks);
        announcer.textContent = sent.thanks;
        thanks.focus();
        return null;
      },
    });
    patch(leadSlot, view.form);
  }
  root.append(body, leadSlot, announcer, footer(data.face, h("span", { class: "foot-actions" })));
  return root;
}
