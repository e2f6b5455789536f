/**
 * What the panel page hands its script (a JSON block in the HTML, src/widget/panel/page.ts): the chatbot's
 * public widget config (chatbots/widget-config.ts, the same fields `GET /api/widget/{id}/config` answers)
 * or, when the chatbot cannot chat, why — said in its own voice by the page, never with a link into the app.
 * Declared here, not imported: the panel runs in the visitor's browser and imports nothing from the server
 * (eslint zone of src/widget); the route passing the server's config is type-checked against it.
 */
export interface PanelLeadField {
  key: string;
  label: string;
  type: "text" | "email" | "phone";
  required: boolean;
}

export interface PanelLeadForm {
  fields: PanelLeadField[];
  after_messages: number | null;
  on_handoff: boolean;
  on_no_credits: boolean;
}

export interface PanelConfig {
  id: string;
  name: string;
  welcome_message: string;
  placeholder: string;
  accent_color: string;
  header_icon: string | null;
  font_size: "sm" | "md" | "lg";
  header_size: "sm" | "md" | "lg";
  sources_label: string;
  enable_sources: boolean;
  hide_powered_by: boolean;
  /** `lead_form` opens the lead form; `handoff` sends its prompt, then asks for a person (docs/decisions/075-suggested-message-actions.md). */
  suggested_messages: { id: string; type: "message" | "link" | "lead_form" | "handoff" | "http"; name: string; prompt: string; url: string | null }[];
  lead_form: PanelLeadForm;
}

/**
 * Why a chatbot's page cannot chat: `unknown` (no such chatbot, or deleted: nothing of it is shown),
 * `unavailable` (switched off by its owner), `paused` (its workspace is paused), `suspended`, `interrupted`
 * (the service cannot read the chatbot for a moment: the database is away).
 * Running out of credits is learnt from the first answer (402): the panel then says so itself.
 */
export type DeadEnd = "unknown" | "unavailable" | "paused" | "suspended" | "interrupted";

/** The look of a chatbot that cannot chat: only what its page needs to speak as itself. */
export type PanelFace = Pick<PanelConfig, "name" | "accent_color" | "header_icon" | "font_size" | "header_size" | "hide_powered_by">;

export type PanelMode = "embed" | "page";

export type PanelData =
  | { mode: PanelMode; open: true; config: PanelConfig }
  | { mode: PanelMode; open: false; reason: DeadEnd; face: PanelFace | null; leads: PanelDeadEndLeads | null };

/** A paused or suspended chatbot that still takes leads (its form shows when it cannot answer): the dead end draws the form. */
export interface PanelDeadEndLeads {
  chatbot_id: string;
  lead_form: PanelLeadForm;
}
