import type { StoredMessage } from "../conversation-store";
import { h } from "../dom";
import type { PanelState } from "../state";
import { fill, STRINGS } from "../strings";

/**
 * The two modes of a conversation handed to a person (record 058): waiting for one, and a person in it. Each
 * says so in the status bar above the conversation; a person's messages are signed as theirs.
 */
const statusBar = (text: string) => h("p", { role: "status", class: "bar info", "data-testid": "widget-handoff-status" }, text);

/** Waiting: a person was asked to join — or nobody from the team is around, and the visitor may leave their details. */
export function waitingView(s: PanelState): HTMLElement | null {
  if (s.status !== "waiting") return null;
  if (s.agentsAvailable !== false) return statusBar(STRINGS.personAsked);
  // Outside business hours (record 122): when the team is back.
  return statusBar(s.backAt ? fill(STRINGS.outsideHoursNotice, { back: s.backAt }) : STRINGS.nobodyAround);
}

/** A person from the team has the conversation. */
export function personView(s: PanelState): HTMLElement | null {
  return s.status === "human" ? statusBar(STRINGS.withPerson) : null;
}

/** A person's message, its text already linked. */
export function personMessageView(m: StoredMessage, text: (Node | string)[]): HTMLElement {
  return h(
    "li",
    { class: "from-bot", "data-message-id": m.id, "data-testid": "widget-agent-message" },
    h("span", { class: "who" }, m.author ?? STRINGS.teamMember),
    h("div", { class: "bubble agent" }, h("span", { class: "sr-only" }, m.author ? `${m.author}: ` : STRINGS.teamMemberSays), ...text),
  );
}
