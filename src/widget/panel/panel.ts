/**
 * The visitor's chat panel (issue 27): the widget's iframe (`embed`: a dialog the loader shows and hides)
 * and the share page (`page`: full screen), in plain DOM — no framework, bundled by esbuild at build time
 * (src/widget/build.ts) and served by a route as static HTML plus this script (src/widget/panel/page.ts).
 * It talks to the public widget API (transport/widget-api.ts) like the loader: the chat streams one answer
 * into one bubble, sources are links, feedback and link clicks are counted, the lead form and the handoff
 * (a person's replies over the live stream, the status) work as before, and the conversation is kept in the
 * panel's own storage across reloads. A screen reader hears each finished answer once (a polite live
 * region); focus stays in the dialog; Esc closes it.
 */
import { spokenText, linkify } from "@/shared/linkify";
import { textOnAccent } from "@/shared/text-on-accent";
import { isWidgetMessage, PROTOCOL_SOURCE } from "../protocol";
import { postQuietly, sendChat } from "./chat-client";
import { forgetConversation, loadConversation, saveConversation, type StoredConversation, type StoredMessage } from "./conversation-store";
import { deadEndText } from "./dead-ends";
import { h, icon, patch, swap } from "./dom";
import { leadFormView, postLead, type LeadErrors } from "./lead-form";
import type { PanelConfig, PanelData, PanelFace } from "./types";

type Status = "bot" | "waiting" | "human" | "resolved";

const CLOSE = "M18 6 6 18M6 6l12 12";
const SEND = "M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z";
const THUMB =
  "M7 10v12M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z";
const FOCUSABLE = 'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

let counter = 0;
const newKey = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;
const post = (type: "ready" | "close") => window.parent.postMessage({ source: PROTOCOL_SOURCE, type }, "*");

function readData(): PanelData {
  return JSON.parse(document.getElementById("acp-data")!.textContent!) as PanelData;
}

/** The frame every state shares: the dialog (or the page's main), its header in the chatbot's colours. */
function shell(face: PanelFace | null, embed: boolean, actions: HTMLElement) {
  const accent = face?.accent_color ?? "#374151";
  const root = h("div", { class: `panel fs-${face?.font_size ?? "md"}${embed ? "" : " page"}`, role: embed ? "dialog" : "main", "aria-modal": embed ? "true" : null, "aria-labelledby": "acp-title" });
  root.style.setProperty("--accent", accent);
  root.style.setProperty("--on-accent", textOnAccent(accent));
  const header = h(
    "header",
    { class: `head hs-${face?.header_size ?? "md"}` },
    face?.header_icon ? h("img", { src: face.header_icon, alt: "", class: "avatar" }) : null,
    h("h1", { id: "acp-title" }, face?.name ?? "Chat"),
    actions,
    embed ? h("button", { type: "button", class: "icon-btn", "aria-label": "Close chat", "data-f": "close", onclick: () => post("close") }, icon(CLOSE)) : null,
  );
  root.append(header);
  // A dialog keeps focus inside itself; Esc asks the host page to close it.
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && embed && !event.defaultPrevented) {
      event.preventDefault();
      post("close");
      return;
    }
    if (event.key !== "Tab") return;
    const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  return root;
}

function footer(face: PanelFace | null, ...items: (HTMLElement | null)[]) {
  return h("footer", { class: "foot" }, h("span", { class: "foot-actions" }, ...items), face && !face.hide_powered_by ? h("span", {}, "Powered by Agency Chatbot Platform") : null);
}

/**
 * A chatbot that cannot chat: its page says why in its own voice and, when a paused or suspended chatbot
 * still takes leads (docs/decisions/078-a-light-visitor-panel.md), offers its lead form — nothing else.
 */
function deadEnd(data: Extract<PanelData, { open: false }>): HTMLElement {
  const embed = data.mode === "embed";
  const root = shell(data.face, embed, h("span"));
  const leads = data.leads;
  const text = deadEndText(data.reason, data.face?.name ?? null, leads !== null);
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
        said.textContent = deadEndText(data.reason, data.face?.name ?? null, false).body;
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
  root.append(body, leadSlot, announcer, footer(data.face));
  return root;
}

const WAITING_NOTICE = "We\u2019ve asked a person from the team to join. You can keep writing here.";
const UNATTENDED_NOTICE = "No one from the team is available right now. Leave your details and we\u2019ll get back to you.";

function chat(config: PanelConfig, embed: boolean): { root: HTMLElement; input: HTMLTextAreaElement } {
  const source = embed ? "widget" : "share";
  let conversation: StoredConversation = loadConversation(config.id);
  let streaming = false;
  let error: string | null = null;
  let status: Status = "bot";
  /** While waiting for a person: whether anyone from the team is around (null: not known yet), from the live stream. */
  let agentsAvailable: boolean | null = null;
  /** The last refusal's status (402: no credits; 423: unavailable): the panel's honest dead end. */
  let refusal: number | null = null;
  let leadOpen = false;
  let leadOffered = false;
  let live: EventSource | null = null;
  let liveFor = "";

  const actions = h("span", { class: "head-actions" });
  const root = shell(config, embed, actions);
  const statusBar = h("div");
  const list = h("ol", { class: "msgs" });
  const log = h("div", { class: "log", role: "log", "aria-live": "off", "aria-label": "Conversation" }, list);
  // The finished answer, said once; the log itself stays quiet while text streams in.
  const announcer = h("div", { class: "sr-only", "aria-live": "polite" });
  const suggestions = h("div");
  const errorSlot = h("div");
  const leadSlot = h("div");
  const closedSlot = h("div");
  const footActions = h("span", { class: "foot-actions" });
  const foot = h("footer", { class: "foot" }, footActions, config.hide_powered_by ? null : h("span", {}, "Powered by Agency Chatbot Platform"));

  const input = h("textarea", { id: "acp-message", rows: 1, maxlength: 4000, placeholder: config.placeholder, "data-f": "input" });
  const sendButton = h("button", { type: "submit", class: "send", "aria-label": "Send message", disabled: true }, icon(SEND));
  const composer = h("form", { class: "composer" }, h("label", { for: "acp-message", class: "sr-only" }, "Message"), input, sendButton);
  const syncSend = () => (sendButton.disabled = streaming || !input.value.trim());
  input.addEventListener("input", () => {
    syncSend();
    // The box grows with its text up to its max height (CSS), then scrolls.
    input.style.height = "auto";
    input.style.height = `${input.scrollHeight}px`;
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });
  composer.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  const submit = () => {
    if (streaming || !input.value.trim()) return;
    const text = input.value;
    input.value = "";
    input.style.height = "";
    void send(text);
  };

  const welcome = h("li", {}, h("p", { class: "bubble bot" }, config.welcome_message));
  list.append(welcome);
  root.append(statusBar, log, announcer, suggestions, errorSlot, closedSlot, leadSlot, composer, foot);

  const announce = (text: string) => {
    // A change of text is what a live region reads: clear first so the same words twice are read twice.
    announcer.textContent = "";
    window.setTimeout(() => (announcer.textContent = text), 50);
  };

  const persist = () => saveConversation(config.id, conversation);
  const setMessages = (messages: StoredMessage[], keep = false) => {
    conversation = { ...conversation, messages };
    if (keep) persist();
  };
  /** A notice in the conversation, unless it is the last notice already (a reconnecting stream repeats its first frames). */
  const notify = (content: string) => {
    const lastNotice = [...conversation.messages].reverse().find((m) => m.role === "notice");
    if (lastNotice?.content !== content) setMessages([...conversation.messages, { key: newKey(), role: "notice", content }], true);
    announce(content);
  };
  /** Who answers, as last heard, kept with the conversation: a change to `waiting` is told once, not again on a reload. */
  const heard = (next: Status) => {
    status = next;
    if (next !== "waiting") agentsAvailable = null;
    if (conversation.status !== next) {
      conversation = { ...conversation, status: next };
      persist();
    }
  };
  const patchMessage = (key: string, change: Partial<StoredMessage> | null, keep = false) =>
    setMessages(change === null ? conversation.messages.filter((m) => m.key !== key) : conversation.messages.map((m) => (m.key === key ? { ...m, ...change } : m)), keep);

  // ---- drawing -------------------------------------------------------------------------------------

  const drawn = new Map<string, { li: HTMLElement; sig: string }>();

  function linked(text: string, messageId?: string): (Node | string)[] {
    return linkify(text).map((piece) => (piece.kind === "text" ? piece.text : externalLink(piece.url, piece.text, messageId)));
  }

  function externalLink(url: string, text: string, messageId?: string, cls = "") {
    const report = () => linkClicked(url, messageId);
    return h("a", { href: url, target: "_blank", rel: "noopener", class: `link ${cls}`, onclick: report, onauxclick: report }, text);
  }

  function messageView(m: StoredMessage, isStreaming: boolean): HTMLElement {
    if (m.role === "user") {
      return h(
        "li",
        { class: "from-user" },
        h("p", { class: "bubble user" }, h("span", { class: "sr-only" }, "You: "), m.content),
        m.failed ? h("p", { class: "failed" }, "Not sent. ", h("button", { type: "button", class: "text-btn", "data-f": `retry-${m.key}`, onclick: () => retry(m.key) }, "Retry")) : null,
      );
    }
    if (m.role === "notice") return h("li", {}, h("p", { class: "notice" }, m.content));
    if (m.role === "agent") {
      return h(
        "li",
        { class: "from-bot", "data-message-id": m.id, "data-testid": "widget-agent-message" },
        h("span", { class: "who" }, "Team member"),
        h("div", { class: "bubble agent" }, h("span", { class: "sr-only" }, "Team member: "), ...linked(m.content, m.id)),
      );
    }
    const typing = isStreaming && m.content === "";
    const sources = config.enable_sources && m.sources && m.sources.length > 0 ? m.sources : null;
    const thumb = (up: boolean) => {
      const value = up ? "positive" : "negative";
      const pressed = m.feedback === value;
      return h(
        "button",
        { type: "button", class: `icon-btn thumb${up ? "" : " down"}`, "aria-label": up ? "Helpful" : "Not helpful", "aria-pressed": String(pressed), "data-f": `${value}-${m.key}`, onclick: () => rate(m.key, value) },
        icon(THUMB, 16, pressed ? "currentColor" : "none"),
      );
    };
    return h(
      "li",
      { class: "from-bot", "data-message-id": m.id },
      h(
        "div",
        { class: "bubble bot" },
        h("span", { class: "sr-only" }, "Assistant: "),
        typing ? h("span", { class: "typing", role: "img", "aria-label": "Writing an answer" }, h("i"), h("i"), h("i")) : linked(m.content, m.id),
      ),
      sources
        ? h(
            "div",
            { class: "sources" },
            h("p", { "aria-hidden": "true" }, config.sources_label),
            h("ul", { "aria-label": config.sources_label }, ...sources.map((s) => h("li", {}, s.url ? externalLink(s.url, s.title || s.url, m.id) : s.title))),
          )
        : null,
      m.answered === false && !isStreaming
        ? h("button", { type: "button", class: "text-btn", "data-f": `offer-${m.key}`, onclick: () => openLead() }, "Leave your details and we\u2019ll get back to you")
        : null,
      m.id ? h("div", { class: "thumbs", role: "group", "aria-label": "Rate this answer" }, thumb(true), thumb(false)) : null,
    );
  }

  function drawMessages() {
    const messages = conversation.messages;
    const last = messages[messages.length - 1];
    const keys = new Set(messages.map((m) => m.key));
    for (const [key, { li }] of drawn) {
      if (keys.has(key)) continue;
      li.remove();
      drawn.delete(key);
    }
    let previous: Element = welcome;
    for (const m of messages) {
      const isStreaming = streaming && m === last;
      const sig = JSON.stringify([m, isStreaming]);
      const known = drawn.get(m.key);
      if (!known || known.sig !== sig) {
        const li = messageView(m, isStreaming);
        if (known) swap(known.li, li);
        drawn.set(m.key, { li, sig });
      }
      const li = drawn.get(m.key)!.li;
      if (previous.nextElementSibling !== li) previous.after(li);
      previous = li;
    }
    log.scrollTop = log.scrollHeight;
  }

  function draw() {
    const hasConversation = conversation.messages.length > 0;
    patch(
      actions,
      hasConversation ? h("button", { type: "button", class: "head-btn", "data-f": "restart", disabled: streaming, onclick: restart }, "New chat") : null,
    );
    const offline = navigator.onLine ? null : h("p", { role: "status", class: "bar warn" }, "You\u2019re offline. Messages can be retried once the connection is back.");
    const handoff =
      status === "waiting" || status === "human"
        ? h(
            "p",
            { role: "status", class: "bar info", "data-testid": "widget-handoff-status" },
            status === "human"
              ? "You\u2019re chatting with a person from the team."
              : agentsAvailable === false
                ? "No one from the team is available right now. You can leave your details."
                : "A person from the team has been asked to join. You can keep writing.",
          )
        : null;
    patch(statusBar, [offline, handoff]);
    drawMessages();
    patch(
      suggestions,
      !hasConversation && config.suggested_messages.length > 0
        ? h(
            "ul",
            { class: "chips", "aria-label": "Suggested questions" },
            ...config.suggested_messages.map((s, i) =>
              h(
                "li",
                {},
                s.type === "link" && s.url
                  ? h("a", { href: s.url, target: "_blank", rel: "noopener", class: "chip", onclick: () => linkClicked(s.url!) }, s.name)
                  : h("button", { type: "button", class: "chip", "data-f": `chip-${i}`, onclick: () => chip(s) }, s.name),
              ),
            ),
          )
        : null,
    );
    patch(errorSlot, error ? h("p", { role: "alert", class: "error" }, error) : null);
    // Out of credits or unavailable: the chatbot says so in its own voice; the composer gives way to it.
    const closed = refusal === 402 || refusal === 423;
    const wantsLeads = closed && config.lead_form.on_no_credits && !conversation.lead_sent;
    // Once the visitor has left their details, the chatbot no longer asks for them.
    const text = closed ? deadEndText("no-credits", config.name, wantsLeads) : null;
    patch(closedSlot, text ? h("div", { class: "dead-end inline", "data-testid": "panel-dead-end" }, h("h2", {}, text.title), h("p", {}, text.body)) : null);
    composer.hidden = closed;
    syncSend();
    input.disabled = false;
    patch(
      footActions,
      [
        leadOpen || (closed && !wantsLeads) ? null : h("button", { type: "button", class: "text-btn", "data-f": "lead", onclick: () => openLead() }, "Leave your details"),
        conversation.conversation_id && (status === "bot" || status === "resolved") && !closed
          ? h("button", { type: "button", class: "text-btn", "data-f": "person", disabled: streaming, onclick: () => void askForPerson() }, "Talk to a person")
          : null,
      ],
    );
    listen();
    offerLead();
  }

  // ---- the lead form -------------------------------------------------------------------------------

  function openLead() {
    if (leadOpen) return;
    leadOpen = true;
    const view = leadFormView(config.lead_form.fields, {
      submit: async (values) => {
        const errors = await submitLead(values);
        if (!errors) closeLead(false);
        return errors;
      },
      close: () => closeLead(),
    });
    patch(leadSlot, view.form);
    draw();
    view.focusFirst();
  }

  function closeLead(focusInput = true) {
    leadOpen = false;
    patch(leadSlot, null);
    draw();
    if (focusInput && !composer.hidden) input.focus();
  }

  /** The lead form offers itself once: after N messages, or when the chatbot cannot answer. */
  function offerLead() {
    if (leadOffered || streaming || leadOpen || conversation.lead_sent) return;
    const sent = conversation.messages.filter((m) => m.role === "user").length;
    const byCount = config.lead_form.after_messages !== null && sent >= config.lead_form.after_messages;
    const noCredits = config.lead_form.on_no_credits && (refusal === 402 || refusal === 423);
    if (!byCount && !noCredits) return;
    leadOffered = true;
    window.setTimeout(openLead, 0);
  }

  async function submitLead(fields: Record<string, string>): Promise<LeadErrors | null> {
    const { conversation_id, visitor_token } = conversation;
    const sent = await postLead(config.id, { fields, conversation_id, visitor_token });
    if (!sent.ok) return sent.errors;
    conversation = { ...conversation, lead_sent: true, visitor_token: conversation.visitor_token ?? sent.visitor_token };
    setMessages([...conversation.messages, { key: newKey(), role: "notice", content: sent.thanks }], true);
    announce(sent.thanks);
    return null;
  }

  // ---- the conversation ----------------------------------------------------------------------------

  /** The conversation's live stream: a person's replies and the status, from whichever app process serves it. */
  function listen() {
    const { conversation_id: id, visitor_token: token } = conversation;
    const wanted = id && token ? `${id}:${token}` : "";
    if (wanted === liveFor) return;
    live?.close();
    live = null;
    liveFor = wanted;
    if (!id || !token) return;
    const lastId = [...conversation.messages].reverse().find((m) => m.id)?.id;
    const query = new URLSearchParams({ visitor_token: token, ...(lastId ? { last_event_id: lastId } : {}) });
    live = new EventSource(`/api/widget/${config.id}/conversations/${id}/stream?${query}`);
    live.addEventListener("message", (event) => {
      const m = JSON.parse((event as MessageEvent<string>).data) as { id: string; content: string };
      if (conversation.messages.some((known) => known.id === m.id)) return;
      setMessages([...conversation.messages, { key: newKey(), id: m.id, role: "agent", content: m.content }], true);
      announce(spokenText(m.content));
      draw();
    });
    live.addEventListener("status", (event) => {
      const next = (JSON.parse((event as MessageEvent<string>).data) as { status: Status }).status;
      // Asked for by the rules (a request recognised in a message, the unanswered threshold): the visitor is told.
      if (next === "waiting" && conversation.status !== "waiting") notify(WAITING_NOTICE);
      heard(next);
      draw();
    });
    // Nobody from the team around while the visitor waits (told at any time during the wait): the lead form offers itself.
    live.addEventListener("availability", (event) => {
      agentsAvailable = (JSON.parse((event as MessageEvent<string>).data) as { agents_available: boolean }).agents_available;
      if (!agentsAvailable) notify(UNATTENDED_NOTICE);
      draw();
      if (!agentsAvailable && status === "waiting" && config.lead_form.on_handoff && !conversation.lead_sent) openLead();
    });
  }

  /** `suggestionId`: a pressed `http` button, whose action the engine calls for this turn. */
  async function send(text: string, suggestionId?: string) {
    const content = text.trim();
    if (!content || streaming) return;
    error = null;
    streaming = true;
    const userKey = newKey();
    const answerKey = newKey();
    setMessages([...conversation.messages, { key: userKey, role: "user", content }, { key: answerKey, role: "assistant", content: "" }], true);
    draw();
    const { conversation_id, visitor_token } = conversation;
    const outcome = await sendChat(config.id, { message: content, conversation_id, visitor_token, source, suggestion_id: suggestionId }, (delta) => {
      patchMessage(answerKey, { content: (conversation.messages.find((m) => m.key === answerKey)?.content ?? "") + delta });
      drawMessages();
    });
    if (outcome.kind === "done") {
      const done = outcome.done;
      conversation = { ...conversation, conversation_id: done.conversation_id, visitor_token: done.visitor_token ?? conversation.visitor_token };
      if (done.handoff) {
        // A person has the conversation: the message is recorded, the reply comes over the live stream.
        if (done.status) heard(done.status);
        setMessages(conversation.messages.filter((m) => m.key !== answerKey).map((m) => (m.key === userKey ? { ...m, id: done.message.id } : m)), true);
      } else {
        const { message } = done;
        patchMessage(answerKey, { id: message.id, content: message.content, sources: message.sources ?? [], answered: message.answered }, true);
        announce(spokenText(message.content));
      }
    } else if (outcome.kind === "refused") {
      refusal = outcome.status;
      if (outcome.status === 402 || outcome.status === 423) {
        // The chatbot's own words replace the generic refusal (the dead end, drawn by `draw`).
        patchMessage(answerKey, null, true);
        const text = deadEndText("no-credits", config.name, config.lead_form.on_no_credits);
        announce(`${text.title}. ${text.body}`);
      } else {
        patchMessage(answerKey, { role: "notice", content: outcome.message }, true);
        announce(outcome.message);
      }
    } else {
      patchMessage(answerKey, null);
      patchMessage(userKey, { failed: true }, true);
      error = outcome.message;
      announce(outcome.message);
    }
    streaming = false;
    draw();
  }

  function retry(key: string) {
    const failed = conversation.messages.find((m) => m.key === key);
    if (!failed) return;
    patchMessage(key, null, true);
    void send(failed.content);
  }

  function rate(key: string, value: "positive" | "negative") {
    const message = conversation.messages.find((m) => m.key === key);
    if (!message?.id) return;
    patchMessage(key, { feedback: value }, true);
    postQuietly(config.id, "feedback", { message_id: message.id, value });
    draw();
  }

  function linkClicked(url: string, messageId?: string) {
    postQuietly(config.id, "link-clicks", { url, message_id: messageId, visitor_token: conversation.visitor_token });
  }

  /** The visitor asks for a person; if nobody is around, a notice says so and the lead form is offered. */
  async function askForPerson() {
    const { conversation_id, visitor_token } = conversation;
    if (!conversation_id || !visitor_token) return;
    try {
      const res = await fetch(`/api/widget/${config.id}/conversations/${conversation_id}/handoff`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ visitor_token }) });
      if (!res.ok) throw new Error(String(res.status));
      const answer = (await res.json()) as { status: Status; agents_available: boolean };
      heard(answer.status);
      agentsAvailable = answer.agents_available;
      notify(answer.agents_available ? WAITING_NOTICE : UNATTENDED_NOTICE);
      draw();
      if (!answer.agents_available && config.lead_form.on_handoff) openLead();
    } catch {
      error = "Couldn't reach the team. Please try again.";
      draw();
    }
  }

  /** A suggested message's button (docs/decisions/075-suggested-message-actions.md). */
  function chip(s: PanelConfig["suggested_messages"][number]) {
    if (s.type === "lead_form") openLead();
    else if (s.type === "handoff") void send(s.prompt).then(askForPerson);
    else if (s.type === "http") void send(s.prompt, s.id);
    else void send(s.prompt);
  }

  function restart() {
    forgetConversation(config.id);
    conversation = { messages: [] };
    status = "bot";
    agentsAvailable = null;
    error = null;
    refusal = null;
    leadOffered = false;
    draw();
    input.focus();
  }

  window.addEventListener("online", draw);
  window.addEventListener("offline", draw);
  draw();
  return { root, input };
}

/**
 * On a phone the on-screen keyboard shrinks the visual viewport: the panel takes its height, so the message
 * box stays above the keyboard (the loader does the same for the iframe on the host page).
 */
function fitViewport(root: HTMLElement) {
  const vv = window.visualViewport;
  if (!vv) return;
  const fit = () => root.style.setProperty("--vh", `${vv.height}px`);
  vv.addEventListener("resize", fit);
  fit();
}

function start() {
  const data = readData();
  const embed = data.mode === "embed";
  const view = data.open ? chat(data.config, embed) : { root: deadEnd(data), input: null };
  document.body.append(view.root);
  fitViewport(view.root);
  const focus = () => (view.input ?? view.root.querySelector<HTMLElement>("[data-testid=panel-dead-end]"))?.focus();
  window.addEventListener("message", (event) => {
    if (event.source === window.parent && isWidgetMessage(event.data) && event.data.type === "open") focus();
  });
  if (embed) post("ready");
  else focus();
}

start();
