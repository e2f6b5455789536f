import type { VisitorStreamEvents, WidgetConfig } from "@/shared/widget-wire";
import { postConversation, postLead, postQuietly, requestPerson, sendChat } from "./chat-client";
import { forgetConversation, loadConversation, saveConversation, type StoredConversation } from "./conversation-store";
import { canSend, initialState, keepsConversation, leadDue, leadOnUnattended, reduce, type PanelEvent, type PanelState } from "./state";
import { chatView, type ChatActions, type ChatView } from "./views/chat";

let counter = 0;
const newKey = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;

interface Store {
  readonly state: PanelState;
  dispatch(event: PanelEvent): void;
}

/**
 * The chat, running: one state, changed only by `dispatch(event)` (state.ts `reduce`). After each change the
 * conversation is saved, the view draws the state, the live stream follows the conversation, and the lead
 * form offers itself when due.
 */
export function mountChat(config: WidgetConfig, embed: boolean): { root: HTMLElement; input: HTMLTextAreaElement } {
  let state = initialState(config, loadConversation(config.id), navigator.onLine);
  const store: Store = {
    get state() {
      return state;
    },
    dispatch(event) {
      const previous = state;
      state = reduce(previous, event);
      if (state === previous) return;
      if (state.conversation !== previous.conversation && keepsConversation(event)) saveConversation(config.id, state.conversation);
      refresh();
    },
  };
  const actions = chatActions(config, embed, store, () => view);
  const view = chatView(config, embed, actions);
  const follow = liveStream(config.id, {
    message: (m) => store.dispatch({ type: "personWrote", id: m.id, content: m.content, author: m.author ?? null, key: newKey() }),
    status: ({ status, by }) => store.dispatch({ type: "statusHeard", status, by: by ?? null, key: newKey() }),
    // Nobody from the team around while the visitor waits (told at any time during the wait): the lead form offers itself.
    availability({ agents_available }) {
      store.dispatch({ type: "availabilityHeard", agentsAvailable: agents_available, key: newKey() });
      if (leadOnUnattended(state)) actions.openLead();
    },
  });
  function refresh() {
    view.render(state);
    follow(state.conversation);
    if (!leadDue(state)) return;
    store.dispatch({ type: "leadOffered" });
    window.setTimeout(actions.openLead, 0);
  }
  const connectivity = () => store.dispatch({ type: "connectivity", online: navigator.onLine });
  window.addEventListener("online", connectivity);
  window.addEventListener("offline", connectivity);
  refresh();
  return { root: view.root, input: view.input };
}

/** What the visitor's actions cause: a call to the public widget API, whose outcome comes back as an event; focus where it belongs. */
function chatActions(config: WidgetConfig, embed: boolean, store: Store, view: () => ChatView): ChatActions {
  const { dispatch } = store;
  /** The answer on its way, if any: the conversation's id and token arrive with its end. */
  let answering: Promise<unknown> | null = null;

  /** `suggestionId`: a pressed `http` button, whose action the engine calls for this turn. */
  async function send(text: string, suggestionId?: string) {
    const content = text.trim();
    if (!content || store.state.streaming) return;
    const userKey = newKey();
    const answerKey = newKey();
    dispatch({ type: "sent", content, userKey, answerKey });
    const { conversation_id, visitor_token } = store.state.conversation;
    const body = { message: content, conversation_id, visitor_token, source: embed ? ("widget" as const) : ("share" as const), suggestion_id: suggestionId };
    const request = sendChat(config.id, body, (delta) => dispatch({ type: "delta", answerKey, text: delta }));
    answering = request;
    const outcome = await request;
    if (answering === request) answering = null;
    dispatch({ type: "settled", outcome, userKey, answerKey });
  }

  /** The visitor asks for a person; if nobody is around, a notice says so and the lead form is offered. */
  async function askForPerson() {
    const { conversation_id, visitor_token } = store.state.conversation;
    if (!conversation_id || !visitor_token) return;
    try {
      const answer = await requestPerson(config.id, conversation_id, visitor_token);
      dispatch({ type: "personAsked", status: answer.status, agentsAvailable: answer.agents_available, backAt: answer.back_at ?? null, key: newKey() });
      if (!answer.agents_available && config.lead_form.on_handoff) openLead();
    } catch {
      dispatch({ type: "personUnreachable" });
    }
  }

  /** "That answered my question": the conversation is resolved, and the rating asks for itself. */
  async function resolve() {
    const { conversation_id, visitor_token } = store.state.conversation;
    if (!conversation_id || !visitor_token) return;
    try {
      await postConversation(config.id, conversation_id, "resolve", { visitor_token });
      dispatch({ type: "statusHeard", status: "resolved", key: newKey() });
      window.setTimeout(() => view().root.querySelector<HTMLElement>("[data-score]")?.focus(), 0);
    } catch {
      dispatch({ type: "personUnreachable" });
    }
  }

  async function rateConversation(score: number, comment: string) {
    const { conversation_id, visitor_token } = store.state.conversation;
    if (!conversation_id || !visitor_token) return;
    try {
      await postConversation(config.id, conversation_id, "rating", { visitor_token, score, comment: comment.trim() || null });
      dispatch({ type: "ratingSent", score, key: newKey() });
      view().focusInput();
    } catch {
      dispatch({ type: "ratingFailed" });
    }
  }

  function openLead() {
    if (store.state.leadOpen) return;
    dispatch({ type: "leadOpened" });
    view().focusLead();
  }

  function closeLead(focusInput = true) {
    dispatch({ type: "leadClosed" });
    if (focusInput) view().focusInput();
  }

  return {
    canSend: (text) => canSend(store.state, text),
    send: (text) => void send(text),
    askForPerson: () => void askForPerson(),
    resolve: () => void resolve(),
    rateConversation: (score, comment) => void rateConversation(score, comment),
    openLead,
    retry(key) {
      const failed = store.state.conversation.messages.find((m) => m.key === key);
      if (!failed) return;
      dispatch({ type: "retried", key });
      void send(failed.content);
    },
    rate(key, value) {
      const id = store.state.conversation.messages.find((m) => m.key === key)?.id;
      if (!id) return;
      dispatch({ type: "rated", key, value });
      postQuietly(config.id, "feedback", { message_id: id, value });
    },
    linkClicked: (url, messageId) => postQuietly(config.id, "link-clicks", { url, message_id: messageId, visitor_token: store.state.conversation.visitor_token }),
    /** A suggested message's button (record 075). */
    chip(s) {
      if (s.type === "lead_form") openLead();
      else if (s.type === "handoff") void send(s.prompt).then(askForPerson);
      else if (s.type === "http") void send(s.prompt, s.id);
      else void send(s.prompt);
    },
    restart() {
      forgetConversation(config.id);
      dispatch({ type: "restarted" });
      view().input.focus();
    },
    lead: {
      async submit(fields) {
        // Details left while the first answer is still coming belong to the conversation that answer starts.
        if (answering) await answering.catch(() => null);
        const { conversation_id, visitor_token } = store.state.conversation;
        const sent = await postLead(config.id, { fields, conversation_id, visitor_token });
        if (!sent.ok) return sent.errors;
        dispatch({ type: "leadSent", thanks: sent.thanks, visitorToken: sent.visitor_token, key: newKey() });
        closeLead(false);
        return null;
      },
      close: () => closeLead(),
    },
  };
}

type LiveHandlers = { [K in keyof VisitorStreamEvents]: (data: VisitorStreamEvents[K]) => void };

/**
 * The conversation's live stream (record 056): a person's replies and the status, from whichever app process
 * serves it. `follow(conversation)` opens it once the conversation has an id and a token, and anew when they
 * change; it names the last message the panel has, so it gets only what the panel missed.
 */
function liveStream(chatbotId: string, handlers: LiveHandlers): (conversation: StoredConversation) => void {
  let live: EventSource | null = null;
  let liveFor = "";
  return (conversation) => {
    const { conversation_id: id, visitor_token: token } = conversation;
    const wanted = id && token ? `${id}:${token}` : "";
    if (wanted === liveFor) return;
    live?.close();
    live = null;
    liveFor = wanted;
    if (!id || !token) return;
    const lastId = [...conversation.messages].reverse().find((m) => m.id)?.id;
    const query = new URLSearchParams({ visitor_token: token, ...(lastId ? { last_event_id: lastId } : {}) });
    live = new EventSource(`/api/widget/${chatbotId}/conversations/${id}/stream?${query}`);
    for (const name of ["message", "status", "availability"] as const) {
      live.addEventListener(name, (event) => (handlers[name] as (data: unknown) => void)(JSON.parse((event as MessageEvent<string>).data)));
    }
  };
}
